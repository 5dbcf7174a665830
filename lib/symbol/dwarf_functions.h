// DwarfFunctions: the chain of DWARF functions holding an address in one ELF file (the file
// perf reads symbols from: a separate debug file, or the binary itself), for perf 7.2's inline
// frames. The chain is found as perf's libdw walk finds it: the DW_TAG_subprogram of the
// address's compile unit whose ranges hold the address, then, nested inside it (through
// lexical blocks), each DW_TAG_inlined_subroutine that holds it.
//
// Addresses are the file's own virtual addresses (objdump's). Opened lazily by the caller;
// a file without DWARF gives an object that finds nothing.
#pragma once
#include <elfutils/libdw.h>

#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

namespace cperf {

class DwarfFunctions {
 public:
  static std::unique_ptr<DwarfFunctions> open(const std::string& path);
  ~DwarfFunctions();
  DwarfFunctions(const DwarfFunctions&) = delete;
  DwarfFunctions& operator=(const DwarfFunctions&) = delete;

  // The file has a .debug_line section (perf's addr2line path needs one).
  bool has_line_info() const { return has_line_info_; }
  // The file is ET_DYN (a shared object or PIE).
  bool is_dyn() const { return is_dyn_; }
  // libdw found no DWARF in the file: every lookup finds nothing.
  bool empty() const { return dwarf_ == nullptr; }

  struct Function {
    std::string name;      // DW_AT_name, through abstract origins
    std::string linkage;   // DW_AT_linkage_name through abstract origins, "" if none
    std::string call_file; // an inlined subroutine's call site (DW_AT_call_file), full path
    int call_line = 0;     // ... and DW_AT_call_line; 0 for the subprogram
    // The call site's file as perf's libdw walk finds it: only for a function that (through
    // its abstract origin) has a DW_AT_decl_file, in the file table of the unit holding that
    // attribute; empty otherwise (a lambda's artificial operator() declares none).
    std::string decl_unit_call_file;
    uint64_t die = 0;      // the DIE's offset: which function this is
    uint64_t low = 0;      // the start of its first range
    // binutils' addr2line trusts the name as the function's: a linkage name, or any name in
    // a language that does not mangle (C, Fortran 77, Ada, ...)
    bool linkage_named = false;
  };
  // Innermost first: the inlined subroutines holding vaddr, then their subprogram (last).
  // Empty when no subprogram of the file holds vaddr.
  std::vector<Function> chain(uint64_t vaddr) const;

  // The line table's entry for vaddr: its file (full path) and line. False when none.
  // binutils_files: name the file as binutils 2.40's addr2line does: in a DWARF 5 line table,
  // rows before a sequence's first DW_LNS_set_file belong to file entry 0 (the standard's
  // initial file register is 1).
  bool line(uint64_t vaddr, std::string& file, int& line, bool binutils_files = false) const;
  // A compile unit's ranges hold vaddr.
  bool has_unit(uint64_t vaddr) const;

 private:
  static bool in_initial_file(Dwarf_Die* cu, Dwarf_Line* row);

  // One compile unit's subprograms in libdw's walk order (dwarf_getfuncs), with their pc
  // ranges sorted by start: the first subprogram of the walk holding an address is found by
  // a binary search instead of a walk of the unit for every address.
  struct UnitFunctions {
    struct Range {
      uint64_t lo = 0, hi = 0;
      uint32_t order = 0;  // index in dies
    };
    std::vector<Dwarf_Die> dies;
    std::vector<Range> ranges;      // by lo
    std::vector<uint64_t> max_hi;   // max_hi[i]: the largest hi of ranges[0..i]
  };
  const UnitFunctions& unit_functions(Dwarf_Die* cu) const;
  // The walk's first subprogram of `cu` holding vaddr.
  bool find_subprogram(Dwarf_Die* cu, uint64_t vaddr, Dwarf_Die* out) const;
  mutable std::unordered_map<Dwarf_Off, UnitFunctions> units_;

  DwarfFunctions() = default;
  int fd_ = -1;
  Dwarf* dwarf_ = nullptr;
  bool has_line_info_ = false;
  bool is_dyn_ = false;
};

}  // namespace cperf
