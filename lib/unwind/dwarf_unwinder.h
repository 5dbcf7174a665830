// DwarfUnwinder: unwinds a sample's user stack copy (--call-graph dwarf) with libdw, the way
// upstream perf 7.2 as Debian builds it does (util/unwind-libdw.c; perf's libunwind backend is
// off there):
//  - the binaries are reported to libdw as they are met, from --symfs + the dso path (then the
//    build-id cache), at base map.start - map.pgoff; their .eh_frame / .debug_frame give the
//    rules, and libdw falls back to frame pointers where there are none;
//  - memory reads come from the stack copy ([SP, SP + valid size)), else from the file of the
//    dso mapped at the address (text and rodata);
//  - a frame's pc is the return address minus one (libdw's "not an activation"), the first one
//    the sampled IP itself;
//  - a frame whose address has a map with a dso but no file libdw can read ends the walk without
//    being reported; an address without a map is reported (as unresolved) and ends it.
// libdw state (one Dwfl per address space, reused while the maps behind its modules stay the
// same) is cached here. Not thread-safe.
// Most samples take a fast path (unwind/fast_unwind.cpp) that replays libdw's walk from cached
// CFI rows (unwind/cfi_rules.h) without libdw's per-frame work; a sample it cannot replay
// exactly goes through libdw as a whole. CPERF_UNWIND_CHECK=1 unwinds every sample both ways
// and reports differences (unwind/unwind_check.h).
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "base/byte_reader.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "symbol/symbol_options.h"
#include "unwind/cfi_rules.h"
#include "unwind/unwind_check.h"
#include "unwind/unwind_memory.h"
#include "unwind/unwound_frame.h"
#include "unwind/user_regs.h"

namespace cperf {

class DwarfUnwinder {
 public:
  explicit DwarfUnwinder(const SymbolOptions& opts);
  ~DwarfUnwinder();
  DwarfUnwinder(const DwarfUnwinder&) = delete;
  DwarfUnwinder& operator=(const DwarfUnwinder&) = delete;

  // Appends up to max_stack frames of thread t, innermost first. `regs` must be an x86_64
  // 64-bit ABI dump with IP and SP; `stack` is the valid part of the stack copy, which starts
  // at SP; `swap`: the stack words are in the other byte order. Hostile values only make the
  // walk end early.
  void unwind(const Thread& t, const RegsDump& regs, Bytes stack, bool swap, int max_stack,
              std::vector<UnwoundFrame>& out);

  struct AddressSpace;  // public for the libdw callbacks in the .cpp
  struct Walk;
  struct ModuleInfo;

  // Internal, for the libdw callbacks.
  bool report_module(Walk& w, uint64_t ip, const Map** map_out);
  bool read_word(Walk& w, uint64_t addr, uint64_t& value);
  const std::string* debuginfo_of(const Dso* dso);

 private:
  AddressSpace& address_space(const Thread& t);
  // libdw's walk (perf's unwind__get_entries with libdw): the reference.
  void unwind_with_libdw(Walk& w, int max_stack, std::vector<UnwoundFrame>& out);
  // The same walk from cached CFI rows; false (out unchanged) when the sample needs libdw.
  bool unwind_fast(Walk& w, const X86DwarfRegs& start, int max_stack,
                   std::vector<UnwoundFrame>& out);
  // What report_module gives for the addresses of `map`, cached per address space; nullptr
  // when the fast path cannot tell.
  const ModuleInfo* module_info(Walk& w, const Map& map, uint64_t ip);
  CfiRules& cfi_rules_of(const Dso* dso);

  UnwindMemory memory_;
  std::unordered_map<const MapSet*, std::unique_ptr<AddressSpace>> spaces_;
  std::unordered_map<const Dso*, std::string> debuginfo_;
  std::unordered_map<const Dso*, std::unique_ptr<CfiRules>> cfi_rules_;
  std::unique_ptr<UnwindCheck> check_;  // CPERF_UNWIND_CHECK=1 only
  std::vector<UnwoundFrame> check_frames_;
};

}  // namespace cperf
