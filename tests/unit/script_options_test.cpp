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
  EXPECT_EQ(uint64_t{kFieldComm | kFieldCpu}, f.fields(kOutSw));
  EXPECT_EQ("Samples for 'e' event do not have CPU attribute set. Cannot print 'cpu' field.",
            f.check(sw_attr(PERF_SAMPLE_TID), "e", true));
}

TEST(FieldSet, TypedListStartsEmptyAndDropsMissingBitsSilently) {
  FieldSet f;
  ASSERT_EQ("", f.parse("sw:+cpu,+tid"));
  EXPECT_EQ(uint64_t{kFieldCpu | kFieldTid}, f.fields(kOutSw));
  EXPECT_EQ("", f.check(sw_attr(PERF_SAMPLE_TID), "e", true));
  EXPECT_EQ(uint64_t{kFieldTid}, f.fields(kOutSw));
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
  EXPECT_EQ(uint64_t{kFieldComm | kFieldIp | kFieldSym}, f.fields(kOutSw));
  FieldSet g;
  ASSERT_EQ("", g.parse("-ip"));
  EXPECT_EQ("", g.check(sw_attr(PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_IP), "e", true, true));
  EXPECT_FALSE(g.has(kOutSw, kFieldIp));
}

perf_event_attr raw_attr(uint64_t sample_type) {
  perf_event_attr a = sw_attr(sample_type);
  a.type = PERF_TYPE_RAW;
  return a;
}

