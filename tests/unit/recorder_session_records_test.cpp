// The session records record writes, byte for byte as perf 7.2 writes them (sizes and
// layouts taken from perf 7.2.13's recordings: report -D of a `record -e cpu-clock` file).
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "recorder/session_records.h"

namespace cperf {
namespace {

std::vector<std::vector<std::byte>> collect(const std::function<void(const RecordSink&)>& make) {
  std::vector<std::vector<std::byte>> out;
  make([&](const void* d, size_t n) {
    auto* p = static_cast<const std::byte*>(d);
    out.emplace_back(p, p + n);
  });
  return out;
}

template <typename T>
T at(const std::vector<std::byte>& r, size_t off) {
  T v;
  std::memcpy(&v, r.data() + off, sizeof v);
  return v;
}

TEST(RecorderSessionRecords, EventUpdatesOfAClockEvent) {
  auto recs = collect([](const RecordSink& s) { synthesize_event_update(12086, true, {0, 1}, s); });
  ASSERT_EQ(recs.size(), 3u);
  EXPECT_EQ(recs[0].size(), 0x30u);  // unit "msec"
  EXPECT_EQ(at<uint32_t>(recs[0], 0), 78u);
  EXPECT_EQ(at<uint64_t>(recs[0], 8), 0u);
  EXPECT_EQ(at<uint64_t>(recs[0], 16), 12086u);
  EXPECT_EQ(std::memcmp(recs[0].data() + 24, "msec", 5), 0);
  EXPECT_EQ(recs[1].size(), 0x30u);  // scale 1e-6
  EXPECT_EQ(at<uint64_t>(recs[1], 8), 1u);
  EXPECT_EQ(at<double>(recs[1], 24), 1e-6);
  EXPECT_EQ(recs[2].size(), 0x20u);  // cpus 0-1 as a range
  EXPECT_EQ(at<uint64_t>(recs[2], 8), 3u);
  const unsigned char range[] = {2, 0, 0, 0, 0, 0, 1, 0};
  EXPECT_EQ(std::memcmp(recs[2].data() + 24, range, sizeof range), 0);
}

TEST(RecorderSessionRecords, OtherEventsGetTheirCpusOnly) {
  auto recs = collect([](const RecordSink& s) { synthesize_event_update(7, false, {0, 2, 3}, s); });
  ASSERT_EQ(recs.size(), 1u);
  EXPECT_EQ(at<uint16_t>(recs[0], 24), 0u);  // a list: the CPUs are not consecutive
  EXPECT_EQ(at<uint16_t>(recs[0], 26), 3u);
  EXPECT_EQ(at<uint16_t>(recs[0], 32), 3u);
}

TEST(RecorderSessionRecords, MapsIndexAndWorkloadComm) {
  auto recs = collect([](const RecordSink& s) {
    synthesize_id_index({{10, 0, 0, 16405}, {11, 1, 1, 16405}}, s);
    synthesize_thread_map({16405}, s);
    synthesize_cpu_map({0, 1}, s);
    synthesize_workload_comm(16405, 16, s);
  });
  ASSERT_EQ(recs.size(), 4u);
  EXPECT_EQ(recs[0].size(), 0x50u);
  EXPECT_EQ(at<uint64_t>(recs[0], 8), 2u);
  EXPECT_EQ(at<uint64_t>(recs[0], 48), 11u);
  EXPECT_EQ(recs[1].size(), 0x28u);
  EXPECT_EQ(at<uint64_t>(recs[1], 16), 16405u);
  EXPECT_EQ(recs[2].size(), 0x10u);
  EXPECT_EQ(recs[3].size(), 0x30u);
  EXPECT_EQ(std::strcmp(reinterpret_cast<const char*>(recs[3].data() + 16), "perf-exec"), 0);
}

}  // namespace
}  // namespace cperf
