#include "annotate/disasm_insn.h"

#include <algorithm>
#include <cctype>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <utility>

namespace cperf {

namespace {

// The mnemonics perf 7.2 knows on x86 and what it does with each (sorted for the search).
struct KnownInsn {
  const char* name;
  InsnKind kind;
};
constexpr InsnKind M = InsnKind::kMov, J = InsnKind::kJump;
constexpr KnownInsn kX86Insns[] = {
    {"adc", M},     {"add", M},      {"addsd", M},   {"and", M},     {"andpd", M},   {"andps", M},
    {"bsr", M},     {"bt", M},       {"btr", M},     {"bts", M},     {"call", InsnKind::kCall},
    {"cmovae", M},  {"cmovbe", M},   {"cmove", M},   {"cmp", M},     {"cmpxch", M},  {"cmpxchg", M},
    {"cs", M},      {"dec", InsnKind::kDec},         {"divsd", M},   {"divss", M},   {"gs", M},
    {"imul", M},    {"inc", InsnKind::kDec},         {"ja", J},      {"jae", J},     {"jb", J},
    {"jbe", J},     {"jc", J},       {"jcxz", J},    {"je", J},      {"jecxz", J},   {"jg", J},
    {"jge", J},     {"jl", J},       {"jle", J},     {"jmp", J},     {"jna", J},     {"jnae", J},
    {"jnb", J},     {"jnbe", J},     {"jnc", J},     {"jne", J},     {"jng", J},     {"jnge", J},
    {"jnl", J},     {"jnle", J},     {"jno", J},     {"jnp", J},     {"jns", J},     {"jnz", J},
    {"jo", J},      {"jp", J},       {"jpe", J},     {"jpo", J},     {"jrcxz", J},   {"js", J},
    {"jz", J},      {"lea", M},      {"lock", InsnKind::kLock},      {"mov", M},     {"movapd", M},
    {"movaps", M},  {"movdqa", M},   {"movdqu", M},  {"movsb", M},   {"movsd", M},   {"movsl", M},
    {"movss", M},   {"movsw", M},    {"movupd", M},  {"movups", M},  {"movzb", M},   {"movzl", M},
    {"movzw", M},   {"mulsd", M},    {"mulss", M},   {"nop", InsnKind::kNop},        {"or", M},
    {"orps", M},    {"paddq", M},    {"pand", M},    {"pcmpeqb", M}, {"por", M},     {"rcl", M},
    {"ret", InsnKind::kRet},         {"sbb", M},     {"sete", M},    {"sub", M},     {"subsd", M},
    {"test", M},    {"tzcnt", M},    {"ucomisd", M}, {"ucomiss", M}, {"vaddsd", M},  {"vandpd", M},
    {"vmovdqa", M}, {"vmovq", M},    {"vmovsd", M},  {"vmulsd", M},  {"vorpd", M},   {"vsubsd", M},
    {"vucomisd", M}, {"xadd", M},    {"xbegin", J},  {"xchg", M},    {"xor", M},     {"xorpd", M},
    {"xorps", M},
};

const KnownInsn* find_exact(std::string_view name) {
  auto less = [](const KnownInsn& k, std::string_view n) { return std::string_view(k.name) < n; };
  const KnownInsn* end = std::end(kX86Insns);
  const KnownInsn* it = std::lower_bound(std::begin(kX86Insns), end, name, less);
  return it != end && name == it->name ? it : nullptr;
}

bool is_space(char c) { return std::isspace(static_cast<unsigned char>(c)) != 0; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return s;
}

// strtoull(s, &end, 16) on a view; `used`: the characters read (0: no number).
uint64_t read_hex(std::string_view s, size_t* used = nullptr) {
  std::string copy(s);
  char* end = nullptr;
  uint64_t v = std::strtoull(copy.c_str(), &end, 16);
  if (used) *used = static_cast<size_t>(end - copy.c_str());
  return v;
}

// The mnemonic and the trimmed operands (perf's disasm_line__parse); false: an empty line.
bool split_insn(std::string_view text, std::string& name, std::string& raw) {
  size_t b = 0;
  while (b < text.size() && is_space(text[b])) ++b;
  if (b == text.size()) return false;
  size_t e = b + 1;
  while (e < text.size() && !is_space(text[e])) ++e;
  name = std::string(text.substr(b, e - b));
  raw = std::string(trim(text.substr(e)));
  return true;
}

// objdump's comment "# ADDR <sym>" names a rip-relative operand's target.
std::string comment_symbol(const std::string& operand, std::string_view comment) {
  if (operand.find("(%rip)") == std::string::npos) return "";
  size_t used = 0;
  read_hex(comment, &used);
  if (used == 0) return "";
  std::string_view rest = comment.substr(used);
  size_t lt = rest.find('<');
  if (lt == std::string_view::npos) return "";
  size_t gt = rest.find('>', lt + 1);
  if (gt == std::string_view::npos) return "";
  return std::string(rest.substr(lt + 1, gt - lt - 1));
}

bool parse_call(DisasmInsn& d, const DisasmContext& ctx) {
  size_t used = 0;
  d.target_addr = read_hex(d.raw, &used);
  std::string_view after = std::string_view(d.raw).substr(used);
  size_t lt = after.find('<');
  if (lt != std::string_view::npos) {
    size_t gt = after.find('>', lt + 1);
    if (gt == std::string_view::npos) return false;
    d.target_name = std::string(after.substr(lt + 1, gt - lt - 1));
  } else if (size_t star = after.find('*'); star != std::string_view::npos) {
    // an indirect call through memory at a fixed address; through a register: none
    std::string_view operand = after.substr(1);
    if (operand.find("(%r") == std::string_view::npos) d.target_addr = read_hex(operand);
  }
  if (ctx.symbol_at) d.target_sym = ctx.symbol_at(d.target_addr);
  return true;
}

void parse_jump(DisasmInsn& d, const DisasmContext& ctx) {
  // commas after a comment or inside "<func(a, b)>" are not operand separators
  const size_t comment = d.raw.find('#'), func = d.raw.find('<');
  auto valid = [&](size_t c) {
    return c != std::string::npos && (comment == std::string::npos || c <= comment) &&
           (func == std::string::npos || c <= func);
  };
  size_t c = d.raw.find(',');
  if (valid(c)) {
    d.target_addr = read_hex(std::string_view(d.raw).substr(c + 1));
    if (!d.target_addr) {
      c = d.raw.find(',', c + 1);
      if (valid(c)) d.target_addr = read_hex(std::string_view(d.raw).substr(c + 1));
    }
  } else {
    d.target_addr = read_hex(d.raw);
  }
  d.outside = d.target_addr < ctx.start || d.target_addr > ctx.end;
  if (ctx.symbol_at) d.target_sym = ctx.symbol_at(d.target_addr);
  d.target_offset = static_cast<int64_t>(d.target_addr - ctx.start);
}

bool parse_mov(DisasmInsn& d) {
  const std::string& raw = d.raw;
  size_t comma = raw.find(',');
  if (comma == std::string::npos) return false;
  // a memory operand "0x8(%rax,%rcx,1)" holds commas: the source ends at its ')'
  if (raw.substr(0, comma).find('(') != std::string::npos) {
    size_t paren = raw.find(')');
    if (paren == std::string::npos || paren + 1 >= raw.size() || raw[paren + 1] != ',') return false;
    comma = paren + 1;
  }
  d.source.raw = raw.substr(0, comma);
  size_t target = comma + 1;
  size_t comment = raw.find('#', target);
  while (target < raw.size() && is_space(raw[target])) ++target;
  size_t end = comment == std::string::npos ? raw.size() : comment;
  while (end > target && is_space(raw[end - 1])) --end;
  d.target.raw = raw.substr(target, end > target ? end - target : 0);
  if (comment != std::string::npos) {
    std::string_view text = std::string_view(raw).substr(comment + 1);
    d.source.name = comment_symbol(d.source.raw, text);
    d.target.name = comment_symbol(d.target.raw, text);
  }
  return true;
}

void parse_dec(DisasmInsn& d) {
  size_t e = 0;
  while (e < d.raw.size() && !is_space(d.raw[e])) ++e;
  d.target.raw = d.raw.substr(0, e);
  size_t comment = d.raw.find('#', e);
  if (comment != std::string::npos)
    d.target.name = comment_symbol(d.target.raw, std::string_view(d.raw).substr(comment + 1));
}

// Fills the kind's parts; false when perf's parser gives up (the line is then printed raw).
bool parse_operands(DisasmInsn& d, const DisasmContext& ctx) {
  switch (d.kind) {
    case InsnKind::kCall: return parse_call(d, ctx);
    case InsnKind::kJump: parse_jump(d, ctx); return true;
    case InsnKind::kMov: return parse_mov(d);
    case InsnKind::kDec: parse_dec(d); return true;
    case InsnKind::kLock: {
      auto inner = std::make_shared<DisasmInsn>();
      if (!split_insn(d.raw, inner->name, inner->raw)) return true;  // printed raw
      inner->kind = insn_kind(inner->name);
      d.locked_known = inner->kind != InsnKind::kNone;
      if (d.locked_known && parse_operands(*inner, ctx)) d.locked = std::move(inner);
      return true;
    }
    case InsnKind::kNop:
    case InsnKind::kRet:
    case InsnKind::kNone: return true;
  }
  return true;
}

std::string padded(const std::string& name, int width) {
  std::string s = name;
  if (static_cast<int>(s.size()) < width) s.append(static_cast<size_t>(width) - s.size(), ' ');
  return s;
}

std::string raw_text(const DisasmInsn& d, int width) { return padded(d.name, width) + " " + d.raw; }

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "%" PRIx64, v);
  return buf;
}

