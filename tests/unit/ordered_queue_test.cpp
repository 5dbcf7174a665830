#include "session/ordered_queue.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <utility>
#include <vector>

namespace cperf {
namespace {

Event at(uint64_t t) {
  Event e;
  e.time = t;
  e.raw.offset = t * 100;
  return e;
}

// perf's contract, as drawn in its ordered-events comment:
//   round 1: 1 2 3 | round 2: 4 (late: 2) 5 | round 3: 6
// Nothing goes out at the first FINISHED_ROUND; each later one flushes up to the largest time
// seen before the previous round; finish() flushes the rest.
TEST(OrderedQueue, TwoRoundRule) {
  std::vector<uint64_t> out;
  OrderedQueue q([&](Event& e) { out.push_back(e.time); });
  for (uint64_t t : {1, 3, 2}) q.push(at(t));
  q.finished_round();
  EXPECT_TRUE(out.empty());
  for (uint64_t t : {5, 4}) q.push(at(t));
  q.finished_round();
  EXPECT_EQ(out, (std::vector<uint64_t>{1, 2, 3}));
  q.push(at(6));
  q.finished_round();
  EXPECT_EQ(out, (std::vector<uint64_t>{1, 2, 3, 4, 5}));
  q.finish();
  EXPECT_EQ(out, (std::vector<uint64_t>{1, 2, 3, 4, 5, 6}));
  EXPECT_EQ(q.unordered(), 0u);
}

TEST(OrderedQueue, EqualTimesKeepArrivalOrder) {
  std::vector<uint64_t> offsets;
  OrderedQueue q([&](Event& e) { offsets.push_back(e.raw.offset); });
  for (uint64_t off : {10, 20, 30}) {
    Event e = at(5);
    e.raw.offset = off;
    q.push(std::move(e));
  }
  q.finish();
  EXPECT_EQ(offsets, (std::vector<uint64_t>{10, 20, 30}));
}

TEST(OrderedQueue, LateEventIsCountedAndStillDelivered) {
  std::vector<uint64_t> out;
  OrderedQueue q([&](Event& e) { out.push_back(e.time); });
  q.push(at(10));
  q.finished_round();
  q.finished_round();  // flushes 10
  q.push(at(5));       // older than what was already delivered
  q.finish();
  EXPECT_EQ(out, (std::vector<uint64_t>{10, 5}));
  EXPECT_EQ(q.unordered(), 1u);
}

// Without FINISHED_ROUND records the queue would grow with the file: past max_queued events,
// perf's half flush delivers the older half of the queued time span, in order.
// Rounds of interleaved per-CPU runs whose times overlap the events left over from the last
// flush (the merge path): each flush must deliver exactly what a stable sort of the waiting
// events by time would, up to the limit.
TEST(OrderedQueue, LeftOversMergeWithNewerRuns) {
  std::vector<std::pair<uint64_t, uint64_t>> out;  // (time, offset)
  OrderedQueue q([&](Event& e) { out.emplace_back(e.time, e.raw.offset); });
  std::vector<std::pair<uint64_t, uint64_t>> waiting, expected;
  std::mt19937_64 rng(7);
  uint64_t offset = 0, max_time = 0, next_flush = 0;
  uint64_t cpu_time[4] = {0, 0, 0, 0};
  for (int round = 0; round < 50; ++round) {
    for (int i = 0; i < 200; ++i) {
      int cpu = static_cast<int>(rng() % 4);
      cpu_time[cpu] += rng() % 7;  // each CPU's run is in time order, equal times included
      Event e = at(cpu_time[cpu]);
      e.raw.offset = ++offset;
      max_time = std::max(max_time, e.time);
      waiting.emplace_back(e.time, offset);
      q.push(std::move(e));
    }
    q.finished_round();
    std::stable_sort(waiting.begin(), waiting.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    auto cut = std::find_if(waiting.begin(), waiting.end(), [&](const auto& w) { return w.first > next_flush; });
    expected.insert(expected.end(), waiting.begin(), cut);
    waiting.erase(waiting.begin(), cut);
    next_flush = max_time;
    ASSERT_EQ(out, expected) << "round " << round;
  }
  q.finish();
  expected.insert(expected.end(), waiting.begin(), waiting.end());
  EXPECT_EQ(out, expected);
}

// perf record empties one CPU buffer after the other, so a round is a few runs in time order
// (merged, not sorted, by the queue): equal times in several runs still go out in arrival order.
TEST(OrderedQueue, RoundsOfPerCpuRunsGoOutInTimeThenArrivalOrder) {
  std::vector<std::pair<uint64_t, uint64_t>> out;  // (time, offset)
  OrderedQueue q([&](Event& e) { out.emplace_back(e.time, e.raw.offset); });
  std::vector<std::pair<uint64_t, uint64_t>> all;
  std::mt19937_64 rng(11);
  uint64_t offset = 0, base = 0;
  for (int round = 0; round < 40; ++round) {
    int cpus = 1 + round % 9;  // 1 to 9 runs a round
    for (int cpu = 0; cpu < cpus; ++cpu) {
      uint64_t t = base + rng() % 5;
      for (int i = 0; i < 30; ++i) {
        t += rng() % 3;
        Event e = at(t);
        e.raw.offset = ++offset;
        all.emplace_back(t, offset);
        q.push(std::move(e));
      }
    }
    base += 40;
    q.finished_round();
  }
  q.finish();
  std::stable_sort(all.begin(), all.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  EXPECT_EQ(out, all);
}

TEST(OrderedQueue, HalfFlushBoundsTheQueue) {
  std::vector<uint64_t> out;
  OrderedQueue q([&](Event& e) { out.push_back(e.time); }, 4);
  for (uint64_t t : {10, 30, 20, 40}) q.push(at(t));
  EXPECT_TRUE(out.empty());
  q.push(at(50));  // 5 queued > 4: flush up to 10 + (50 - 10) / 2 = 30
  EXPECT_EQ(out, (std::vector<uint64_t>{10, 20, 30}));
  EXPECT_EQ(q.half_flushes(), 1u);
  EXPECT_EQ(q.size(), 2u);
  q.push(at(25));  // older than what went out: late, still delivered
  q.finish();
  EXPECT_EQ(out, (std::vector<uint64_t>{10, 20, 30, 25, 40, 50}));
  EXPECT_EQ(q.unordered(), 1u);
}

}  // namespace
}  // namespace cperf
