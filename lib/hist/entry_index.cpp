#include "hist/entry_index.h"

namespace cperf {

void EntryIndex::insert(uint64_t hash, HistEntry* e) {
  if ((used_ + 1) * 4 > slots_.size() * 3) grow();
  size_t mask = slots_.size() - 1;
  size_t i = home(hash);
  while (slots_[i].entry) i = (i + 1) & mask;
  slots_[i] = Slot{hash, e};
  ++used_;
}

void EntryIndex::grow() {
  LargeArray<Slot> old = std::move(slots_);
  slots_ = LargeArray<Slot>(old.empty() ? 1024 : old.size() * 2);
  shift_ = 64 - __builtin_ctzll(slots_.size());
  size_t mask = slots_.size() - 1;
  for (const Slot& s : old) {
    if (!s.entry) continue;
    size_t i = home(s.hash);
    while (slots_[i].entry) i = (i + 1) & mask;
    slots_[i] = s;
  }
}

}  // namespace cperf
