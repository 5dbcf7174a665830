// perf's text for a sample's data_src (the "datasrc_decode" key). Only the fields' N/A forms
// and the common names are known here; a data_src of PERF_MEM_DATA_SRC_NONE (what perf puts in
// samples that carry none) gives perf's exact text.
#include <string>

#include "scripting/script_sample.h"

namespace cperf {

namespace {

// Names of the set bits of `bits` (from bit 0), joined with " or "; "N/A" when bit 0 (NA) is
// set or nothing is.
std::string names(uint64_t bits, std::initializer_list<const char*> table) {
  std::string out;
  size_t i = 0;
  for (const char* name : table) {
    if (bits & (1ULL << i)) {
      if (i == 0) return "N/A";
      if (!out.empty()) out += " or ";
      out += name;
    }
    ++i;
  }
  return out.empty() ? "N/A" : out;
}

}  // namespace

std::string mem_data_src_text(uint64_t v) {
  uint64_t op = v & 0x1f, lvl = (v >> 5) & 0x3fff, snoop = (v >> 19) & 0x1f;
  uint64_t lock = (v >> 24) & 0x3, tlb = (v >> 26) & 0x7f, blk = (v >> 40) & 0x7;
  std::string s = "|OP " + names(op, {"NA", "LOAD", "STORE", "PFETCH", "EXEC"});
  s += "|LVL " + names(lvl, {"NA", "HIT", "MISS", "L1", "LFB/MAB", "L2", "L3", "Local RAM",
                            "Remote RAM (1 hop)", "Remote RAM (2 hops)",
                            "Remote Cache (1 hop)", "Remote Cache (2 hops)", "I/O", "Uncached"});
  s += "|SNP " + names(snoop, {"NA", "None", "Hit", "Miss", "HitM"});
  s += "|TLB " + names(tlb, {"NA", "Hit", "Miss", "L1", "L2", "Walker", "Fault"});
  s += "|LCK " + names(lock, {"NA", "Yes"});
  s += "|BLK  " + names(blk, {"NA", "Data", "Addr"});
  return s;
}

}  // namespace cperf
