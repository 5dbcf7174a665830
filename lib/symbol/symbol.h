// Symbol: one named address range of a dso, as perf keeps it (struct symbol in util/symbol.h).
//
// Addresses are in the dso's own address space: for ELF files that is perf's "map_ip" space
// (file offsets for user dsos, see elf_symbols.h); for kallsyms it is the absolute kernel
// address. The range is [start, end); a symbol with start == end covers exactly `start`
// (perf's symbols__find treats it that way), which only happens when nothing could size it.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

// ELF st_info values perf's rules look at. Spelled out here so callers need not include
// <elf.h>; the values are the ELF ABI's.
inline constexpr uint8_t kStbLocal = 0;
inline constexpr uint8_t kStbGlobal = 1;
inline constexpr uint8_t kStbWeak = 2;
inline constexpr uint8_t kSttNotype = 0;
inline constexpr uint8_t kSttObject = 1;
inline constexpr uint8_t kSttFunc = 2;
inline constexpr uint8_t kSttGnuIfunc = 10;

struct Symbol {
  uint64_t start = 0;
  uint64_t end = 0;
  std::string name;
  uint8_t binding = kStbGlobal;  // STB_*
  uint8_t type = kSttFunc;       // STT_*
  // Set when an STT_GNU_IFUNC symbol at the same address was dropped in favour of this one.
  bool ifunc_alias = false;
  // `name` is still the raw ELF name, to be demangled when the symbol is first looked up
  // (see settle_name(); most of a big C++ dso's symbols are never hit).
  bool name_pending = false;

  bool contains(uint64_t addr) const {
    return addr >= start && (addr < end || (addr == start && start == end));
  }
};

// perf's "sym+0xoff" (symbol__fprintf_symname_offs with an address): the offset of
// `addr` (same address space as the symbol) from the symbol start; "[unknown]" for no symbol.
std::string symbol_with_offset(const Symbol* sym, uint64_t addr);

}  // namespace cperf