TEST(FieldSet, MemoryFieldsNeedTheirSampleBits) {
  struct Case {
    const char* field;
    uint64_t bit;
    const char* msg;
  };
  const Case cases[] = {
      {"data_src", PERF_SAMPLE_DATA_SRC, "DATA_SRC"},
      {"weight", PERF_SAMPLE_WEIGHT, "WEIGHT"},
      {"phys_addr", PERF_SAMPLE_PHYS_ADDR, "PHYS_ADDR"},
      {"data_page_size", PERF_SAMPLE_DATA_PAGE_SIZE, "DATA_PAGE_SIZE"},
      {"code_page_size", PERF_SAMPLE_CODE_PAGE_SIZE, "CODE_PAGE_SIZE"},
      {"ins_lat", PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT"},
      {"retire_lat", PERF_SAMPLE_WEIGHT_STRUCT, "WEIGHT_STRUCT"},
  };
  for (const Case& c : cases) {
    FieldSet f;
    ASSERT_EQ("", f.parse(std::string("comm,") + c.field));
    EXPECT_EQ(std::string("Samples for 'e' event do not have ") + c.msg +
                  " attribute set. Cannot print '" + c.field + "' field.",
              f.check(sw_attr(PERF_SAMPLE_TID), "e", true))
        << c.field;
    FieldSet g;
    ASSERT_EQ("", g.parse(std::string("comm,") + c.field));
    EXPECT_EQ("", g.check(sw_attr(c.bit), "e", true)) << c.field;
  }
  // weight takes either form of the weight.
  FieldSet w;
  ASSERT_EQ("", w.parse("weight"));
  EXPECT_EQ("", w.check(sw_attr(PERF_SAMPLE_WEIGHT_STRUCT), "e", true));
  // cgroup's error has perf's hint.
  FieldSet c;
  ASSERT_EQ("", c.parse("cgroup"));
  EXPECT_EQ("Samples for 'e' event do not have CGROUP attribute set. Cannot print 'cgroup' "
            "field.\nHint: run 'perf record --all-cgroups ...'",
            c.check(sw_attr(0), "e", true));
}

TEST(FieldSet, ChecksRunInPerfsOrder) {
  FieldSet f;
  ASSERT_EQ("", f.parse("cpu,addr,weight,data_src"));
  EXPECT_EQ("Samples for 'e' event do not have ADDR attribute set. Cannot print 'addr' field.",
            f.check(sw_attr(0), "e", true));
  FieldSet g;
  ASSERT_EQ("", g.parse("weight,data_src,cpu"));
  EXPECT_EQ("Samples for 'e' event do not have DATA_SRC attribute set. Cannot print "
            "'data_src' field.",
            g.check(sw_attr(0), "e", true));
  // A branch stack field without branch stacks is no error (the samples print none).
  FieldSet b;
  ASSERT_EQ("", b.parse("brstack,brstackoff"));
  EXPECT_EQ("", b.check(sw_attr(0), "e", true));
}

TEST(FieldSet, RawEventsShowMemoryFieldsTheyHave) {
  FieldSet f;
  EXPECT_TRUE(f.has(kOutRaw, kFieldDataSrc | kFieldWeight | kFieldPhysAddr));
  EXPECT_FALSE(f.has(kOutSw, kFieldDataSrc));
  EXPECT_EQ("", f.check(raw_attr(PERF_SAMPLE_IP | PERF_SAMPLE_DATA_SRC | PERF_SAMPLE_WEIGHT),
                        "e", true));
  EXPECT_TRUE(f.has(kOutRaw, kFieldDataSrc));
  EXPECT_TRUE(f.has(kOutRaw, kFieldWeight));
  EXPECT_FALSE(f.has(kOutRaw, kFieldPhysAddr | kFieldAddr | kFieldInsLat));
}

TEST(FieldSet, DsoffImpliesDso) {
  FieldSet f;
  ASSERT_EQ("", f.parse("ip,dsoff"));
  EXPECT_FALSE(f.has(kOutSw, kFieldDso));
  EXPECT_EQ("", f.check(sw_attr(PERF_SAMPLE_IP), "e", true));
  EXPECT_TRUE(f.has(kOutSw, kFieldDso));
}

TEST(FieldSet, InvalidFieldsWarnOrFail) {
  FieldSet f;
  ASSERT_EQ("", f.parse("comm,trace"));
  EXPECT_EQ("'trace' not valid for hardware events. Ignoring.\n"
            "'trace' not valid for software events. Ignoring.\n"
            "'trace' not valid for hardware-cache events. Ignoring.\n"
            "'trace' not valid for raw events. Ignoring.\n"
            "'trace' not valid for breakpoint events. Ignoring.\n"
            "'trace' not valid for unknown events. Ignoring.\n"
            "'trace' not valid for unknown events. Ignoring.\n",
            f.take_warnings());
  EXPECT_FALSE(f.has(kOutSw, kFieldTrace));
  EXPECT_TRUE(f.has(kOutTrace, kFieldTrace));
  EXPECT_EQ("'trace' not valid for software events.", FieldSet().parse("sw:trace"));
  EXPECT_EQ("'bpf-output' not valid for hardware events.", FieldSet().parse("hw:bpf-output"));
  FieldSet b;
  ASSERT_EQ("", b.parse("comm,bpf-output"));
  EXPECT_TRUE(b.has(kOutSw, kFieldBpfOutput));
  EXPECT_FALSE(b.has(kOutHw, kFieldBpfOutput));
}

TEST(FieldSet, EveryFieldOfPerf72IsKnown) {
  EXPECT_EQ("Invalid field requested.", FieldSet().parse("+nosuchfield"));
  for (const char* name : {"brstackinsn", "brstackinsnlen", "brstackdisasm", "srccode", "metric", "synth",
                           "brcntr"})
    EXPECT_EQ("", FieldSet().parse(std::string("+") + name)) << name;
  EXPECT_EQ("Field \"disasm\" requires perf to be built with libcapstone support.",
            FieldSet().parse("+disasm"));
  for (const char* name : {"data_src", "weight", "ins_lat", "retire_lat", "phys_addr",
                           "data_page_size", "code_page_size", "dsoff", "cgroup", "tod",
                           "machine_pid", "vcpu", "callindent", "ipc", "brstackoff", "bpf-output", "insn",
                           "insnlen"})
    EXPECT_EQ("", FieldSet().parse(std::string("+") + name)) << name;
}

TEST(FieldSet, BranchStackAssemblerNeedsAnAnyBranchFilter) {
  perf_event_attr attr{};
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_BRANCH_STACK;
  const char* err = "Display of branch stack assembler requested, but non all-branch filter set\n"
                    "Hint: run 'perf record -b ...'";
  for (const char* f : {"ip,brstackinsn", "ip,brstackinsnlen", "ip,brstackdisasm"}) {
    FieldSet a;
    ASSERT_EQ("", a.parse(f));
    EXPECT_EQ(err, a.check(attr, "cycles", true, false, PERF_SAMPLE_BRANCH_USER)) << f;
    FieldSet b;
    ASSERT_EQ("", b.parse(f));
    EXPECT_EQ("", b.check(attr, "cycles", true, false, PERF_SAMPLE_BRANCH_ANY)) << f;
    FieldSet c;  // an AUX trace file: perf lets the user's fields through
    ASSERT_EQ("", c.parse(f));
    EXPECT_EQ("", c.check(attr, "cycles", true, false, 0, true)) << f;
  }
  FieldSet d;
  ASSERT_EQ("", d.parse("ip,brcntr"));
  EXPECT_EQ("Display of branch counter requested but it's not enabled\n"
            "Hint: run 'perf record -j any,counter ...'",
            d.check(attr, "cycles", true, false, PERF_SAMPLE_BRANCH_ANY));
}

}  // namespace
}  // namespace cperf
