// perf script's option parsers: --time (TimeRanges) and -F/--fields (FieldSet), with the rules of
// upstream perf 7.2 (checked against it by the script-* goldens, see tests/data/gen-golden.sh).
#include <gtest/gtest.h>

#include "script/field_set.h"
#include "script/time_ranges.h"

namespace cperf {
namespace {

using R = TimeRanges::ParseResult;

TEST(TimeRanges, AbsoluteSpanNeedsTheComma) {
  TimeRanges t;
  EXPECT_EQ(R::kOk, t.parse("10.5,11", 0, 0));
  EXPECT_TRUE(t.skip(10'400'000'000));
  EXPECT_FALSE(t.skip(10'500'000'000));
  EXPECT_FALSE(t.skip(11'000'000'000));
  EXPECT_TRUE(t.skip(11'000'000'001));
  EXPECT_FALSE(t.skip(0));  // time 0 is never dropped
  EXPECT_EQ(R::kOk, t.parse(",11", 0, 0));
  EXPECT_FALSE(t.skip(1));
  EXPECT_EQ(R::kInvalid, t.parse("10.5", 0, 0));
  EXPECT_EQ(R::kInvalid, t.parse("11,10", 0, 0));
  EXPECT_EQ(R::kInvalid, t.parse("1.0123456789,", 0, 0));
  EXPECT_EQ(R::kInvalid, t.parse("x,", 0, 0));
}

TEST(TimeRanges, PercentSlices) {
  TimeRanges t;
  EXPECT_EQ(R::kNoSampleTime, t.parse("10%/2", 0, 0));
  // Span 1000..2000: the 2nd 10% slice is [1100, 1199] (ends are pulled in by one).
  ASSERT_EQ(R::kOk, t.parse("10%/2", 1000, 2000));
  EXPECT_TRUE(t.skip(1099));
  EXPECT_FALSE(t.skip(1100));
  EXPECT_FALSE(t.skip(1199));
  EXPECT_TRUE(t.skip(1200));
  // The last slice keeps the last sample.
  ASSERT_EQ(R::kOk, t.parse("50%/2", 1000, 2000));
  EXPECT_FALSE(t.skip(2000));
  // Several ranges.
  ASSERT_EQ(R::kOk, t.parse("0%-10%,50%-60%", 1000, 2000));
  EXPECT_FALSE(t.skip(1050));
  EXPECT_TRUE(t.skip(1300));
  EXPECT_FALSE(t.skip(1550));
  // "25%" is the first 25% slice.
  ASSERT_EQ(R::kOk, t.parse("25%", 1000, 2000));
  EXPECT_FALSE(t.skip(1249));
  EXPECT_TRUE(t.skip(1250));
  EXPECT_EQ(R::kInvalid, t.parse("25%x", 1000, 2000));
  EXPECT_EQ(R::kInvalid, t.parse("120%-130%", 1000, 2000));
}

perf_event_attr sw_attr(uint64_t sample_type) {
  perf_event_attr a{};
  a.type = PERF_TYPE_SOFTWARE;
  a.sample_type = sample_type;
  return a;
}

TEST(FieldSet, PlainListIsUserSetAndErrsOnMissingBits) {
  FieldSet f;
  ASSERT_EQ("", f.parse("comm,cpu"));
  EXPECT_EQ(uint32_t{kFieldComm | kFieldCpu}, f.fields(kOutSw));
  EXPECT_EQ("Samples for 'e' event do not have CPU attribute set. Cannot print 'cpu' field.",
            f.check(sw_attr(PERF_SAMPLE_TID), "e", true));
}

TEST(FieldSet, TypedListStartsEmptyAndDropsMissingBitsSilently) {
  FieldSet f;
  ASSERT_EQ("", f.parse("sw:+cpu,+tid"));
  EXPECT_EQ(uint32_t{kFieldCpu | kFieldTid}, f.fields(kOutSw));
  EXPECT_EQ("", f.check(sw_attr(PERF_SAMPLE_TID), "e", true));
  EXPECT_EQ(uint32_t{kFieldTid}, f.fields(kOutSw));
  FieldSet d;
  EXPECT_EQ(d.fields(kOutTrace), f.fields(kOutTrace));  // other types keep their defaults
}

TEST(FieldSet, PlusMinusChangeTheDefaults) {
  FieldSet f, d;
  ASSERT_EQ("", f.parse("+pid,-period"));
  EXPECT_EQ((d.fields(kOutSw) | kFieldPid) & ~kFieldPeriod, f.fields(kOutSw));
  EXPECT_EQ("Cannot mix +-field with overridden fields", FieldSet().parse("+pid,comm"));
  EXPECT_EQ("Cannot mix +-field with overridden fields", FieldSet().parse("comm,-pid"));
  EXPECT_EQ("Invalid field requested.", FieldSet().parse("nosuch"));
  EXPECT_EQ("Invalid event type in field string.", FieldSet().parse("nosuch:comm"));
  EXPECT_EQ("Cannot set fields to 'none' for all event types.", FieldSet().parse(""));
}

TEST(FieldSet, PipeCallchainsTurnOnIpAndSymUnlessRemoved) {
  FieldSet f;
  ASSERT_EQ("", f.parse("sw:comm"));
  EXPECT_EQ("", f.check(sw_attr(PERF_SAMPLE_CALLCHAIN), "e", true, true));
  EXPECT_EQ(uint32_t{kFieldComm | kFieldIp | kFieldSym}, f.fields(kOutSw));
  FieldSet g;
  ASSERT_EQ("", g.parse("-ip"));
  EXPECT_EQ("", g.check(sw_attr(PERF_SAMPLE_CALLCHAIN), "e", true, true));
  EXPECT_FALSE(g.has(kOutSw, kFieldIp));
}

}  // namespace
}  // namespace cperf
