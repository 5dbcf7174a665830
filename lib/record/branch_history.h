// Branch history: the call chain perf 7.2's `report --branch-history` shows for a sample that
// has both a callchain and a branch stack (`perf record -b -g`): the sample's last branches come
// first, each as two frames (its target, then its source), then the callchain.
//
// What perf does, and cperf with it:
//  - at most max_stack branches are taken, most recent first (callee order) or oldest first
//    (caller order); a stack of more than kMaxBranchDepth entries is skipped whole.
//  - in callee order, each branch whose source lies just before (at most 8 bytes) the callchain
//    entry at the current "first call" position (or each branch while that entry is a context
//    marker) moves that position on: the callchain is then read from there, so the call sites
//    the branches already show are not repeated.
//  - loops are folded (remove_branch_loops): a run of branches whose sources repeat the run
//    just before it is dropped, and the branch after it counts one more iteration.
//  - the callchain is then read as usual but shortened by the number of branches kept (perf
//    subtracts them from its length, whatever the order), with the marker logic of perf's
//    resolver: callee order switches the cpumode at each marker, caller order takes the mode of
//    the nearest marker before each entry. An unknown marker discards the whole chain.
//  - branch ends are looked up in every address space (cpumode kAnyMode), chain entries in
//    their context's.
// The frames carry what perf's call graph counts for its Predicted, Abort and Cycles columns
// (BranchCounts): a target counts a branch and its predicted and abort flags, a source counts a
// branch and its cycles.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "hist/branch_counts.h"
#include "hist/chain_branch_stats.h"
#include "record/u64_array.h"

namespace cperf {

// A branch stack of more entries than this is "corrupted" for perf: its branches are skipped.
constexpr size_t kMaxBranchDepth = 127;
// Look the address up in the user, then the kernel address space (a branch end).
constexpr uint8_t kAnyMode = 0xff;

// One branch record, decoded from the sample's (from, to, flags) triple.
struct BranchRecord {
  uint64_t from = 0, to = 0, flags = 0;
  bool predicted = false, abort = false;
  uint16_t cycles = 0;
};
BranchRecord decode_branch(uint64_t from, uint64_t to, uint64_t flags);

// perf's per-branch loop iterations: how many times the folded loop before it ran, and the
// cycles of one run.
struct LoopIterations {
  int count = 0;
  uint64_t cycles = 0;
};

// Folds repeated runs of branches in place (perf's remove_loops, same hash and order of
// visits, so that the same runs go); returns the new length. iters must have be.size()
// elements, zeroed.
size_t remove_branch_loops(std::vector<BranchRecord>& be, std::vector<LoopIterations>& iters);

// What one branch frame counts: a target (is_target, perf's frames that keep a nonzero branch
// source) its predicted and abort flags, a source its cycles; `flags` the entry's flags word.
BranchCounts branch_frame_counts(uint64_t flags, bool is_target);

struct BranchHistoryFrame {
  uint64_t ip = 0;
  uint8_t cpumode = kAnyMode;  // kAnyMode for branch ends; else the context's
  BranchCounts counts;         // zero for callchain entries
  ChainBranchInfo info;        // the frame as a branch, for the call graph's per-frame counts
};

// The frames perf builds for the sample: `chain` its callchain (markers included), `branches`
// its branch entries as u64 triples (from, to, flags). Empty when an unknown context marker
// makes perf discard the chain.
void branch_history_frames(const U64Array& chain, const U64Array& branches, int max_stack,
                           bool caller_order, std::vector<BranchHistoryFrame>& out);

}  // namespace cperf
