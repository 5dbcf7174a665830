// 32-bit arm (PERF_REG_ARM_*): r0-r10, fp, ip, sp, lr, pc.
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* arm_reg_name(int bit) {
  static const char* const kNames[] = {
      "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "fp", "ip", "sp", "lr",
      "pc",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
