#include "symbol/symbol_table.h"

#include <algorithm>

#include "symbol/symbol_fixup.h"

namespace cperf {

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
  auto it = std::upper_bound(syms_.begin(), syms_.end(), addr,
                             [](uint64_t a, const Symbol& s) { return a < s.start; });
  if (it == syms_.begin()) return nullptr;
  --it;
  return it->contains(addr) ? &*it : nullptr;
}

}  // namespace cperf
