#include "symbol/symbol_table.h"

#include <algorithm>
#include <cstdint>

#include "symbol/symbol_fixup.h"

namespace cperf {

SymbolTable::SymbolTable(std::vector<Symbol> syms) : syms_(std::move(syms)) {
  starts_.reserve(syms_.size());
  for (const Symbol& s : syms_) starts_.push_back(s.start);
  // Small tables are searched whole; tables past 2^32 symbols are not indexed.
  if (starts_.size() < 64 || starts_.size() >= UINT32_MAX) return;
  base_ = starts_.front();
  uint64_t range = starts_.back() - base_;
  // Buckets of at least 16 bytes, at most about two per symbol.
  shift_ = 4;
  while (shift_ < 63 && (range >> shift_) >= 2 * starts_.size()) ++shift_;
  size_t buckets = static_cast<size_t>(range >> shift_) + 1;
  bucket_first_.resize(buckets);
  size_t n = 0;
  for (size_t b = 0; b < buckets; ++b) {
    uint64_t bucket_start = base_ + (static_cast<uint64_t>(b) << shift_);  // <= starts_.back()
    // (bounded all the same: the constructor does not check that it was given sorted starts)
    while (n < starts_.size() && starts_[n] < bucket_start) ++n;
    bucket_first_[b] = static_cast<uint32_t>(n);
  }
}

SymbolTable SymbolTable::build(std::vector<Symbol> syms, bool is_kallsyms) {
  sort_symbols(syms);
  fixup_symbol_ends(syms, is_kallsyms);
  remove_duplicate_symbols(syms);
  return SymbolTable(std::move(syms));
}

SymbolTable SymbolTable::from_sorted(std::vector<Symbol> syms) {
  // Sorted, unless a hostile input made it otherwise (kallsyms relocated past 2^64 wraps).
  if (!std::is_sorted(syms.begin(), syms.end(), [](const Symbol& a, const Symbol& b) { return a.start < b.start; }))
    sort_symbols(syms);
  return SymbolTable(std::move(syms));
}

const Symbol* SymbolTable::find(uint64_t addr) const {
  auto lo = starts_.begin(), hi = starts_.end();
  if (!bucket_first_.empty()) {
    if (addr < base_) return nullptr;
    uint64_t b = (addr - base_) >> shift_;
    // Every start before the bucket's first is below addr; every one from the next bucket's
    // first on is above it.
    if (b < bucket_first_.size()) {
      lo = starts_.begin() + bucket_first_[b];
      if (b + 1 < bucket_first_.size()) hi = starts_.begin() + bucket_first_[b + 1];
    } else {
      lo = starts_.begin() + bucket_first_.back();
    }
  }
  size_t n = static_cast<size_t>(std::upper_bound(lo, hi, addr) - starts_.begin());
  if (n == 0) return nullptr;
  const Symbol& s = syms_[n - 1];
  return s.contains(addr) ? &s : nullptr;
}

}  // namespace cperf
