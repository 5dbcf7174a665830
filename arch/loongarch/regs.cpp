// loongarch (PERF_REG_LOONGARCH_*): the pc, then %r1-%r31.
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* loongarch_reg_name(int bit) {
  static const char* const kNames[] = {
      "PC", "%r1", "%r2", "%r3", "%r4", "%r5", "%r6", "%r7", "%r8", "%r9", "%r10", "%r11", "%r12",
      "%r13", "%r14", "%r15", "%r16", "%r17", "%r18", "%r19", "%r20", "%r21", "%r22", "%r23",
      "%r24", "%r25", "%r26", "%r27", "%r28", "%r29", "%r30", "%r31",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
