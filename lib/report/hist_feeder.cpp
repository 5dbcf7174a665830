#include "report/hist_feeder.h"

namespace cperf {

HistFeeder::HistFeeder(bool threaded) : worker_(threaded, add_all) {}

void HistFeeder::add(Hists& h, const HistSample& s, const FrameId* path, size_t n, bool filtered,
                     const BranchCounts* branch_suffix, const ChainBranchInfo* branch_frames) {
  if (!worker_.threaded()) {
    h.add(s, path, n, filtered, branch_suffix, branch_frames);
    return;
  }
  Batch& b = worker_.filling();
  b.items.push_back(Item{&h, s, b.ids.size(), n, filtered, branch_suffix ? b.counts.size() : kNoCounts,
                         branch_frames ? b.frames.size() : kNoCounts});
  if (branch_frames) b.frames.insert(b.frames.end(), branch_frames, branch_frames + n);
  b.ids.insert(b.ids.end(), path, path + n);
  if (branch_suffix) b.counts.insert(b.counts.end(), branch_suffix, branch_suffix + n + 1);
  if (b.items.size() == kBatchSize) worker_.submit();
}

void HistFeeder::add_all(Batch& b) {
  for (const Item& it : b.items) it.hists->add(it.sample, b.ids.data() + it.path_at, it.n, it.filtered,
                 it.counts_at == kNoCounts ? nullptr : b.counts.data() + it.counts_at,
                 it.frames_at == kNoCounts ? nullptr : b.frames.data() + it.frames_at);
}

}  // namespace cperf
