// s390 (PERF_REG_S390_*): general and floating-point registers, PSW mask and address.
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* s390_reg_name(int bit) {
  static const char* const kNames[] = {
      "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11", "R12", "R13",
      "R14", "R15", "FP0", "FP1", "FP2", "FP3", "FP4", "FP5", "FP6", "FP7", "FP8", "FP9", "FP10",
      "FP11", "FP12", "FP13", "FP14", "FP15", "MASK", "PC",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
