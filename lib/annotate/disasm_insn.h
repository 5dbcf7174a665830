// One x86 instruction of objdump's AT&T (or -M intel) text, read as perf 7.2 reads it for
// `annotate --stdio2` and its TUI: the mnemonic, the operands, and for the instructions perf
// knows (its x86 table: calls, jumps, mov-like, inc/dec, nop, ret, lock) their parts, so that
// calls show their target's name, jumps their target's offset, and rip-relative operands the
// symbol objdump names in its "# ADDR <sym>" comment.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace cperf {

// What perf does with an instruction (its ins_ops); kNone: not in its table, or its operands
// could not be read (printed as objdump wrote them).
enum class InsnKind { kNone, kCall, kJump, kMov, kDec, kNop, kRet, kLock };

// perf's table lookup of a mnemonic: exact, else without an AT&T size suffix (b, w, l, q).
InsnKind insn_kind(std::string_view name);

// The annotated symbol, in objdump's addresses, and its neighbours.
struct DisasmContext {
  uint64_t start = 0, end = 0;  // [start, end): the symbol's objdump addresses
  // The name of the symbol holding an objdump address (perf looks it up in the dso), or
  // nullptr.
  std::function<const std::string*(uint64_t)> symbol_at;
};

struct InsnOperand {
  std::string raw;   // as objdump wrote it
  std::string name;  // a rip-relative operand: the symbol of objdump's comment; empty: none
};

struct DisasmInsn {
  std::string name;  // the mnemonic ("movl", "call", "lock", ...)
  std::string raw;   // the operands, trimmed
  InsnKind kind = InsnKind::kNone;
  // calls and jumps
  uint64_t target_addr = 0;         // objdump address (0: none, e.g. an indirect call)
  std::string target_name;          // objdump's "<name>" of a call; empty: none
  const std::string* target_sym = nullptr;  // the symbol holding the target, if found
  bool outside = false;             // a jump leaving the symbol
  int64_t target_offset = 0;        // target - symbol start
  // mov-like (source, target) and inc/dec (target)
  InsnOperand source, target;
  // lock: the locked instruction (nullptr: perf prints the line as objdump wrote it)
  std::shared_ptr<DisasmInsn> locked;
  bool locked_known = false;  // the locked mnemonic is in perf's table
};

// Parses the text after "ADDR:" of an instruction at `offset` from the symbol's start.
DisasmInsn parse_insn(std::string_view text, const DisasmContext& ctx);

// perf's disasm_line__scnprintf: the mnemonic padded to `name_width`, then the operands as
// perf shows them. Empty for a lock whose locked instruction perf cannot print (see
// insn_printable).
std::string format_insn(const DisasmInsn& insn, int name_width);

// The same line as objdump wrote its operands (perf's raw form: the browser's 'o').
std::string format_insn_raw(const DisasmInsn& insn, int name_width);

// False for the one form perf 7.2 cannot print (a lock prefix on a known instruction whose
// operands it could not read: it reads freed memory there).
bool insn_printable(const DisasmInsn& insn);

// A jump perf draws to a line of the symbol: target offset in [0, size).
bool is_local_jump(const DisasmInsn& insn, uint64_t size);

}  // namespace cperf
