// User registers of a sample (PERF_SAMPLE_REGS_USER): perf's x86_64 register numbering, reading
// one register out of a RegsDump, and the DWARF register each maps to for unwinding.
#pragma once
#include <cstdint>
#include <optional>

#include "record/sample.h"

namespace cperf {

// The kernel's PERF_REG_X86_* numbers (bits of sample_regs_user).
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

// perf's perf_reg_value: the value of `reg` when the dump has it (regs are stored in mask bit
// order), else nullopt. Safe on a dump with fewer values than its mask announces.
std::optional<uint64_t> perf_reg_value(const RegsDump& regs, int reg);

// The x86_64 DWARF register number libdw unwinds with for a perf register (rax=0, rdx=1, rcx=2,
// rbx=3, rsi=4, rdi=5, rbp=6, rsp=7, r8..r15=8..15, return address=16), or -1 for the others
// (flags, segment registers).
int x86_64_dwarf_regnum(int perf_reg);

}  // namespace cperf
