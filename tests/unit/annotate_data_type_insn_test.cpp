// What perf 7.2's data-type profiling makes of a sampled x86 instruction before any DWARF
// lookup (annotate/data_type_insn.h): stack operations, instructions without a memory access,
// lea, lock, and the macro-fused predecessor it falls back to.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "annotate/data_type_insn.h"

namespace cperf {
namespace {

std::vector<DisasmInsn> insns(std::initializer_list<const char*> texts) {
  DisasmContext ctx;
  ctx.start = 0x1000;
  ctx.end = 0x1100;
  std::vector<DisasmInsn> out;
  for (const char* t : texts) out.push_back(parse_insn(t, ctx));
  return out;
}

InsnDataKind kind(const char* text, X86Cpu cpu = {}) { return insn_data_kind(insns({text}), 0, cpu); }

TEST(DataTypeInsn, PushPopCallRetAreStackOperations) {
  EXPECT_EQ(kind("push   %rbp"), InsnDataKind::kStackOperation);
  EXPECT_EQ(kind("pop    %r12"), InsnDataKind::kStackOperation);
  EXPECT_EQ(kind("call   *%rax"), InsnDataKind::kStackOperation);
  EXPECT_EQ(kind("call   *0x10(%rbx)"), InsnDataKind::kStackOperation);  // before its memory operand
  EXPECT_EQ(kind("ret"), InsnDataKind::kStackOperation);
}

TEST(DataTypeInsn, MemoryOperandsNeedTheLookup) {
  EXPECT_EQ(kind("mov    (%rdi),%eax"), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(kind("mov    %eax,0x8(%rsp)"), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(kind("cmp    %eax,(%rsi)"), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(kind("mov    0x2f00(%rip),%rax        # 4000 <x>"), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(kind("lock cmpxchg %edx,(%rdi)"), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(kind("mov    %gs:0x28,%rax"), InsnDataKind::kMemoryAccess);
}

TEST(DataTypeInsn, NoMemoryAccessNoType) {
  EXPECT_EQ(kind("mov    %rdi,%rax"), InsnDataKind::kNoType);
  EXPECT_EQ(kind("add    $0x1,%eax"), InsnDataKind::kNoType);
  EXPECT_EQ(kind("lea    0x8(%rdi),%rax"), InsnDataKind::kNoType);  // an address, no access
  EXPECT_EQ(kind("mov    %fs:0x28,%rax"), InsnDataKind::kNoType);   // perf reads only %gs
  // perf does not parse the operands of instructions outside its table
  EXPECT_EQ(kind("vpcmpeqb (%rdi),%ymm0,%ymm1"), InsnDataKind::kNoType);
  EXPECT_EQ(kind("nop"), InsnDataKind::kNoType);
}

TEST(DataTypeInsn, AFusedJumpIsJudgedByTheCompareBeforeIt) {
  const std::vector<DisasmInsn> v = insns({"cmp    %eax,(%rsi)", "jne    1010 <f+0x10>"});
  EXPECT_EQ(insn_data_kind(v, 1, X86Cpu{0x19, 1, true}), InsnDataKind::kMemoryAccess);  // AMD Zen fuses
  EXPECT_EQ(insn_data_kind(v, 1, X86Cpu{6, 0x55}), InsnDataKind::kMemoryAccess);  // Intel
  EXPECT_EQ(insn_data_kind(v, 1, X86Cpu{}), InsnDataKind::kNoType);  // no cpuid: no fusion
  EXPECT_EQ(insn_data_kind(v, 1, X86Cpu{6, 0x1d}), InsnDataKind::kNoType);  // before Nehalem
  const std::vector<DisasmInsn> add = insns({"add    (%rsi),%eax", "jne    1010 <f+0x10>"});
  EXPECT_EQ(insn_data_kind(add, 1, X86Cpu{6, 0x55}), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(insn_data_kind(add, 1, X86Cpu{6, 0x1e}), InsnDataKind::kNoType);  // Nehalem: cmp/test only
  // AMD fuses ALU operations from Zen (family 0x19) on; a test needs no branch after it (realsys
  // mt-dwarf: perf types `test` after `sub %rbp,0x28(%rsp)` as size_t)
  EXPECT_EQ(insn_data_kind(add, 1, X86Cpu{0x19, 1, true}), InsnDataKind::kMemoryAccess);
  EXPECT_EQ(insn_data_kind(add, 1, X86Cpu{0x17, 1, true}), InsnDataKind::kNoType);
  const std::vector<DisasmInsn> sub = insns({"sub    %rbp,0x28(%rsp)", "test   %r12,%r12"});
  EXPECT_EQ(insn_data_kind(sub, 1, X86Cpu{0x1a, 2, true}), InsnDataKind::kMemoryAccess);
  const std::vector<DisasmInsn> jmp = insns({"cmp    %eax,(%rsi)", "jmp    1010 <f+0x10>"});
  EXPECT_EQ(insn_data_kind(jmp, 1, X86Cpu{0x19, 1, true}), InsnDataKind::kNoType);  // never with jmp
}

TEST(DataTypeInsn, FusionRules) {
  EXPECT_TRUE(x86_insns_fused({6, 0x55}, "test", "je"));
  EXPECT_TRUE(x86_insns_fused({6, 0x55}, "subl", "jg"));
  EXPECT_FALSE(x86_insns_fused({6, 0x55}, "cmpxchg", "jne"));
  EXPECT_FALSE(x86_insns_fused({6, 0x55}, "cmp", "jmp"));
  EXPECT_TRUE(x86_insns_fused({0x15, 2, true}, "cmpq", "jb"));
  EXPECT_FALSE(x86_insns_fused({0x14, 2, true}, "cmpq", "jb"));
  EXPECT_FALSE(x86_insns_fused({0x15, 2, true}, "cmpxchg", "jne"));
  // AMD's rules take the mnemonic's start, Intel's any part of it
  EXPECT_FALSE(x86_insns_fused({0x19, 1, true}, "ptest", "jne"));
  EXPECT_TRUE(x86_insns_fused({6, 0x55}, "ptest", "jne"));
  // Intel's rules for a cpu of another family (Hygon, an AMD-like family 0x18): none
  EXPECT_FALSE(x86_insns_fused({0x18, 1}, "cmpq", "jb"));
}

TEST(DataTypeInsn, CpuOfTheCpuidHeader) {
  X86Cpu amd = x86_cpu_of_cpuid("AuthenticAMD,26,2,1");
  EXPECT_EQ(amd.family, 26);
  EXPECT_EQ(amd.model, 2);
  EXPECT_TRUE(amd.amd);
  X86Cpu intel = x86_cpu_of_cpuid("GenuineIntel,6,85,7");
  EXPECT_EQ(intel.model, 85);
  EXPECT_FALSE(intel.amd);
  EXPECT_FALSE(x86_cpu_of_cpuid("HygonGenuine,24,1,1").amd);
  EXPECT_EQ(x86_cpu_of_cpuid("0x00000000410fd0c0").family, 0);  // not x86
  EXPECT_EQ(x86_cpu_of_cpuid("").family, 0);
}

}  // namespace
}  // namespace cperf
