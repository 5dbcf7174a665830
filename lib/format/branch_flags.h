// The flags word of a branch stack entry (struct perf_branch_entry's bit fields) and perf's
// names for its branch type and speculation outcome, as `report -D` and `script -F brstack`
// print them.
#pragma once
#include <cstdint>

namespace cperf {

struct BranchFlags {
  bool mispred = false, predicted = false, in_tx = false, abort = false;
  uint16_t cycles = 0;
  uint8_t type = 0;      // PERF_BR_*; 15 (PERF_BR_EXTEND_ABI) means new_type says it
  uint8_t spec = 0;      // PERF_BR_SPEC_*
  uint8_t new_type = 0;  // PERF_BR_NEW_*
  uint8_t priv = 0;
  uint32_t reserved = 0; // the 31 bits above priv
  bool operator==(const BranchFlags&) const = default;
};

// Bits, low to high: mispred, predicted, in_tx, abort, cycles:16, type:4, spec:2, new_type:4,
// priv:3, reserved:31.
BranchFlags decode_branch_flags(uint64_t word);

// "COND", "RET", ... ; "" for an unknown type (0); the new_type name for PERF_BR_EXTEND_ABI.
const char* branch_type_text(const BranchFlags& f);

// "SPEC_WRONG_PATH", ... for spec 1-3, "N/A" for 0.
const char* branch_spec_text(uint8_t spec);

}  // namespace cperf
