// BatchWorker: batches are processed in the order handed over, on the worker's thread or at
// once when unthreaded; drain() waits for all of them and rethrows what processing threw.
#include <gtest/gtest.h>

#include <stdexcept>
#include <thread>
#include <vector>

#include "base/batch_worker.h"

namespace cperf {
namespace {

struct Numbers {
  std::vector<int> v;
  bool empty() const { return v.empty(); }
  void clear() { v.clear(); }
};

void run_in_order(bool threaded) {
  std::vector<int> seen;
  std::thread::id worker_thread;
  BatchWorker<Numbers> w(threaded, [&](Numbers& b) {
    worker_thread = std::this_thread::get_id();
    seen.insert(seen.end(), b.v.begin(), b.v.end());
  });
  std::vector<int> want;
  for (int i = 0; i < 10000; ++i) {
    w.filling().v.push_back(i);
    want.push_back(i);
    if (i % 97 == 0) w.submit();
  }
  w.drain();
  EXPECT_EQ(seen, want);
  EXPECT_EQ(worker_thread != std::this_thread::get_id(), threaded);
}

TEST(BatchWorker, ProcessesInOrder) {
  run_in_order(true);
  run_in_order(false);
}

TEST(BatchWorker, DrainRethrowsAndDropsTheRest) {
  int processed = 0;
  BatchWorker<Numbers> w(true, [&](Numbers& b) {
    if (b.v[0] == 3) throw std::runtime_error("batch 3");
    ++processed;
  });
  for (int i = 0; i < 6; ++i) {
    w.filling().v.push_back(i);
    w.submit();
  }
  EXPECT_THROW(w.drain(), std::runtime_error);
  EXPECT_EQ(processed, 3);  // 0, 1, 2; those after the failure are dropped
  w.filling().v.push_back(9);  // and it works again after drain()
  w.drain();
  EXPECT_EQ(processed, 4);
}

}  // namespace
}  // namespace cperf
