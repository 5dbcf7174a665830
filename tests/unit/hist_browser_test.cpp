// HistBrowser without a terminal: the lines it shows, unfolding an entry's call graph as perf's
// browser draws it, and perf's page moves.
#include <gtest/gtest.h>
#include <ncurses.h>

#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"
#include "tui/hist_browser.h"

namespace cperf {
namespace {

const std::string kDso = "deep";

HistSample sample_of(const std::vector<ChainFrame>& p) { return test::sample_at(p, &kDso); }

Hists make_hists() {
  HistOptions o;
  o.use_callchain = true;
  o.chain_min_percent = 0;
  Hists h(o);
  auto a = test::named_path({"spin", "level", "main"}, &kDso);  // callee first
  auto b = test::named_path({"spin", "work", "main"}, &kDso);
  h.add(sample_of(a), &a);
  h.add(sample_of(a), &a);
  h.add(sample_of(b), &b);
  return h;
}

TEST(HistBrowser, FirstScreenAndUnfoldedGraph) {
  Hists h = make_hists();
  HistBrowser b(h, "Samples: 3  of event 'cpu-clock'");
  std::vector<std::string> s = b.screen(8, 80);
  ASSERT_EQ(s.size(), 8u);  // title, header, 5 list lines, the help line
  EXPECT_EQ(s[0], "Samples: 3  of event 'cpu-clock'");
  EXPECT_EQ(s[2].substr(0, 11), "+  100.00% ");
  ASSERT_TRUE(b.key('+', 8));
  s = b.screen(8, 80);
  EXPECT_EQ(s[2].substr(0, 11), "-  100.00% ");
  // One node carries the whole period (no percent): spin, folded over its two callers.
  EXPECT_EQ(s[3], "   + spin");
  EXPECT_EQ(s[4], "");
  ASSERT_TRUE(b.key(KEY_DOWN, 8));
  ASSERT_TRUE(b.key('+', 8));
  s = b.screen(8, 80);
  EXPECT_EQ(s[3], "   - spin");
  // the callers one level deeper, each with its share, folded as siblings
  EXPECT_EQ(s[4], "      + 66.67% level");
  EXPECT_EQ(s[5], "      + 33.33% work");
  ASSERT_TRUE(b.key(KEY_DOWN, 8));
  ASSERT_TRUE(b.key('+', 8));  // the rest of "level"'s node, indented past its percent
  s = b.screen(8, 80);
  EXPECT_EQ(s[4], "      - 66.67% level");
  EXPECT_EQ(s[5], "           main");
  EXPECT_EQ(s[6], "      + 33.33% work");
  EXPECT_FALSE(b.key('q', 8));
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(HistBrowser, SymbolFilterAndZoom) {
  Hists h = make_hists();
  HistBrowser b(h, "t");
  std::vector<std::string> all = b.screen(8, 80);
  b.set_symbol_filter("nothing-matches");
  EXPECT_EQ(b.screen(8, 80)[2], "");
  b.set_symbol_filter("");
  EXPECT_EQ(b.screen(8, 80), all);
  ASSERT_TRUE(b.key('d', 8));  // zoom into the first entry's DSO: every entry is in "deep"
  EXPECT_EQ(b.screen(8, 80)[2], all[2]);
  ASSERT_TRUE(b.key('d', 8));  // and out
  EXPECT_EQ(b.screen(8, 80), all);
}

}  // namespace
}  // namespace cperf
