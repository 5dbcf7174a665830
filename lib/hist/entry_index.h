// EntryIndex: a hash index of hist entries beside perf's input tree, so that a sample finds
// its entry in one probe instead of a descent with string compares.
//
// Why it gives the tree's answer: perf's entry compare is lexicographic over the sort keys.
// The keys before the symbol (filtered, comm, pid, dso) are a total order, so the entries
// equal on them (a "group") sit together in the tree. Within a group the symbol compare is a
// total order too, unless an inlined symbol (compared by name) or an address more than 2^62
// away from zero (perf takes differences modulo 2^64) is involved, or perf's map refresh has
// rewritten an entry's symbol after it was placed. While none of that has happened in a
// group, the tree search finds an equal entry exactly when one exists, which is what the
// index answers. Once it happens, the group is marked and its lookups go back to the tree.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/huge_pages.h"

namespace cperf {

struct HistEntry;

class EntryIndex {
 public:
  // The entry indexed under `hash` for which same(entry) holds; nullptr: none.
  template <typename Same>
  HistEntry* find(uint64_t hash, Same same) const {
    if (slots_.empty()) return nullptr;
    size_t mask = slots_.size() - 1;
    for (size_t i = home(hash); slots_[i].entry; i = (i + 1) & mask)
      if (slots_[i].hash == hash && same(*slots_[i].entry)) return slots_[i].entry;
    return nullptr;
  }
  void insert(uint64_t hash, HistEntry* e);

  bool group_marked(uint64_t group) const { return (marked_[bit(group) / 64] >> (bit(group) % 64)) & 1; }
  // From now on the group's lookups go to the tree (a shared bit only sends more there).
  void mark_group(uint64_t group) { marked_[bit(group) / 64] |= uint64_t{1} << (bit(group) % 64); }

 private:
  struct Slot {
    uint64_t hash = 0;
    HistEntry* entry = nullptr;
  };
  static constexpr size_t kGroupBits = size_t{1} << 18;
  static size_t bit(uint64_t group) { return (group * 0x9e3779b97f4a7c15ull) >> (64 - 18); }
  // A hash's first slot: its top bits. The hashes are products, whose low bits hardly vary
  // between aligned addresses (masking them made runs of dozens of probes).
  size_t home(uint64_t hash) const { return static_cast<size_t>(hash >> shift_); }
  void grow();

  LargeArray<Slot> slots_;
  size_t used_ = 0;
  int shift_ = 64;  // 64 - log2(slots_.size())
  std::vector<uint64_t> marked_ = std::vector<uint64_t>(kGroupBits / 64);
};

}  // namespace cperf
