// HistFeeder: adds report samples to their histograms on a second thread, in the order they
// come, so that reading, decoding and resolving the next samples (the caller's thread)
// overlaps the histogram work (entry look-ups, call-path trees) on the machine's other core.
//
// What Hists::add reads of a sample must not change once it is handed over: its texts are
// pooled (StringPool never moves a string), its frames are ids of a FrameTable (which only
// grows, in chunks that never move), its `symbols` table is loaded for good. Everything the
// histograms own is touched by the feeder's thread alone until drain().
//
// Unthreaded (one core): add() adds at once. The result is the same either way: the
// histograms see the same add() calls in the same order.
#pragma once
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "hist/hists.h"

namespace cperf {

class HistFeeder {
 public:
  explicit HistFeeder(bool threaded);
  ~HistFeeder();
  HistFeeder(const HistFeeder&) = delete;
  HistFeeder& operator=(const HistFeeder&) = delete;

  // Hists::add(s, path, n, filtered) on h, now or on the feeder's thread.
  void add(Hists& h, const HistSample& s, const FrameId* path, size_t n, bool filtered);
  // Returns once every sample given so far is in its histogram; rethrows what adding threw.
  void drain();

 private:
  struct Item {
    Hists* hists;
    HistSample sample;
    size_t path_at, n;
    bool filtered;
  };
  struct Batch {
    std::vector<Item> items;
    std::vector<FrameId> ids;
  };
  static constexpr size_t kBatchSize = 2048;  // samples handed over at once
  static constexpr size_t kMaxQueued = 4;     // batches waiting: bounds the memory ahead

  void submit();
  void run();

  bool threaded_;
  Batch filling_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<Batch> queue_;
  std::vector<Batch> spare_;  // emptied batches, reused
  bool busy_ = false, stop_ = false;
  std::exception_ptr error_;
  std::thread worker_;
};

}  // namespace cperf
