// BranchCounts: what the branch frames of an entry's call graph add up to for perf's
// --branch-history columns (callchain_branch_predicted/abort/cycles): a branch's target
// counts the branch and its predicted and abort flags, its source the branch and its cycles.
#pragma once
#include <cstdint>

namespace cperf {

struct BranchCounts {
  uint64_t branches = 0, predicted = 0, aborts = 0, cycles = 0;
  BranchCounts& operator+=(const BranchCounts& o) {
    branches += o.branches;
    predicted += o.predicted;
    aborts += o.aborts;
    cycles += o.cycles;
    return *this;
  }
  bool operator==(const BranchCounts&) const = default;
};

}  // namespace cperf
