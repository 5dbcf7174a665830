#include "arch/regs.h"

namespace cperf {

const char* perf_reg_name(int bit, uint16_t e_machine) {
  const char* name = nullptr;
  switch (e_machine) {
    case EM_386:
    case EM_X86_64: name = x86_reg_name(bit); break;
    case EM_AARCH64: name = arm64_reg_name(bit); break;
    case EM_ARM: name = arm_reg_name(bit); break;
    case EM_PPC:
    case EM_PPC64: name = powerpc_reg_name(bit); break;
    case EM_RISCV: name = riscv_reg_name(bit); break;
    case EM_S390: name = s390_reg_name(bit); break;
    case EM_MIPS: name = mips_reg_name(bit); break;
    case EM_LOONGARCH: name = loongarch_reg_name(bit); break;
    default: break;
  }
  return name ? name : "unknown";
}

}  // namespace cperf
