// Addr2lineSymtab: the function name binutils' addr2line reports for an address that no DWARF
// covers, i.e. bfd's symbol-table fallback (elf_find_function / better_fit).
//
// Why it matters: perf script prints inline frames (symbol_conf.inline_name is on by
// default) by asking addr2line for the frames at each callchain address. With no debug info
// there, addr2line answers with this symbol-table name, which may be another alias than the
// one perf's own symbol table kept (e.g. "_Exit" vs "_exit", or an IFUNC resolver like
// "strchr_ifunc" vs the IFUNC "strchr"). perf then prints "<that name>+<offset from its own
// symbol's start> (inlined)" instead of "sym+off (dso)". When the names agree the frame is
// printed normally. Addresses that DWARF covers must be resolved from DWARF instead.
//
// The rule, per section holding the address: the candidates are the non-object, non-TLS,
// non-file symbols of that section (a zero size counts as 1; local hidden zero-sized NOTYPE
// symbols are skipped); the nearest start at or below the address wins; among symbols with
// that same start, in symbol-table order, a challenger replaces the current pick if the pick
// does not reach the address and the challenger is larger, or both reach it and the
// challenger is STT_FUNC where the pick is not, or is typed where the pick is NOTYPE, or is
// smaller. STT_GNU_IFUNC does not count as a function here. Stateless: the long-running
// addr2line process perf talks to also caches its last answer, which is not modelled.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "symbol/demangle.h"
#include "symbol/elf_file.h"

namespace cperf {

class Addr2lineSymtab {
 public:
  Addr2lineSymtab() = default;
  // Reads .symtab, or .dynsym when there is no .symtab (as addr2line does). Addresses are in
  // the same file-offset space as SymbolTable (see elf_symbols.h), placed with `runtime`'s
  // program headers. With a demangler, names are kept as it displays them: perf demangles
  // addr2line's answer before comparing it with its own (demangled) symbol name.
  static Addr2lineSymtab load(const ElfFile& syms, const ElfFile& runtime,
                              const Demangler* dem = nullptr);

  // The name addr2line would print for addr, or nullptr when it would print "??".
  const std::string* function_name(uint64_t addr) const;
  // That function's start (same address space), if there is one.
  std::optional<uint64_t> function_start(uint64_t addr) const;
  // The file addr2line names for addr when no line table covers it: the STT_FILE symbol
  // before the chosen function in the symbol table (for a global one, only when no STT_FILE
  // follows any other symbol before it). nullptr: none ("??").
  const std::string* file_name(uint64_t addr) const;

 private:
  struct Section {
    uint64_t start = 0, end = 0;  // file offsets
    uint32_t index = 0;
  };
  struct Candidate {
    uint32_t section = 0;
    uint64_t start = 0;
    uint64_t size = 0;  // at least 1
    uint8_t type = 0;
    bool function = false;
    std::string name;
    int file = -1;  // index in files_, -1: none
  };
  const Candidate* pick(uint64_t addr) const;
  std::vector<std::string> files_;
  std::vector<Section> sections_;      // sorted by start
  std::vector<Candidate> candidates_;  // sorted by (section, start), stable in symtab order
};

}  // namespace cperf
