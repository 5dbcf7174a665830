#include "format/branch_flags.h"

namespace cperf {

BranchFlags decode_branch_flags(uint64_t w) {
  BranchFlags f;
  f.mispred = w & 1;
  f.predicted = w >> 1 & 1;
  f.in_tx = w >> 2 & 1;
  f.abort = w >> 3 & 1;
  f.cycles = static_cast<uint16_t>(w >> 4);
  f.type = w >> 20 & 0xf;
  f.spec = w >> 24 & 0x3;
  f.new_type = w >> 26 & 0xf;
  f.priv = w >> 30 & 0x7;
  f.reserved = static_cast<uint32_t>(w >> 33);
  return f;
}

const char* branch_type_text(const BranchFlags& f) {
  static const char* const kTypes[] = {"",        "COND",      "UNCOND",   "IND",  "CALL",
                                       "IND_CALL", "RET",      "SYSCALL",  "SYSRET",
                                       "COND_CALL", "COND_RET", "ERET",    "IRQ",  "SERROR",
                                       "NO_TX"};
  // The extended types as perf names them on x86 (arm64's perf has its own names for 3-7).
  static const char* const kNewTypes[] = {"FAULT_ALGN", "FAULT_DATA", "FAULT_INST", "ARCH_1",
                                          "ARCH_2",     "ARCH_3",     "ARCH_4",     "ARCH_5"};
  if (f.type == 15) return f.new_type < 8 ? kNewTypes[f.new_type] : "";
  return kTypes[f.type];
}

const char* branch_spec_text(uint8_t spec) {
  static const char* const kSpec[] = {"N/A", "SPEC_WRONG_PATH", "NON_SPEC_CORRECT_PATH",
                                      "SPEC_CORRECT_PATH"};
  return kSpec[spec & 3];
}

}  // namespace cperf
