// x86_64 user registers: the kernel's PERF_REG_X86_* numbers (bits of sample_regs_user) and the
// DWARF register numbers unwinders work with (libdw's, and libunwind's UNW_X86_64_*, which are
// the same).
#pragma once

namespace cperf {

enum PerfRegX86 : int {
  kPerfRegX86Ax = 0,
  kPerfRegX86Bx,
  kPerfRegX86Cx,
  kPerfRegX86Dx,
  kPerfRegX86Si,
  kPerfRegX86Di,
  kPerfRegX86Bp,
  kPerfRegX86Sp,
  kPerfRegX86Ip,
  kPerfRegX86Flags,
  kPerfRegX86Cs,
  kPerfRegX86Ss,
  kPerfRegX86Ds,
  kPerfRegX86Es,
  kPerfRegX86Fs,
  kPerfRegX86Gs,
  kPerfRegX86R8,
  kPerfRegX86R15 = kPerfRegX86R8 + 7,
};

// DWARF numbers: rax=0, rdx=1, rcx=2, rbx=3, rsi=4, rdi=5, rbp=6, rsp=7, r8..r15=8..15, the
// return address (rip)=16.
constexpr int kDwarfX86Sp = 7;
constexpr int kDwarfX86Ip = 16;

// The DWARF number of a perf register, or -1 for those unwinding has none for (flags, segments).
int x86_64_dwarf_regnum(int perf_reg);
// The perf register of a DWARF number, or -1.
int x86_64_perf_regnum(int dwarf_reg);

}  // namespace cperf
