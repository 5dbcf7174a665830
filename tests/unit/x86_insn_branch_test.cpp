// x86_insn_is_uncond_branch: the instructions perf's brstackinsn stops its last block at.
#include <gtest/gtest.h>

#include <vector>

#include "arch/x86/insn_branch.h"

namespace cperf {
namespace {

bool uncond(std::vector<uint8_t> code, bool is64 = true) {
  return x86_insn_is_uncond_branch(code.data(), code.size(), is64);
}

TEST(X86InsnBranch, JumpsCallsReturnsAndSystemCalls) {
  EXPECT_TRUE(uncond({0xe8, 0xda, 0x79, 0x01, 0x00}));  // call rel32
  EXPECT_TRUE(uncond({0xeb, 0xeb}));                    // jmp rel8
  EXPECT_TRUE(uncond({0xe9, 0, 0, 0, 0}));              // jmp rel32
  EXPECT_TRUE(uncond({0xc3}));                          // ret
  EXPECT_TRUE(uncond({0xf3, 0xc3}));                    // rep ret
  EXPECT_TRUE(uncond({0xc2, 0x08, 0x00}));              // ret imm16
  EXPECT_TRUE(uncond({0x0f, 0x05}));                    // syscall
  EXPECT_TRUE(uncond({0x0f, 0x07}));                    // sysret
  EXPECT_TRUE(uncond({0xcd, 0x80}, false));             // int 0x80
  EXPECT_TRUE(uncond({0xcf}));                          // iret
  EXPECT_TRUE(uncond({0x0f, 0x01, 0xc2}));              // vmlaunch
  EXPECT_TRUE(uncond({0xf3, 0x0f, 0x01, 0xca}));        // eretu
}

TEST(X86InsnBranch, IndirectThroughFF) {
  EXPECT_TRUE(uncond({0xff, 0xd0}));              // call *%rax (reg 2)
  EXPECT_TRUE(uncond({0x41, 0xff, 0xe3}));        // jmp *%r11 (REX, reg 4)
  EXPECT_TRUE(uncond({0xff, 0x25, 0, 0, 0, 0}));  // jmp *rel(%rip)
  EXPECT_FALSE(uncond({0xff, 0xc0}));             // inc %eax (reg 0)
  EXPECT_FALSE(uncond({0xff, 0x30}));             // push (%rax) (reg 6)
}

TEST(X86InsnBranch, ConditionalAndOtherInstructionsAreNot) {
  EXPECT_FALSE(uncond({0x75, 0xea}));                          // jne
  EXPECT_FALSE(uncond({0x0f, 0x85, 0, 0, 0, 0}));              // jne rel32
  EXPECT_FALSE(uncond({0xe2, 0xfe}));                          // loop
  EXPECT_FALSE(uncond({0x0f, 0x01, 0xca}));                    // clac (no F2/F3)
  EXPECT_FALSE(uncond({0x48, 0x89, 0xe5}));                    // mov %rsp,%rbp
  EXPECT_FALSE(uncond({0xc5, 0xf8, 0x77}));                    // vzeroupper (VEX)
  EXPECT_FALSE(uncond({0x66, 0x2e, 0x0f, 0x1f, 0x84, 0, 0, 0, 0, 0}));  // nopw
}

}  // namespace
}  // namespace cperf
