// SampleReadSplitter: a group read becomes one sample per counter that grew, with the growth as
// its period, counted per thread when the counters are inherited.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "record/sample_read.h"

namespace cperf {
namespace {

struct GroupRead {
  std::vector<uint64_t> words;  // value, id pairs
  DecodedSample ds;
  GroupRead(std::initializer_list<uint64_t> pairs, uint32_t tid) : words(pairs) {
    ds.tid = tid;
    ds.read.nr = words.size() / 2;
    ds.read.values = Bytes(reinterpret_cast<const std::byte*>(words.data()), words.size() * 8);
  }
};

perf_event_attr group_attr(bool inherit) {
  perf_event_attr a{};
  a.sample_type = PERF_SAMPLE_READ | PERF_SAMPLE_TID;
  a.read_format = PERF_FORMAT_GROUP | PERF_FORMAT_ID;
  a.inherit = inherit;
  return a;
}

int id_to_attr(uint64_t id) { return id == 100 ? 0 : id == 101 ? 1 : -1; }

TEST(SampleRead, EachCounterThatGrewIsASampleOfItsEvent) {
  SampleReadSplitter split;
  perf_event_attr a = group_attr(false);
  GroupRead first({1000, 100, 500, 101}, 7);
  auto v = split.split(first.ds, a, false, id_to_attr);
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0].attr_index, 0);
  EXPECT_EQ(v[0].period, 1000u);
  EXPECT_EQ(v[1].attr_index, 1);
  EXPECT_EQ(v[1].period, 500u);
  GroupRead second({1600, 100, 500, 101, 9, 999}, 8);  // the member did not grow; 999 is unknown
  v = split.split(second.ds, a, false, id_to_attr);
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0].period, 600u);  // not per thread: the counter's growth since any thread's sample
}

TEST(SampleRead, InheritedCountersAreCountedPerThread) {
  SampleReadSplitter split;
  perf_event_attr a = group_attr(true);
  GroupRead t7({1000, 100}, 7), t8({300, 100}, 8), t7b({1500, 100}, 7);
  EXPECT_EQ(split.split(t7.ds, a, false, id_to_attr)[0].period, 1000u);
  EXPECT_EQ(split.split(t8.ds, a, false, id_to_attr)[0].period, 300u);
  EXPECT_EQ(split.split(t7b.ds, a, false, id_to_attr)[0].period, 500u);
}

}  // namespace
}  // namespace cperf
