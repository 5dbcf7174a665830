// HistFeeder: adds report samples to their histograms on a second thread, in the order they
// come, so that reading, decoding and resolving the next samples (the caller's thread)
// overlaps the histogram work (entry look-ups, call-path trees) on the machine's other core.
//
// What Hists::add reads of a sample must not change once it is handed over: its texts are
// pooled (StringPool never moves a string), its frames are ids of a FrameTable (which only
// grows, in chunks that never move), its `symbols` table is loaded for good. Everything the
// histograms own is touched by the feeder's thread alone until drain(), but their call-path
// trees when the histograms have a ChainAppender (that thread's, until its drain()).
//
// Unthreaded (one core): add() adds at once. The result is the same either way: the
// histograms see the same add() calls in the same order.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/batch_worker.h"
#include "hist/hists.h"

namespace cperf {

class HistFeeder {
 public:
  explicit HistFeeder(bool threaded);

  // Hists::add(s, path, n, filtered) on h, now or on the feeder's thread.
  // branch_suffix, branch_frames: as Hists::add's (n + 1 sums, n frames), copied.
  void add(Hists& h, const HistSample& s, const FrameId* path, size_t n, bool filtered,
           const BranchCounts* branch_suffix = nullptr, const ChainBranchInfo* branch_frames = nullptr);
  // Returns once every sample given so far is in its histogram; rethrows what adding threw.
  void drain() { worker_.drain(); }
  bool threaded() const { return worker_.threaded(); }

 private:
  struct Item {
    Hists* hists;
    HistSample sample;
    size_t path_at, n;
    bool filtered;
    size_t counts_at;  // in Batch::counts; kNoCounts: none
    size_t frames_at;  // in Batch::frames; kNoCounts: none
  };
  static constexpr size_t kNoCounts = SIZE_MAX;
  struct Batch {
    std::vector<Item> items;
    std::vector<FrameId> ids;
    std::vector<BranchCounts> counts;
    std::vector<ChainBranchInfo> frames;
    bool empty() const { return items.empty(); }
    void clear() {
      items.clear();
      ids.clear();
      counts.clear();
      frames.clear();
    }
  };
  static constexpr size_t kBatchSize = 2048;  // samples handed over at once

  static void add_all(Batch& b);

  BatchWorker<Batch> worker_;
};

}  // namespace cperf
