// riscv (PERF_REG_RISCV_*): pc first, then the ABI names of x1-x31.
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* riscv_reg_name(int bit) {
  static const char* const kNames[] = {
      "pc", "ra", "sp", "gp", "tp", "t0", "t1", "t2", "s0", "s1", "a0", "a1", "a2", "a3", "a4",
      "a5", "a6", "a7", "s2", "s3", "s4", "s5", "s6", "s7", "s8", "s9", "s10", "s11", "t3", "t4",
      "t5", "t6",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
