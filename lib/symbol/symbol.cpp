#include "symbol/symbol.h"

#include <cinttypes>
#include <cstdio>

namespace cperf {

std::string symbol_with_offset(const Symbol* sym, uint64_t addr) {
  if (sym == nullptr) return "[unknown]";
  char off[24];
  std::snprintf(off, sizeof(off), "+0x%" PRIx64, addr - sym->start);
  return sym->name + off;
}

}  // namespace cperf
