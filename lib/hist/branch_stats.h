// perf's branch statistics of a branch-mode report: how many counted branches were of each
// type, conditional branches forward or backward, and branches crossing a 4K page or a 2M
// region, printed as "# Branch Statistics:" after the report.
#pragma once
#include <cstdint>
#include <cstdio>
#include <vector>

#include "format/branch_flags.h"

namespace cperf {

class BranchStats {
 public:
  // One branch (perf skips branches of unknown type and those from address 0).
  void count(uint64_t from, uint64_t to, const BranchFlags& f);
  void merge(const BranchStats& o);
  // Percentages of the counted branches; nothing when none was counted.
  void print(std::FILE* out) const;
  // The names of what was counted, in perf's order for a call-graph line (its branch_type_str):
  // COND_FWD, COND_BWD, the other types, the extended ones, CROSS_4K, CROSS_2M. Empty when
  // nothing was counted.
  std::vector<const char*> names() const;

 private:
  uint64_t types_[16] = {}, new_types_[16] = {};
  uint64_t cond_fwd_ = 0, cond_bwd_ = 0, cross_4k_ = 0, cross_2m_ = 0;
};

}  // namespace cperf
