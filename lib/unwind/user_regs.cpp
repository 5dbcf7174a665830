#include "unwind/user_regs.h"

#include <algorithm>
#include <bit>

namespace cperf {

std::optional<uint64_t> perf_reg_value(const RegsDump& regs, int reg) {
  if (reg < 0 || reg >= 64 || !(regs.mask & (uint64_t{1} << reg))) return std::nullopt;
  size_t idx = static_cast<size_t>(std::popcount(regs.mask & ((uint64_t{1} << reg) - 1)));
  if (idx >= regs.regs.size()) return std::nullopt;
  return regs.regs[idx];
}

X86DwarfRegs x86_64_dwarf_regs(const RegsDump& regs) {
  X86DwarfRegs out;
  // One pass over the mask's bits: the dump stores the values in bit order.
  size_t idx = 0;
  for (uint64_t mask = regs.mask; mask && idx < regs.regs.size(); mask &= mask - 1, ++idx) {
    int d = x86_64_dwarf_regnum(std::countr_zero(mask));
    if (d < 0 || d >= X86DwarfRegs::kCount) continue;
    out.value[d] = regs.regs[idx];
    out.max_reg = std::max(out.max_reg, d);
  }
  return out;
}

}  // namespace cperf
