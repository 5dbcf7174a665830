// perf register names of every architecture perf records on, by bit of a sample's regs mask
// (sample_regs_user / sample_regs_intr), as perf prints them in `report -D` and
// `script -F iregs,uregs`. Which table applies is the ELF machine (EM_*) of the recorded
// program, not of the machine reading the file.
#pragma once
#include <elf.h>

#include <cstdint>

namespace cperf {

// The machine cperf runs on: what perf falls back to when a program's machine is not known.
constexpr uint16_t kHostEMachine = EM_X86_64;

// The name perf gives register `bit` on machine `e_machine`; "unknown" when it has none.
const char* perf_reg_name(int bit, uint16_t e_machine);

// Per-architecture tables (arch/<arch>/regs.cpp): nullptr when the bit has no name.
const char* x86_reg_name(int bit);      // EM_386, EM_X86_64
const char* arm64_reg_name(int bit);    // EM_AARCH64
const char* arm_reg_name(int bit);      // EM_ARM
const char* powerpc_reg_name(int bit);  // EM_PPC, EM_PPC64
const char* riscv_reg_name(int bit);    // EM_RISCV
const char* s390_reg_name(int bit);     // EM_S390
const char* mips_reg_name(int bit);     // EM_MIPS
const char* loongarch_reg_name(int bit);  // EM_LOONGARCH
// csky is not here: perf names its registers by the ELF's ABI flags as well (e_flags).

}  // namespace cperf
