// Hists latency columns: each sample's period divided by the threads running then, beside the
// overhead (or first with --latency), and the parallelism key.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_support.h"

namespace cperf {
namespace {

HistSample sample(const char* sym, uint64_t start, int parallelism) {
  HistSample s;
  s.comm = test::text("mt");
  s.pid = s.tid = 7;
  s.dso = test::text("mt");
  s.has_map = true;
  s.has_sym = true;
  s.sym = test::text(sym);
  s.sym_start = start;
  s.sym_end = start + 0x10;
  s.addr = start;
  s.period = 100;
  s.parallelism = parallelism;
  s.latency = s.period * 1000 / static_cast<uint64_t>(parallelism);
  return s;
}

std::vector<std::string> lines_of(Hists& h) { return test::printed_lines(h); }

TEST(HistLatency, ASampleAmongTwoRunningThreadsWeighsHalfInWallClockTime) {
  HistOptions o;
  o.latency = true;
  Hists h(o);
  h.add(sample("alone", 0x100, 1), nullptr);  // 100 of CPU time, 100 of wall-clock time
  h.add(sample("shared", 0x200, 2), nullptr);  // 100 of CPU time, 50 of wall-clock time
  std::vector<std::string> l = lines_of(h);
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0], "# Overhead   Latency  Command  Shared Object  Symbol    ");
  EXPECT_EQ(l[3], "    50.00%    66.67%  mt       mt             [.] alone");
  EXPECT_EQ(l[4], "    50.00%    33.33%  mt       mt             [.] shared");
}

TEST(HistLatency, PreferredLatencyComesFirstAndSorts) {
  HistOptions o;
  o.latency = o.prefer_latency = true;
  Hists h(o);
  h.add(sample("shared", 0x200, 2), nullptr);
  h.add(sample("shared", 0x200, 2), nullptr);
  h.add(sample("alone", 0x100, 1), nullptr);
  h.add(sample("alone", 0x100, 1), nullptr);
  h.add(sample("shared", 0x200, 2), nullptr);
  std::vector<std::string> l = lines_of(h);
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0], "#  Latency  Overhead  Command  Shared Object  Symbol    ");
  // shared has more CPU time (60%) but less wall-clock time (150 of 350)
  EXPECT_EQ(l[3], "    57.14%    40.00%  mt       mt             [.] alone");
  EXPECT_EQ(l[4], "    42.86%    60.00%  mt       mt             [.] shared");
}

TEST(HistLatency, ParallelismKeyKeepsLevelsApart) {
  HistOptions o;
  o.latency = true;
  o.sort = {SortKey::kParallelism, SortKey::kComm};
  Hists h(o);
  h.add(sample("a", 0x100, 1), nullptr);
  h.add(sample("b", 0x200, 2), nullptr);
  h.add(sample("c", 0x300, 2), nullptr);
  std::vector<std::string> l = lines_of(h);
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0], "# Overhead   Latency  Parallelism  Command");
  EXPECT_EQ(l[3], "    66.67%    50.00%            2  mt     ");
  EXPECT_EQ(l[4], "    33.33%    50.00%            1  mt     ");
}

}  // namespace
}  // namespace cperf
