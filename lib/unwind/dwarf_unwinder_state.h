// DwarfUnwinder's internal state, shared by its libdw walk (dwarf_unwinder.cpp) and its fast
// path (fast_unwind.cpp). Not part of the interface.
#pragma once
#include <elfutils/libdwfl.h>

#include <memory>
#include <unordered_map>
#include <utility>
#include <vector>

#include "unwind/dwarf_unwinder.h"

namespace cperf {

// What a module was reported for: it stays valid while the same map is still there.
struct ReportedModule {
  uint64_t map_start, pgoff;
  const Dso* dso;
};

// What report_module answers for the addresses of one map (the fast path's cache of it).
struct DwarfUnwinder::ModuleInfo {
  uint64_t map_start = 0, map_end = 0, map_pgoff = 0;  // the map it was made for
  const Dso* dso = nullptr;
  bool readable = false;  // false: no file to report, so report_module fails on the whole map
  uint64_t low = 0, high = 0;  // the module's addresses: report_module succeeds inside them
  uint64_t bias = 0;           // module address - CFI address
  Dwarf_CFI* cfi = nullptr;    // the module's .eh_frame (libdw tries it first), or nullptr
  CfiRules* rules = nullptr;
  bool made_for(const Map& m) const {
    return map_start == m.start && map_end == m.end && map_pgoff == m.pgoff && dso == m.dso;
  }
};

struct DwarfUnwinder::AddressSpace {
  Dwfl* dwfl = nullptr;
  bool attached = false;
  std::vector<ReportedModule> modules;
  Walk* walk = nullptr;  // the unwind in progress (libdw's callbacks reach it through here)
  // Keys are only compared, never followed: each entry checks it still fits its map.
  std::unordered_map<const Map*, ModuleInfo> module_infos;
  // Module userdata for find_debuginfo; freed after dwfl_end (members outlive the body).
  std::vector<std::unique_ptr<std::pair<DwarfUnwinder*, const Dso*>>> owned_userdata;
  ~AddressSpace() {
    if (dwfl) dwfl_end(dwfl);
  }
};

struct DwarfUnwinder::Walk {
  DwarfUnwinder* self;
  AddressSpace* space;
  const Thread* thread;
  const RegsDump* regs;
  Bytes stack;
  bool swap;
  int max_stack_left;
  std::vector<UnwoundFrame> entries;  // ip 0: a frame whose module could not be reported
  uint64_t sp = 0;                    // the stack copy's address
};

}  // namespace cperf
