// User registers of a sample (PERF_SAMPLE_REGS_USER): reading one register out of a RegsDump.
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

}  // namespace cperf
