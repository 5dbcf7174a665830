#include "arch/x86/regs.h"

namespace cperf {

int x86_64_dwarf_regnum(int perf_reg) {
  switch (perf_reg) {
    case kPerfRegX86Ax: return 0;
    case kPerfRegX86Dx: return 1;
    case kPerfRegX86Cx: return 2;
    case kPerfRegX86Bx: return 3;
    case kPerfRegX86Si: return 4;
    case kPerfRegX86Di: return 5;
    case kPerfRegX86Bp: return 6;
    case kPerfRegX86Sp: return kDwarfX86Sp;
    case kPerfRegX86Ip: return kDwarfX86Ip;
    default:
      if (perf_reg >= kPerfRegX86R8 && perf_reg <= kPerfRegX86R15) return 8 + perf_reg - kPerfRegX86R8;
      return -1;
  }
}

int x86_64_perf_regnum(int dwarf_reg) {
  for (int r = 0; r <= kPerfRegX86R15; ++r)
    if (x86_64_dwarf_regnum(r) == dwarf_reg) return r;
  return -1;
}

}  // namespace cperf
