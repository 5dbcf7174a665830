// ChainBranchStats: what perf 7.2 counts for each frame of a call-graph node when the sample's
// branches are in its call chain (report --branch-history), and prints after the frame's name
// when the file says it has branch stacks (HEADER_BRANCH_STACK): " (COND_BWD predicted:50.0%)"
// for a branch target, " (cycles:5 iter:2 avg_cycles:7)" for a source, " (calltrace)" for a
// frame no branch reached.
//
// As in perf, a node's frame takes the first path's branch when it is made, and each later
// path's branch that matches it; a source's loop iterations are only shown once a later path
// matched it (perf counts the matches, not the first one, as their divisor).
#pragma once
#include <cstdint>
#include <string>

#include "hist/branch_stats.h"

namespace cperf {

// A sample's call-path frame as a branch: perf's branch flags of its callchain cursor node.
struct ChainBranchInfo {
  bool branch = false;
  uint64_t from = 0;   // a target's branch source (nonzero: the frame is a target)
  uint64_t flags = 0;  // the branch entry's flags word
  uint64_t iter = 0, iter_cycles = 0;  // a source's folded loop: its runs and their cycles
};

class ChainBranchStats {
 public:
  // The frame at address `ip` of a path added: `made` when the node's frame is made from it.
  void add(const ChainBranchInfo& f, uint64_t ip, bool made);
  // What perf prints after the frame (with its leading space).
  std::string text() const;

 private:
  uint64_t branches_ = 0, predicted_ = 0, aborts_ = 0, cycles_ = 0;
  uint64_t iter_ = 0, iter_cycles_ = 0, matched_sources_ = 0;
  bool target_ = false;  // the last branch counted was a target
  BranchStats types_;
};

}  // namespace cperf
