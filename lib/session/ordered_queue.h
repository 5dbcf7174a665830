// OrderedQueue: perf's ordered-events contract.
//
// Events are queued by timestamp; equal timestamps keep arrival order. A FINISHED_ROUND record
// flushes every event not newer than the largest timestamp seen before the *previous* round
// (the kernel guarantees that after two rounds nothing older can arrive). finish() flushes all.
// Events older than the last flushed timestamp still go out in order at the next flush and are
// counted in unordered().
//
//   round 1 queued: t1..t5          FINISHED_ROUND -> flush <= limit(0); limit = 5
//   round 2 queued: t3'..t9         FINISHED_ROUND -> flush <= 5;        limit = 9
//   ...                             finish()       -> flush everything
//
// Memory is bounded as in perf's ordered_events: when more than max_queued events wait (a file
// without FINISHED_ROUND records, say), the older half of the queued time span is flushed
// (up to first + (last pushed - first) / 2), counted in half_flushes().
//
// A round's events come as a few runs already in time order (one per CPU buffer), so the
// keys pushed since the last flush are sorted once and merged with the ones left over, instead
// of each going through a heap: flushing then walks a sorted array.
#pragma once
#include <cstdint>
#include <functional>
#include <vector>

#include "session/event.h"

namespace cperf {

class OrderedQueue {
 public:
  using Deliver = std::function<void(Event&)>;
  static constexpr size_t kDefaultMaxQueued = size_t{4} << 20;
  explicit OrderedQueue(Deliver deliver, size_t max_queued = kDefaultMaxQueued)
      : deliver_(std::move(deliver)), max_queued_(max_queued ? max_queued : 1) {}

  void push(Event&& e);
  void finished_round();
  void finish();
  uint64_t unordered() const { return unordered_; }
  size_t size() const { return sorted_.size() - head_ + fresh_.size(); }
  uint64_t half_flushes() const { return half_flushes_; }

 private:
  void flush_upto(uint64_t limit);
  // Sorts fresh_ and merges it into sorted_ (dropping what was delivered).
  void settle();

  // Small keys are ordered; events stay put in slots_ (reused through free_), so sorting
  // moves 24 bytes instead of whole events.
  struct Key {
    uint64_t time;
    uint64_t seq;
    uint32_t slot;
  };
  struct Earlier {
    bool operator()(const Key& a, const Key& b) const {
      return a.time != b.time ? a.time < b.time : a.seq < b.seq;
    }
  };
  // Sorts keys made of a few runs in order by merging the runs (more than kMaxRuns: sorts).
  static constexpr size_t kMaxRuns = 64;
  void sort_runs(std::vector<Key>& keys);

  Deliver deliver_;
  size_t max_queued_;
  std::vector<size_t> run_ends_;  // sort_runs' scratch
  std::vector<Key> run_scratch_;
  uint64_t half_flushes_ = 0;
  std::vector<Key> sorted_;  // queued keys in delivery order, from head_ on
  size_t head_ = 0;
  std::vector<Key> fresh_;   // keys pushed since the last flush, in arrival order
  std::vector<Key> merged_;  // settle()'s scratch
  std::vector<Event> slots_;
  std::vector<uint32_t> free_;
  uint64_t seq_ = 0;
  uint64_t next_flush_ = 0;
  uint64_t max_time_ = 0;
  uint64_t last_flush_ = 0;
  uint64_t unordered_ = 0;
};

}  // namespace cperf
