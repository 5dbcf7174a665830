// LBR call stacks: the call chain perf 7.2 shows for a sample of an event recorded with
// `perf record --call-graph lbr` (branch_sample_type has PERF_SAMPLE_BRANCH_CALL_STACK).
//
// The kernel's callchain of such a sample gives the kernel part; perf replaces everything after
// its PERF_CONTEXT_USER marker with the LBR call stack: the sample's ip, then the `from`
// address (the call site) of each branch entry, most recent call first. Those user frames are
// resolved as user addresses whatever they are (a kernel ip becomes [unknown]).
//
// perf's corner cases, kept:
//  - the marker is looked for among the chain's first max_stack entries only; without it
//    perf resolves the callchain as usual (a kernel thread's chain, or --max-stack cutting the
//    chain before the marker), and max_stack limits that chain. With it, nothing is cut.
//  - an empty branch stack still gives the ip in callee order, but not in caller order.
//  - a context marker perf does not know in the kernel part: the chain is resolved as usual
//    (where perf discards it).
//  - caller order (report -G, -g caller): the frames reversed, and the kernel part walked from
//    the PERF_CONTEXT_USER marker backwards, so that its ips take the mode of the marker after
//    them in the chain: kernel ips then resolve as user addresses ([unknown]), as in perf.
//
// --stitch-lbr: LbrStitcher below.
#pragma once
#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

#include "linux/perf_event.h"
#include "record/branch_history.h"
#include "record/u64_array.h"

namespace cperf {

// One frame of a resolved callchain: an address and the cpumode (PERF_RECORD_MISC_KERNEL,
// _USER, _HYPERVISOR) to look it up in.
struct LbrFrame {
  uint64_t ip = 0;
  uint8_t cpumode = 0;
  // perf makes the LBR's frames branch frames: what each counts for --branch-history's
  // columns (the entry's flags, all as targets of the sample's newest branch source)
  BranchCounts counts;
  ChainBranchInfo info;  // the same, for the call graph's per-frame counts
  LbrFrame() = default;
  LbrFrame(uint64_t ip_, uint8_t cpumode_, BranchCounts counts_ = {}, ChainBranchInfo info_ = {})
      : ip(ip_), cpumode(cpumode_), counts(counts_), info(info_) {}
  // The same frame (address and mode; the counts aside).
  bool operator==(const LbrFrame& o) const { return ip == o.ip && cpumode == o.cpumode; }
};

// perf's evsel__has_branch_callstack: the event records LBR call stacks.
bool has_lbr_callstack(const perf_event_attr& attr);

// The index of the first PERF_CONTEXT_USER among the chain's first `limit` entries, or
// min(limit, chain.size()) when there is none.
size_t find_user_context(const U64Array& chain, size_t limit);

// Fills `out` with the frames perf builds for an LBR sample: `chain` is the sample's callchain
// (with its PERF_CONTEXT_* markers), `ip` its ip, `branches` its branch entries as u64 triples
// (from, to, flags). Returns false, leaving `out` empty, when perf would resolve the callchain
// as usual instead (see above).
bool lbr_callchain(const U64Array& chain, uint64_t ip, const U64Array& branches, int max_stack,
                   bool caller_order, std::vector<LbrFrame>& out);

// perf's LBR stitching (--stitch-lbr): the LBR holds only the newest `max_lbr` calls, so a deep
// stack loses its oldest frames. When a thread's sample shares its oldest branch entries with
// the thread's previous sample (same from, to and flags, in the same LBR registers, found
// through the hardware index of each), the previous sample's older call sites are appended
// after this sample's (callee order; put first in caller order), and kept while every next
// sample of the thread stitches too; a sample that does not stitch forgets them.
// perf stitches only samples with a hardware index (HW_INDEX) and when the file gives the LBR
// size (CPU_PMU_CAPS "branches"); samples must come in time order, only those that took
// lbr_callchain's path.
class LbrStitcher {
 public:
  explicit LbrStitcher(uint64_t max_lbr) : max_lbr_(max_lbr) {}
  // Adds the stitched call sites to `frames`, lbr_callchain's result for this sample of thread
  // `tid` (in the same order), and remembers the sample. `branches` as for lbr_callchain.
  void stitch(int32_t tid, const U64Array& branches, std::optional<uint64_t> hw_idx,
              bool caller_order, std::vector<LbrFrame>& frames);
  // The thread is gone (perf makes a new one on a FORK of its tid, and script after its EXIT):
  // its next sample starts afresh.
  void forget(int32_t tid) { threads_.erase(tid); }

 private:
  struct ThreadState {
    bool has_prev = false;
    uint64_t prev_hw_idx = 0;
    std::vector<uint64_t> prev;      // the previous sample's branch entries (u64 triples)
    std::vector<LbrFrame> stitched;  // call sites kept, newest (callee side) first
  };
  // Whether `cur` continues the previous sample; if so, its older call sites join `st.stitched`.
  bool continues(ThreadState& st, const U64Array& cur, uint64_t cur_hw_idx) const;
  uint64_t max_lbr_;
  std::unordered_map<int32_t, ThreadState> threads_;
};

}  // namespace cperf
