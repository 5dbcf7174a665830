// objdump's x86 instructions read as perf 7.2 reads them for --stdio2 (annotate/disasm_insn.h):
// its mnemonic table (exact, then without a size suffix), mov-like operands (memory operands
// holding commas, rip-relative ones named by objdump's comment), calls named by their target
// symbol, jumps by their target's offset, nop, lock, and the lines it leaves as they are.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "annotate/disasm_insn.h"

namespace cperf {
namespace {

// A symbol at objdump addresses [0x1000, 0x1100), with "helper" at 0x2000 and "cmp@plt" at 0x1030.
struct Fixture {
  std::map<uint64_t, std::string> names{{0x2000, "helper"}, {0x1030, "cmp@plt"}};
  DisasmContext ctx;
  Fixture() {
    ctx.start = 0x1000;
    ctx.end = 0x1100;
    ctx.symbol_at = [this](uint64_t addr) -> const std::string* {
      auto it = names.find(addr);
      return it == names.end() ? nullptr : &it->second;
    };
  }
  std::string show(const char* text, int width = 6) { return format_insn(parse_insn(text, ctx), width); }
};

TEST(DisasmInsn, PerfsTableWithSizeSuffixes) {
  EXPECT_EQ(insn_kind("mov"), InsnKind::kMov);
  EXPECT_EQ(insn_kind("movl"), InsnKind::kMov);
  EXPECT_EQ(insn_kind("movzbl"), InsnKind::kMov);  // movzb + l
  EXPECT_EQ(insn_kind("movabs"), InsnKind::kNone);
  EXPECT_EQ(insn_kind("setl"), InsnKind::kNone);   // "set" is not in the table
  EXPECT_EQ(insn_kind("sete"), InsnKind::kMov);
  EXPECT_EQ(insn_kind("nopw"), InsnKind::kNop);
  EXPECT_EQ(insn_kind("retq"), InsnKind::kRet);
  EXPECT_EQ(insn_kind("callq"), InsnKind::kCall);
  EXPECT_EQ(insn_kind("jmpq"), InsnKind::kJump);
  EXPECT_EQ(insn_kind("incl"), InsnKind::kDec);
  EXPECT_EQ(insn_kind("lock"), InsnKind::kLock);
  EXPECT_EQ(insn_kind("push"), InsnKind::kNone);
  EXPECT_EQ(insn_kind(""), InsnKind::kNone);
}

TEST(DisasmInsn, MovLikeOperands) {
  Fixture f;
  EXPECT_EQ(f.show("  mov    (%rsi),%eax"), "mov    (%rsi),%eax");
  DisasmInsn lea = parse_insn("lea    0x0(,%rax,8),%rdx", f.ctx);
  EXPECT_EQ(lea.source.raw, "0x0(,%rax,8)");
  EXPECT_EQ(lea.target.raw, "%rdx");
  // a rip-relative operand takes the name in objdump's comment, the comment goes
  EXPECT_EQ(f.show("mov    0x2ed6(%rip),%eax        # 4010 <counter>"), "mov    counter,%eax");
  EXPECT_EQ(f.show("addl   $0x1,0x2ee6(%rip)        # 4010 <cnt+0x8>", 4), "addl $0x1,cnt+0x8");
  // not rip-relative: the comment is dropped all the same
  EXPECT_EQ(f.show("mov    0x8(%rax),%rdx  # note"), "mov    0x8(%rax),%rdx");
  // intel syntax has no (%rip): the operands stay
  EXPECT_EQ(f.show("mov    eax,DWORD PTR [rip+0x2ed6]        # 4010 <counter>"),
            "mov    eax,DWORD PTR [rip+0x2ed6]");
}

TEST(DisasmInsn, OperandsPerfCannotReadStayRaw) {
  Fixture f;
  // "cs" is in the table as a mov, but its operands have no ")," : printed as written
  DisasmInsn cs = parse_insn("cs nopw 0x0(%rax,%rax,1)", f.ctx);
  EXPECT_EQ(cs.kind, InsnKind::kNone);
  EXPECT_EQ(format_insn(cs, 6), "cs     nopw 0x0(%rax,%rax,1)");
  EXPECT_EQ(f.show("test   %eax"), "test   %eax");  // no comma
  EXPECT_EQ(f.show("push   %rbx"), "push   %rbx");
  EXPECT_EQ(f.show("cltq"), "cltq   ");
}

TEST(DisasmInsn, CallsShowTheirTargetSymbol) {
  Fixture f;
  EXPECT_EQ(f.show("call   1030 <cmp@plt>"), "call   cmp@plt");
  EXPECT_EQ(f.show("call   2000 <helper>"), "call   helper");
  // no symbol found there: objdump's name, else the address
  EXPECT_EQ(f.show("call   3000 <other+0x10>"), "call   other+0x10");
  // through a register or a register-based operand: as written
  EXPECT_EQ(f.show("call   *%rax"), "call   *%rax");
  EXPECT_EQ(f.show("call   *0x2fe2(%rip)        # 3fd8 <x@GLIBC>"), "call   *0x2fe2(%rip)        # 3fd8 <x@GLIBC>");
  EXPECT_EQ(f.show("call   *0x3000"), "call   *3000");
  // a name without its closing '>': perf gives up on the line
  EXPECT_EQ(parse_insn("call   3000 <broken", f.ctx).kind, InsnKind::kNone);
}

TEST(DisasmInsn, JumpsShowTheirTargetOffset) {
  Fixture f;
  DisasmInsn in = parse_insn("jne    1020 <f+0x20>", f.ctx);
  EXPECT_FALSE(in.outside);
  EXPECT_EQ(in.target_offset, 0x20);
  EXPECT_TRUE(is_local_jump(in, 0x100));
  EXPECT_EQ(format_insn(in, 6), "jne    20");
  // leaving the symbol: the target's symbol, else the offset, raw when it is before the start
  DisasmInsn out = parse_insn("jmp    2000 <helper>", f.ctx);
  EXPECT_TRUE(out.outside);
  EXPECT_FALSE(is_local_jump(out, 0x100));
  EXPECT_EQ(format_insn(out, 6), "jmp    helper");
  EXPECT_EQ(f.show("jmp    5000 <far+0x10>"), "jmp    4000");
  EXPECT_EQ(f.show("je     800 <before+0x3>"), "je     800 <before+0x3>");
  EXPECT_EQ(f.show("jmp    *%rax"), "jmp    *%rax");
  // the symbol's end is not outside, but no line of it either
  EXPECT_FALSE(is_local_jump(parse_insn("jmp 1100", f.ctx), 0x100));
}

TEST(DisasmInsn, NopIncDecAndLock) {
  Fixture f;
  EXPECT_EQ(f.show("nopw   0x0(%rax,%rax,1)"), "nop   ");
  EXPECT_EQ(f.show("incl   0x10(%rip)   # 4010 <hits>"), "incl   hits");
  EXPECT_EQ(f.show("ret"), "ret    ");
  EXPECT_EQ(f.show("lock cmpxchg %rdi,(%rsi)", 7), "lock    cmpxchg %rdi,(%rsi)");
  EXPECT_EQ(f.show("lock xyz %eax", 4), "lock xyz %eax");  // unknown locked instruction
  // a known locked instruction whose operands perf cannot read: perf reads freed memory
  DisasmInsn bad = parse_insn("lock addl %eax", f.ctx);
  EXPECT_FALSE(insn_printable(bad));
  EXPECT_TRUE(insn_printable(parse_insn("lock cmpxchg %rdi,(%rsi)", f.ctx)));
}

}  // namespace
}  // namespace cperf
