// BlockCycles: the cycles that taken branches' LBR entries report, counted per basic block of
// each function (perf's cycle histograms of annotate, which `report --total-cycles` reads).
//
// A branch entry's cycles are those spent since the previous taken branch: in the block that
// ends at the branch's source. The block starts where the previous branch (in program order)
// landed, when that is in the same function (or the branch leaves the function's first byte);
// otherwise only its end is known. Per end address a function keeps every count (cycles_aggr,
// num_aggr) and, apart, those of its longest block seen (the earliest start): a block with an
// earlier start replaces the counts kept, one with a later start is not kept, as perf does.
#pragma once
#include <cstdint>
#include <map>
#include <span>
#include <unordered_map>

namespace cperf {

struct Map;
struct Symbol;

// One end of a branch as perf resolves it: its map and symbol (nullptr: none), the recorded
// address and the address in the map's dso (perf's al_addr).
struct BlockBranchEnd {
  const Map* map = nullptr;
  uint64_t map_start = 0;  // the map's start (perf's check for a branch to a function start)
  const Symbol* sym = nullptr;
  uint64_t addr = 0, al_addr = 0;
};

struct BlockBranch {
  BlockBranchEnd from, to;
  uint32_t cycles = 0;
};

// The counts at one block end (perf's cyc_hist; the parts the block report reads).
struct BlockCount {
  uint64_t start = 0;  // the kept block's start offset in the function (0 without one)
  uint64_t cycles = 0, cycles_aggr = 0;
  uint32_t num = 0, num_aggr = 0;
  bool have_start = false;
};

class BlockCycles {
 public:
  // One sample's branch stack, most recent branch first (as recorded). perf counts it only when
  // the most recent branch has cycles. nonany: the file's branch filter is not "any" (perf
  // then knows no block's start).
  void account(std::span<const BlockBranch> branches, bool nonany);
  // Every counted branch's cycles (perf's total_cycles).
  uint64_t total_cycles() const { return total_; }
  // A function's counts by block end offset; nullptr when none was counted.
  const std::map<uint64_t, BlockCount>* counts(const Symbol* sym) const {
    auto it = hists_.find(sym);
    return it == hists_.end() ? nullptr : &it->second;
  }

 private:
  void account_one(const BlockBranchEnd& from, const BlockBranchEnd* prev, uint32_t cycles);
  std::unordered_map<const Symbol*, std::map<uint64_t, BlockCount>> hists_;
  uint64_t total_ = 0;
};

}  // namespace cperf
