#include "arch/x86/regs.h"

#include <iterator>

#include "arch/regs.h"

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

// perf's x86 names (i386 and x86_64 alike): the general registers, then XMM0-15 from bit 32,
// each 128 bits wide, so two mask bits, both named after it.
const char* x86_reg_name(int bit) {
  static const char* const kNames[] = {
      "AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS", "CS", "SS",
      "DS", "ES", "FS", "GS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15",
  };
  static const char* const kXmm[] = {
      "XMM0", "XMM1", "XMM2", "XMM3", "XMM4", "XMM5", "XMM6", "XMM7",
      "XMM8", "XMM9", "XMM10", "XMM11", "XMM12", "XMM13", "XMM14", "XMM15",
  };
  if (bit >= 0 && bit < static_cast<int>(std::size(kNames))) return kNames[bit];
  if (bit >= 32 && bit < 64) return kXmm[(bit - 32) / 2];
  return nullptr;
}

int x86_64_perf_regnum(int dwarf_reg) {
  for (int r = 0; r <= kPerfRegX86R15; ++r)
    if (x86_64_dwarf_regnum(r) == dwarf_reg) return r;
  return -1;
}

}  // namespace cperf
