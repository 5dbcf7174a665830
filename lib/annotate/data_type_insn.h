// What perf 7.2's data-type profiling (report -s type/typeoff/typecln) makes of the
// instruction at a sample's address, before any DWARF lookup (util/annotate.c
// hist_entry__get_data_type on x86): a push/pop/call/ret is a "(stack operation)"; an lea, an
// instruction without a memory operand perf can read, or one whose operands perf does not
// parse has no type; an instruction macro-fused with the one before it (cmp + jcc) is judged
// by that one. An access to memory needs the variable lookup in DWARF (kMemoryAccess).
#pragma once
#include <cstddef>
#include <string>
#include <vector>

#include "annotate/disasm_insn.h"

namespace cperf {

enum class InsnDataKind { kNoType, kStackOperation, kMemoryAccess };

// The recording's x86 cpu (perf's arch family and model from the cpuid header; 0: unknown).
// perf's fusion rules are AMD's for an AuthenticAMD cpu, else Intel's.
struct X86Cpu {
  int family = 0, model = 0;
  bool amd = false;
};

// The cpu of a cpuid header ("GenuineIntel,6,85,7"); another vendor's or none: unknown.
X86Cpu x86_cpu_of_cpuid(const std::string& cpuid);

// perf's x86 macro fusion: `first` (a mnemonic) fuses with the `second` that follows it.
bool x86_insns_fused(const X86Cpu& cpu, const std::string& first, const std::string& second);

// The kind of insns[index], a function's instructions in address order (index 0 first).
InsnDataKind insn_data_kind(const std::vector<DisasmInsn>& insns, size_t index, const X86Cpu& cpu);

}  // namespace cperf
