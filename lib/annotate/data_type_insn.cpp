#include "annotate/data_type_insn.h"

#include <cstdio>
#include <string_view>

namespace cperf {

namespace {

bool starts(const std::string& s, std::string_view p) { return s.compare(0, p.size(), p) == 0; }

// One instruction alone. `try_prev`: perf found no memory operand in it and looks at the
// instruction before, when the two are macro-fused.
InsnDataKind judge(const DisasmInsn& d, bool& try_prev) {
  try_prev = false;
  // a lock prefix perf could not read the locked instruction of: no operands at all
  if (d.kind == InsnKind::kLock && !d.locked) return InsnDataKind::kNoType;
  const std::string& n = d.name;
  if (starts(n, "push") || starts(n, "pop") || starts(n, "call") || starts(n, "ret"))
    return InsnDataKind::kStackOperation;
  if (starts(n, "lea")) return InsnDataKind::kNoType;
  const DisasmInsn& ops = d.kind == InsnKind::kLock ? *d.locked : d;
  // A mov-like mnemonic whose operands perf's parser gave up on may keep a half-read source;
  // a jump's memory operand (jmp *8(%rax)): both are taken as memory accesses, so that
  // cperf refuses rather than guesses.
  const bool unread_mov = ops.kind == InsnKind::kNone && insn_kind(ops.name) == InsnKind::kMov;
  if ((unread_mov || ops.kind == InsnKind::kJump) && ops.raw.find('(') != std::string::npos)
    return InsnDataKind::kMemoryAccess;
  for (const InsnOperand* op : {&ops.source, &ops.target}) {
    if (op->raw.empty()) continue;  // perf parsed no such operand
    if (op->raw.find('(') != std::string::npos) return InsnDataKind::kMemoryAccess;
    if (starts(op->raw, "%gs:")) return InsnDataKind::kMemoryAccess;  // a segment access
  }
  try_prev = true;
  return InsnDataKind::kNoType;
}

}  // namespace

X86Cpu x86_cpu_of_cpuid(const std::string& cpuid) {
  X86Cpu cpu;
  const bool amd = starts(cpuid, "AuthenticAMD,");
  if (!amd && !starts(cpuid, "GenuineIntel,") && !starts(cpuid, "HygonGenuine,")) return cpu;
  int family = 0, model = 0;
  if (std::sscanf(cpuid.c_str() + cpuid.find(',') + 1, "%d,%d", &family, &model) == 2) cpu = {family, model, amd};
  return cpu;
}

bool x86_insns_fused(const X86Cpu& cpu, const std::string& first, const std::string& second) {
  if (first.empty() || second.empty() || second.find("jmp") != std::string::npos) return false;
  if (cpu.amd) {  // by the first mnemonic's start: Zen (family 0x19 on) also fuses ALU operations
    if (cpu.family >= 0x15 && (starts(first, "test") || (starts(first, "cmp") && first.find("xchg") == std::string::npos)))
      return true;
    return cpu.family >= 0x19 && (starts(first, "add") || starts(first, "sub") || starts(first, "and") ||
                                  starts(first, "inc") || starts(first, "dec") || starts(first, "or") ||
                                  starts(first, "xor"));
  }
  auto has = [&](const char* s) { return first.find(s) != std::string::npos; };
  const bool cmp_test = (has("cmp") && !has("xchg")) || has("test");
  if (cpu.family != 6 || cpu.model < 0x1e) return false;
  if (cpu.model == 0x1e) return cmp_test;
  return cmp_test || has("add") || has("sub") || has("and") || has("inc") || has("dec");
}

InsnDataKind insn_data_kind(const std::vector<DisasmInsn>& insns, size_t index, const X86Cpu& cpu) {
  for (;;) {
    bool try_prev = false;
    InsnDataKind k = judge(insns[index], try_prev);
    if (!try_prev || index == 0 || !x86_insns_fused(cpu, insns[index - 1].name, insns[index].name)) return k;
    --index;
  }
}

}  // namespace cperf
