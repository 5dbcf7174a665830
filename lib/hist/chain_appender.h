// ChainAppender: makes call-path tree appends (CallchainTree::append) on a thread of their own,
// in the order they are asked for.
//
// Why: in --children mode every sample adds its path to the tree of each frame's entry, which
// is as much work as finding those entries. Hists::add finds the entries and hands the appends
// over, so the two halves run on two cores (with the file reading beside them).
//
// A sample's appends share its path: path() copies it into the batch once, and the appends
// that follow refer to it (the trees keep one lasting copy of it, as when appended directly).
// The trees, and the store their nodes come from, are the appender's alone until drain(); the
// FrameTable their frames come from may grow meanwhile (it never moves a frame).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/batch_worker.h"
#include "hist/callchain_tree.h"

namespace cperf {

class ChainAppender {
 public:
  explicit ChainAppender(bool threaded);

  // The path of the appends that follow.
  void path(const FrameId* ids, size_t n);
  // tree.append(path, from, period) for the last path given.
  void append(CallchainTree& tree, size_t from, uint64_t period);
  // Returns once every append asked for is made; rethrows what appending threw.
  void drain() { worker_.drain(); }

 private:
  struct Job {
    CallchainTree* tree;
    uint32_t path_at, n, from;
    uint64_t period;
  };
  struct Batch {
    std::vector<Job> jobs;
    std::vector<FrameId> ids;
    bool empty() const { return jobs.empty(); }
    void clear() {
      jobs.clear();
      ids.clear();
    }
  };
  static constexpr size_t kBatchJobs = 8192;  // appends handed over at once

  static void append_all(Batch& b);

  uint32_t path_at_ = 0, path_n_ = 0;
  BatchWorker<Batch> worker_;
};

}  // namespace cperf
