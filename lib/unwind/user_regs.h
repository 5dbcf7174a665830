// User registers of a sample (PERF_SAMPLE_REGS_USER): reading one register out of a RegsDump,
// or all of x86_64's DWARF registers at once (what the unwinders start from).
// The register numbering is the architecture's (arch/x86/regs.h).
#pragma once
#include <cstdint>
#include <optional>

#include "arch/x86/regs.h"
#include "record/sample.h"

namespace cperf {

// perf's perf_reg_value: the value of `reg` when the dump has it (regs are stored in mask bit
// order), else nullopt. Safe on a dump with fewer values than its mask announces.
std::optional<uint64_t> perf_reg_value(const RegsDump& regs, int reg);

// x86_64's DWARF registers 0-16 (rax ... r15, then the return address column = rip), as
// perf's libdw glue hands them to libdw: every register up to the highest one the dump holds
// counts as set, those the dump lacks below it as 0 (max_reg -1: none).
struct X86DwarfRegs {
  static constexpr int kCount = 17;
  uint64_t value[kCount] = {};
  int max_reg = -1;
};
X86DwarfRegs x86_64_dwarf_regs(const RegsDump& regs);

}  // namespace cperf
