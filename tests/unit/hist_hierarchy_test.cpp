// Hists --hierarchy: one level per sort key, a level's Children column taken from the first
// entry that reached it (perf's copy), sampled-out entries kept in nodes of their own, and
// call graphs under the last level only.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"

namespace cperf {
namespace {

const std::string kDeep = "deep";

HistSample sample_of(const std::vector<ChainFrame>& p) { return test::sample_at(p, &kDeep); }
using test::printed_lines;

TEST(HistHierarchy, LevelsNestUnderTheirKeysWithTheNumbersIndented) {
  HistOptions o;
  o.hierarchy = true;
  Hists h(o);
  auto spin = test::named_path({"main", "spin"}, &kDeep);
  auto read = test::named_path({"main", "read"}, &kDeep);
  h.add(sample_of(spin), nullptr);
  h.add(sample_of(spin), nullptr);
  h.add(sample_of(read), nullptr);
  std::vector<std::string> l = printed_lines(h);
  ASSERT_EQ(l.size(), 7u);
  EXPECT_EQ(l[0], "#       Overhead  Command / Shared Object / Symbol");
  // the key dots: the longer of the joined names (32) and each level's indent plus width
  EXPECT_EQ(l[1], "# ..............  ................................");
  EXPECT_EQ(l[3], "   100.00%        deep   ");
  EXPECT_EQ(l[4], "      100.00%        deep         ");
  EXPECT_EQ(l[5], "          66.67%        [.] spin");
  EXPECT_EQ(l[6], "          33.33%        [.] read");
}

TEST(HistHierarchy, ALevelsChildrenColumnIsItsFirstEntrysSelfPeriod) {
  HistOptions o;
  o.hierarchy = true;
  o.children = true;
  o.caller_order = true;
  o.use_callchain = true;
  o.mode = ChainMode::kNone;
  Hists h(o);
  auto p = test::named_path({"main", "spin"}, &kDeep);
  h.add(sample_of(p), &p);
  std::vector<std::string> l = printed_lines(h);
  ASSERT_EQ(l.size(), 7u);
  // The flat report gives main 100% children; here every level shows the self period of the
  // first entry that reached it (main's callchain entry: 0), never an accumulated sum.
  EXPECT_EQ(l[3], "     0.00%   100.00%        deep   ");
  EXPECT_EQ(l[4], "        0.00%   100.00%        deep         ");
  EXPECT_EQ(l[5], "         100.00%   100.00%        [.] spin");
  EXPECT_EQ(l[6], "           0.00%     0.00%        [.] main");
}

TEST(HistHierarchy, EntriesFilteredWhenSampledMakeNodesOfTheirOwn) {
  HistOptions o;
  o.hierarchy = true;
  Hists h(o);
  auto p = test::named_path({"spin"}, &kDeep);
  h.add(sample_of(p), nullptr, /*filtered=*/true);
  h.add(sample_of(p), nullptr, /*filtered=*/false);
  std::vector<std::string> l = printed_lines(h);
  ASSERT_EQ(l.size(), 6u);  // header (3 lines), then one shown node per level
  EXPECT_EQ(l[3], "    50.00%        deep   ");
  EXPECT_EQ(l[5], "          50.00%        [.] spin");
}

}  // namespace
}  // namespace cperf
