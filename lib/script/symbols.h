// ScriptSymbols: symbol lookup for cperf script — an adapter over lib/symbol (SymbolTable,
// ElfFile, the fix-up passes and the demangler) that loads what script needs lazily and caches
// it per dso:
//  - the kernel from a kallsyms file (--kallsyms; core kernel symbols, absolute addresses);
//  - user dsos from their ELF .symtab (else .dynsym), looked up under --symfs, with perf's
//    rules: functions and text labels, values rebased to file offsets through the program
//    headers of executables (perf's adjust_symbols), ends and duplicates fixed up. A recorded
//    build id that differs from the file's means no symbols, as in perf.
//  - the name perf 7.x prints as an "(inlined)" frame: perf asks its addr2line backend for the
//    function at an address; for symbols without debug info that is the first symtab entry at
//    that address, which can be an alias of the symbol perf itself chose.
//
// Not thread-safe. Symbols returned stay valid as long as the ScriptSymbols.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "machine/machine.h"
#include "symbol/demangle.h"
#include "symbol/symbol_table.h"

namespace cperf {

class ScriptSymbols {
 public:
  ScriptSymbols(std::string symfs, std::string kallsyms);

  struct DsoSymbols {
    bool loaded = false;
    SymbolTable table;
    // Start address (table space) -> the first symtab name at that start, when it differs
    // from the name perf keeps there.
    std::unordered_map<uint64_t, std::string> alias_first;
  };

  // Symbols of a dso (kernel dsos: the kallsyms core table), or nullptr if none could be read.
  const DsoSymbols* symbols_of(const Dso* dso);

 private:
  void load_kernel(DsoSymbols& out);
  void load_elf(const Dso& dso, DsoSymbols& out);

  std::string symfs_, kallsyms_;
  Demangler demangler_;
  std::unordered_map<const Dso*, std::unique_ptr<DsoSymbols>> cache_;
  std::unique_ptr<DsoSymbols> kernel_;
};

}  // namespace cperf
