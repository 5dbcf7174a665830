#include "symbol/symbol_table.h"

#include <algorithm>

#include "symbol/symbol_fixup.h"

namespace cperf {

SymbolTable::SymbolTable(std::vector<Symbol> syms) : syms_(std::move(syms)) {
  starts_.reserve(syms_.size());
  for (const Symbol& s : syms_) starts_.push_back(s.start);
}

SymbolTable SymbolTable::build(std::vector<Symbol> syms, bool is_kallsyms) {
  sort_symbols(syms);
  fixup_symbol_ends(syms, is_kallsyms);
  remove_duplicate_symbols(syms);
  return SymbolTable(std::move(syms));
}

SymbolTable SymbolTable::from_sorted(std::vector<Symbol> syms) {
  return SymbolTable(std::move(syms));
}

const Symbol* SymbolTable::find(uint64_t addr) const {
  size_t n = static_cast<size_t>(std::upper_bound(starts_.begin(), starts_.end(), addr) - starts_.begin());
  if (n == 0) return nullptr;
  const Symbol& s = syms_[n - 1];
  return s.contains(addr) ? &s : nullptr;
}

}  // namespace cperf
