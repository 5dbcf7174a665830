#include "recorder/branch_filter.h"

#include <strings.h>

#include "linux/perf_event.h"

namespace cperf {

bool parse_branch_filter(const std::string& text, uint64_t& mask, std::string& bad) {
  static const std::pair<const char*, uint64_t> kWords[] = {
      {"u", PERF_SAMPLE_BRANCH_USER},          {"k", PERF_SAMPLE_BRANCH_KERNEL},
      {"hv", PERF_SAMPLE_BRANCH_HV},           {"any", PERF_SAMPLE_BRANCH_ANY},
      {"any_call", PERF_SAMPLE_BRANCH_ANY_CALL}, {"any_ret", PERF_SAMPLE_BRANCH_ANY_RETURN},
      {"ind_call", PERF_SAMPLE_BRANCH_IND_CALL}, {"abort_tx", PERF_SAMPLE_BRANCH_ABORT_TX},
      {"in_tx", PERF_SAMPLE_BRANCH_IN_TX},     {"no_tx", PERF_SAMPLE_BRANCH_NO_TX},
      {"cond", PERF_SAMPLE_BRANCH_COND},       {"ind_jmp", PERF_SAMPLE_BRANCH_IND_JUMP},
      {"call", PERF_SAMPLE_BRANCH_CALL},       {"no_flags", PERF_SAMPLE_BRANCH_NO_FLAGS},
      {"no_cycles", PERF_SAMPLE_BRANCH_NO_CYCLES}, {"save_type", PERF_SAMPLE_BRANCH_TYPE_SAVE},
      {"stack", PERF_SAMPLE_BRANCH_CALL_STACK}, {"hw_index", PERF_SAMPLE_BRANCH_HW_INDEX},
      {"priv", PERF_SAMPLE_BRANCH_PRIV_SAVE},  {"counter", PERF_SAMPLE_BRANCH_COUNTERS},
  };
  constexpr uint64_t kPrivilegeOnly =
      PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_KERNEL | PERF_SAMPLE_BRANCH_HV;
  mask = 0;
  size_t pos = 0;
  for (;;) {
    size_t comma = text.find(',', pos);
    std::string word = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    bool found = false;
    for (const auto& [w, bit] : kWords)
      if (strcasecmp(word.c_str(), w) == 0) {  // perf takes any case
        mask |= bit;
        found = true;
      }
    if (!found) {
      bad = word;
      return false;
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  if ((mask & ~kPrivilegeOnly) == 0) mask = PERF_SAMPLE_BRANCH_ANY;
  return true;
}

}  // namespace cperf
