#include "unwind/user_regs.h"

#include <bit>

namespace cperf {

std::optional<uint64_t> perf_reg_value(const RegsDump& regs, int reg) {
  if (reg < 0 || reg >= 64 || !(regs.mask & (uint64_t{1} << reg))) return std::nullopt;
  size_t idx = static_cast<size_t>(std::popcount(regs.mask & ((uint64_t{1} << reg) - 1)));
  if (idx >= regs.regs.size()) return std::nullopt;
  return regs.regs[idx];
}

int x86_64_dwarf_regnum(int perf_reg) {
  switch (perf_reg) {
    case kPerfRegX86Ax: return 0;
    case kPerfRegX86Dx: return 1;
    case kPerfRegX86Cx: return 2;
    case kPerfRegX86Bx: return 3;
    case kPerfRegX86Si: return 4;
    case kPerfRegX86Di: return 5;
    case kPerfRegX86Bp: return 6;
    case kPerfRegX86Sp: return 7;
    case kPerfRegX86Ip: return 16;
    default:
      if (perf_reg >= kPerfRegX86R8 && perf_reg <= kPerfRegX86R15) return 8 + perf_reg - kPerfRegX86R8;
      return -1;
  }
}

}  // namespace cperf
