// Hists::print with print threads: a long output made in two halves at once prints exactly
// what one thread prints (entries, their call graphs, in order), in graph and folded modes.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"

namespace cperf {
namespace {

const std::string kLib = "lib";

void fill(Hists& h) {
  std::mt19937 rng(11);
  const char* names[] = {"main", "run", "step", "spin"};
  for (int i = 0; i < 140000; ++i) {  // above the two-thread threshold (131072 entries)
    std::vector<ChainFrame> path;
    for (size_t d = 0, n = 1 + rng() % 3; d < n; ++d) {
      const char* nm = names[rng() % 4];
      path.push_back(test::named_frame(nm, static_cast<uint64_t>(nm[0] + nm[1]) * 0x100, 1, &kLib));
    }
    ChainFrame bare;  // the sampled address: one entry each
    bare.ip = 0x100000 + static_cast<uint64_t>(i);
    path.push_back(bare);
    HistSample s = test::sample_at(path, &kLib);
    s.has_sym = false;
    s.period = 1 + rng() % 3;
    h.add(s, &path);
  }
}

void compare(ChainMode mode) {
  HistOptions o;
  o.use_callchain = true;
  o.mode = mode;
  o.chain_min_percent = 0;
  Hists one(o), two(o);
  two.set_print_threads(true);
  fill(one);
  fill(two);
  std::vector<std::string> a = test::printed_lines(one), b = test::printed_lines(two);
  ASSERT_GT(a.size(), 280000u);
  EXPECT_EQ(a, b);
}

TEST(HistPrintThreads, GraphEqualsOneThread) { compare(ChainMode::kGraph); }
TEST(HistPrintThreads, FoldedEqualsOneThread) { compare(ChainMode::kFolded); }

}  // namespace
}  // namespace cperf