std::string format_jump(const DisasmInsn& d, int width) {
  if (!d.target_addr || d.target_offset < 0) return raw_text(d, width);
  if (d.outside && d.target_sym) return padded(d.name, width) + " " + *d.target_sym;
  // the operands before the address (a 2- or 3-operand jump) stay
  const size_t comment = d.raw.find('#'), func = d.raw.find('<');
  auto valid = [&](size_t c) {
    return c != std::string::npos && (comment == std::string::npos || c <= comment) &&
           (func == std::string::npos || c <= func);
  };
  size_t keep = 0;
  size_t c = d.raw.find(',');
  if (valid(c)) {
    size_t c2 = d.raw.find(',', c + 1);
    if (valid(c2)) c = c2;
    keep = c + 1;
    if (keep < d.raw.size() && d.raw[keep] == ' ') ++keep;
  }
  return padded(d.name, width) + " " + d.raw.substr(0, keep) + hex(static_cast<uint64_t>(d.target_offset));
}

}  // namespace

InsnKind insn_kind(std::string_view name) {
  if (const KnownInsn* k = find_exact(name)) return k->kind;
  if (name.empty() || name.size() >= 32 || std::strchr("bwlq", name.back()) == nullptr) return InsnKind::kNone;
  const KnownInsn* k = find_exact(name.substr(0, name.size() - 1));
  return k ? k->kind : InsnKind::kNone;
}

