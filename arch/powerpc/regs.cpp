// powerpc (PERF_REG_POWERPC_*): gprs, then the special and PMU registers.
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* powerpc_reg_name(int bit) {
  static const char* const kNames[] = {
      "r0", "r1", "r2", "r3", "r4", "r5", "r6", "r7", "r8", "r9", "r10", "r11", "r12", "r13",
      "r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23", "r24", "r25", "r26",
      "r27", "r28", "r29", "r30", "r31", "nip", "msr", "orig_r3", "ctr", "link", "xer", "ccr",
      "softe", "trap", "dar", "dsisr", "sier", "mmcra", "mmcr0", "mmcr1", "mmcr2", "mmcr3",
      "sier2", "sier3", "pmc1", "pmc2", "pmc3", "pmc4", "pmc5", "pmc6", "sdar", "siar",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
