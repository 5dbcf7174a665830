// KernelMapFinder: finds the kernel map of an address the way perf does once kernel symbols are
// loaded — the core kernel map then covers [first symbol, last symbol end), which can reach past
// the map the recording announced (e.g. start_kernel in .init.text).
#pragma once
#include <cstdint>

#include "machine/machine.h"
#include "script/symbols.h"

namespace cperf {

class KernelMapFinder {
 public:
  // Both must outlive the finder.
  KernelMapFinder(const Machine& machine, ScriptSymbols& symbols)
      : machine_(machine), symbols_(symbols) {}

  const Map* find(uint64_t ip);
  // Kernel symbols were looked at (from then on the core map may cover more than recorded).
  bool loaded() const { return loaded_; }

 private:
  const Machine& machine_;
  ScriptSymbols& symbols_;
  bool loaded_ = false;
  uint64_t map_start_ = 0, sym_start_ = 0, sym_end_ = 0;
};

}  // namespace cperf
