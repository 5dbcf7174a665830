// SymbolTable: the symbols of one dso (or of the kernel), sorted by start address, with
// perf's end and duplicate fix-ups already applied. Immutable once built; find() allocates
// nothing, so it is safe to call from many threads at once.
#pragma once
#include <cstdint>
#include <vector>

#include "symbol/symbol.h"

namespace cperf {

class SymbolTable {
 public:
  SymbolTable() = default;

  // Sorts `syms`, fixes up zero-sized ends and drops duplicates, in perf's order (ends first,
  // so a zero-sized alias of a sized symbol stays zero-sized and loses). is_kallsyms selects
  // the module-boundary rule of fixup_symbol_ends().
  static SymbolTable build(std::vector<Symbol> syms, bool is_kallsyms);

  // Adopts a vector that is already sorted by start and fixed up (the ELF loader runs the
  // passes itself because perf runs them twice and inserts PLT entries afterwards); one that
  // a hostile input left out of order is sorted first (the index needs the order).
  static SymbolTable from_sorted(std::vector<Symbol> syms);

  // The symbol holding addr, or nullptr. Like perf's symbols__find on a well-formed set: the
  // last symbol starting at or below addr, if its range covers addr.
  const Symbol* find(uint64_t addr) const;

  const std::vector<Symbol>& symbols() const { return syms_; }
  size_t size() const { return syms_.size(); }
  bool empty() const { return syms_.empty(); }

 private:
  explicit SymbolTable(std::vector<Symbol> syms);
  std::vector<Symbol> syms_;
  // The symbols' starts, apart: the binary search reads 8 bytes per step instead of a whole
  // Symbol, so a big dso's upper levels stay in cache.
  std::vector<uint64_t> starts_;
  // An index of the address range in equal buckets: bucket_first_[b] is the number of starts
  // below base_ + (b << shift_). find() then searches the few starts of one bucket, not the
  // whole table (whose lower levels are a cache miss each on a large dso). Empty: no index.
  uint64_t base_ = 0;
  unsigned shift_ = 0;
  std::vector<uint32_t> bucket_first_;
};

}  // namespace cperf
