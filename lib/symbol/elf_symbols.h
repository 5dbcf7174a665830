// Loading a user-space dso's symbols from ELF the way perf does (util/symbol-elf.c
// dso__load_sym and dso__synthesize_plt_symbols).
//
// Two files may take part, as in perf: `syms` has the symbol table (.symtab, or .dynsym
// when that is all there is; a separate debug file is fine) and `runtime` is the file that
// was mapped (its program headers place the symbols; its .plt gets synthetic entries). They
// are often the same file.
//
// Address space: every symbol address is st_value - (p_vaddr - p_offset) of the runtime
// PT_LOAD segment holding it (or of its section when no segment does), i.e. a file offset.
// A sample ip maps into that space with perf's map__map_ip: ip - map.start + map.pgoff. This
// is right for ET_EXEC, ET_DYN (PIE, shared libraries) and prelinked files alike.
//
// Kept symbols: STT_FUNC, STT_GNU_IFUNC and STT_OBJECT with a name and a section, plus
// STT_NOTYPE labels that are named, not hidden/internal and sit in a section whose name
// contains "text" or "data". SHN_ABS symbols and those in non-SHF_ALLOC sections are dropped.
// .symtab and .dynsym are both read (the second pass after the first), each pass followed by
// perf's end and duplicate fix-ups; PLT entries are added last, without fix-ups.
#pragma once
#include "symbol/demangle.h"
#include "symbol/elf_file.h"
#include "symbol/symbol_table.h"

namespace cperf {

// When names are demangled: at load, or only for the symbols a lookup returns (the caller
// then runs settle_name() on each symbol it hands out, see DsoSymbols::find()).
enum class NameDemangling { kAtLoad, kOnLookup };

// Never throws. A file without usable symbols gives an empty table. With kOnLookup, names
// that may be mangled stay raw (Symbol::name_pending) except where perf's duplicate rule
// compares them.
SymbolTable load_elf_symbols(const ElfFile& syms, const ElfFile& runtime, const Demangler& dem,
                             NameDemangling when = NameDemangling::kAtLoad);

// Demangles a symbol's pending name in place.
void settle_name(Symbol& s, const Demangler& dem);

// Adds perf's synthetic PLT symbols (".plt", "name@plt", "offset_0x...@plt") from `runtime`
// to the sorted `syms`. Returns how many "@plt" entries were added.
int synthesize_plt_symbols(const ElfFile& runtime, const Demangler& dem, std::vector<Symbol>& syms);

}  // namespace cperf
