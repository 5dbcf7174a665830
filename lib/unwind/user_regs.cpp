#include "unwind/user_regs.h"

#include <bit>

namespace cperf {

std::optional<uint64_t> perf_reg_value(const RegsDump& regs, int reg) {
  if (reg < 0 || reg >= 64 || !(regs.mask & (uint64_t{1} << reg))) return std::nullopt;
  size_t idx = static_cast<size_t>(std::popcount(regs.mask & ((uint64_t{1} << reg) - 1)));
  if (idx >= regs.regs.size()) return std::nullopt;
  return regs.regs[idx];
}

}  // namespace cperf
