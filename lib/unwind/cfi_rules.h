// CfiRules: the unwind rules libdw's CFI gives for x86_64 code, kept per row of the CFI table
// in the few simple forms the fast unwinder replays (unwind/fast_unwind.cpp):
//  - CFA = register + offset;
//  - for each of DWARF registers 0-16 (16: the return address column): undefined, same value,
//    saved at CFA + n ("offset"), CFA + n ("val_offset"), or another register's value.
// The rules are libdw's own answers (dwarf_cfi_addrframe, dwarf_frame_cfa,
// dwarf_frame_register), so x86_64's ABI defaults for registers the CFI does not mention come
// with them. A row with anything else (a DWARF expression, a signal frame 'S', a return address
// column other than 16) is kept as "not simple", and a pc without an FDE is not found: the
// caller then unwinds the whole sample with libdw. One table per CFI (a dso's .eh_frame).
#pragma once
#include <elfutils/libdw.h>

#include <cstdint>
#include <map>
#include <vector>

namespace cperf {

struct RegRule {
  enum Kind : uint8_t { kUndefined, kSameValue, kAtCfa, kCfaPlus, kRegister };
  Kind kind = kUndefined;
  uint8_t reg = 0;      // kRegister: the register whose value it takes
  uint64_t offset = 0;  // kAtCfa, kCfaPlus: added to the CFA (wrapping, as libdw adds)
};

struct CfiRow {
  static constexpr int kRegs = 17;
  static constexpr int kReturnAddress = 16;
  bool simple = false;  // false: replay with libdw
  uint8_t cfa_reg = 0;
  uint64_t cfa_offset = 0;
  RegRule regs[kRegs];
};

class CfiRules {
 public:
  // The row covering `pc` (an address of the CFI, i.e. module address - bias), or nullptr
  // when the CFI has no FDE for it. Asks libdw on the first pc of each row only.
  const CfiRow* find(Dwarf_CFI* cfi, uint64_t pc);

 private:
  struct Entry {
    uint64_t end;
    CfiRow row;
  };
  // The rows of the pcs met last, by a hash of the pc: a profile's return addresses repeat,
  // and this spares the tree walk (rows never move: map nodes are stable).
  struct Recent {
    uint64_t pc = ~uint64_t{0};
    const CfiRow* row = nullptr;
  };
  // Sized to the rows met (a few per slot), from 2^8 up to 2^16 slots.
  static constexpr int kMinRecentBits = 8, kMaxRecentBits = 16;
  int recent_bits_ = 0;
  std::vector<Recent> recent_;
  std::map<uint64_t, Entry> by_start_;  // rows met so far, by the first pc they were asked for
};

// libdw's rules at one pc as a CfiRow (tests read it directly); [start, end): pcs the row
// covers. False when the CFI has no FDE for pc.
bool cfi_row_at(Dwarf_CFI* cfi, uint64_t pc, CfiRow& row, uint64_t& start, uint64_t& end);

}  // namespace cperf