DisasmInsn parse_insn(std::string_view text, const DisasmContext& ctx) {
  DisasmInsn d;
  if (!split_insn(text, d.name, d.raw)) return d;
  d.kind = insn_kind(d.name);
  if (!parse_operands(d, ctx)) {
    // perf keeps what the parser filled in but prints the line raw
    d.kind = InsnKind::kNone;
  }
  return d;
}

bool insn_printable(const DisasmInsn& d) { return d.kind != InsnKind::kLock || d.locked || !d.locked_known; }

std::string format_insn(const DisasmInsn& d, int width) {
  switch (d.kind) {
    case InsnKind::kNone:
    case InsnKind::kRet: return raw_text(d, width);
    case InsnKind::kNop: return padded("nop", width);
    case InsnKind::kMov:
      return padded(d.name, width) + " " + (d.source.name.empty() ? d.source.raw : d.source.name) + "," +
             (d.target.name.empty() ? d.target.raw : d.target.name);
    case InsnKind::kDec:
      return padded(d.name, width) + " " + (d.target.name.empty() ? d.target.raw : d.target.name);
    case InsnKind::kJump: return format_jump(d, width);
    case InsnKind::kCall:
      if (d.target_sym) return padded(d.name, width) + " " + *d.target_sym;
      if (!d.target_addr) return raw_text(d, width);
      if (!d.target_name.empty()) return padded(d.name, width) + " " + d.target_name;
      return padded(d.name, width) + " *" + hex(d.target_addr);
    case InsnKind::kLock:
      if (!d.locked) return d.locked_known ? "" : raw_text(d, width);
      return padded(d.name, width) + " " + format_insn(*d.locked, width);
  }
  return raw_text(d, width);
}

std::string format_insn_raw(const DisasmInsn& d, int width) { return raw_text(d, width); }

bool is_local_jump(const DisasmInsn& d, uint64_t size) {
  return d.kind == InsnKind::kJump && d.target_offset >= 0 && static_cast<uint64_t>(d.target_offset) < size;
}

}  // namespace cperf
