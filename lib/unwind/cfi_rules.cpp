#include "unwind/cfi_rules.h"

#include <dwarf.h>

#include <cstdlib>

namespace cperf {

namespace {

// The forms dwarf_frame_register hands out for the simple rules: undefined (no ops, ops_mem),
// same value (no ops, NULL), [call_frame_cfa, plus_uconst n?, stack_value?] for offset(n) /
// val_offset(n) (without stack_value libdw reads the word at the address), [regx r].
bool classify(const Dwarf_Op* ops, size_t nops, const Dwarf_Op* ops_mem, RegRule& rule) {
  if (nops == 0) {
    if (ops == nullptr) { rule.kind = RegRule::kSameValue; return true; }
    if (ops == ops_mem) { rule.kind = RegRule::kUndefined; return true; }
    return false;
  }
  if (nops == 1 && ops[0].atom == DW_OP_regx) {
    if (ops[0].number >= CfiRow::kRegs) return false;
    rule.kind = RegRule::kRegister;
    rule.reg = static_cast<uint8_t>(ops[0].number);
    return true;
  }
  if (ops[0].atom != DW_OP_call_frame_cfa) return false;
  size_t i = 1;
  rule.offset = 0;
  if (i < nops && ops[i].atom == DW_OP_plus_uconst) rule.offset = ops[i++].number;
  rule.kind = RegRule::kAtCfa;
  if (i < nops && ops[i].atom == DW_OP_stack_value) {
    rule.kind = RegRule::kCfaPlus;
    ++i;
  }
  return i == nops;
}

bool fill_row(Dwarf_Frame* frame, CfiRow& row) {
  Dwarf_Addr start, end;
  bool signal = false;
  if (dwarf_frame_info(frame, &start, &end, &signal) != CfiRow::kReturnAddress || signal)
    return false;
  Dwarf_Op* cfa_ops = nullptr;
  size_t cfa_nops = 0;
  if (dwarf_frame_cfa(frame, &cfa_ops, &cfa_nops) != 0 || cfa_nops != 1 ||
      cfa_ops[0].atom != DW_OP_bregx || cfa_ops[0].number >= CfiRow::kRegs)
    return false;
  row.cfa_reg = static_cast<uint8_t>(cfa_ops[0].number);
  row.cfa_offset = cfa_ops[0].number2;
  for (int r = 0; r < CfiRow::kRegs; ++r) {
    Dwarf_Op ops_mem[3], *ops = nullptr;
    size_t nops = 0;
    if (dwarf_frame_register(frame, r, ops_mem, &ops, &nops) != 0) return false;
    if (!classify(ops, nops, ops_mem, row.regs[r])) return false;
  }
  return true;
}

}  // namespace

bool cfi_row_at(Dwarf_CFI* cfi, uint64_t pc, CfiRow& row, uint64_t& start, uint64_t& end) {
  Dwarf_Frame* frame = nullptr;
  if (!cfi || dwarf_cfi_addrframe(cfi, pc, &frame) != 0) return false;
  Dwarf_Addr s = pc, e = pc + 1;
  bool signal = false;
  dwarf_frame_info(frame, &s, &e, &signal);
  // The row holds from pc to the next advance (end). Its start is not to be trusted: after
  // DW_CFA_restore_state libdw reports the start of the row it restored.
  start = pc;
  end = e > pc ? e : pc + 1;
  row = CfiRow{};
  row.simple = fill_row(frame, row);
  std::free(frame);
  return true;
}

const CfiRow* CfiRules::find(Dwarf_CFI* cfi, uint64_t pc) {
  if (recent_.empty() || (recent_bits_ < kMaxRecentBits && by_start_.size() > recent_.size())) {
    recent_bits_ = recent_.empty() ? kMinRecentBits : recent_bits_ + 1;
    recent_.assign(size_t{1} << recent_bits_, Recent{});
  }
  Recent& slot = recent_[(pc * 0x9e3779b97f4a7c15ull) >> (64 - recent_bits_)];
  if (slot.pc == pc) return slot.row;
  const CfiRow* row = nullptr;
  auto it = by_start_.upper_bound(pc);
  if (it != by_start_.begin() && pc < std::prev(it)->second.end) {
    row = &std::prev(it)->second.row;
  } else {
    Entry e;
    uint64_t start = 0;
    if (!cfi_row_at(cfi, pc, e.row, start, e.end)) return nullptr;
    // start is pc, not covered by any row kept so far: a new key.
    row = &by_start_.emplace(start, e).first->second.row;
  }
  slot = {pc, row};
  return row;
}

}  // namespace cperf
