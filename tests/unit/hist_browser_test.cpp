// HistBrowser without a terminal: the lines it shows, unfolding an entry's call graph as perf's
// browser draws it, the colours, perf's selection model, menu, zooms and windows.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"
#include "tui/event_menu.h"
#include "tui/hist_browser.h"
#include "tui/popups.h"

namespace cperf {
namespace {

const std::string kDso = "deep";

HistSample sample_of(const std::vector<ChainFrame>& p) { return test::sample_at(p, &kDso); }

// A list line without the scroll bar's last column (once a key moved, it shows).
std::string list_text(const std::string& line, size_t cols) {
  std::string s = line.substr(0, std::min(line.size(), cols - 1));
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

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
  ASSERT_TRUE(b.key(key::kDown, 8));  // the first Down only shows the selection
  ASSERT_TRUE(b.key(key::kDown, 8));
  ASSERT_TRUE(b.key('+', 8));
  s = b.screen(8, 80);
  EXPECT_EQ(list_text(s[3], 80), "   - spin");
  // the callers one level deeper, each with its share, folded as siblings
  EXPECT_EQ(list_text(s[4], 80), "      + 66.67% level");
  EXPECT_EQ(list_text(s[5], 80), "      + 33.33% work");
  ASSERT_TRUE(b.key(key::kDown, 8));
  ASSERT_TRUE(b.key('+', 8));  // the rest of "level"'s node, indented past its percent
  s = b.screen(8, 80);
  EXPECT_EQ(list_text(s[4], 80), "      - 66.67% level");
  EXPECT_EQ(list_text(s[5], 80), "           main");
  EXPECT_EQ(list_text(s[6], 80), "      + 33.33% work");
  EXPECT_FALSE(b.key('q', 8));
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(HistBrowser, SymbolFilterAndZoom) {
  Hists h = make_hists();
  HistBrowser b(h, "t");
  EXPECT_EQ(b.screen(8, 80)[2], "+  100.00%  deep     deep           [.] main");
  b.set_symbol_filter("nothing-matches");
  EXPECT_EQ(b.screen(8, 80)[2], "");
  // as after perf's filters, the key columns are as wide as the entries left, headers aside
  b.set_symbol_filter("");
  EXPECT_EQ(b.screen(8, 80)[1], "  Overhead  Comm  Shar  Symbol");
  EXPECT_EQ(b.screen(8, 80)[2], "+  100.00%  deep  deep  [.] main");
  ASSERT_TRUE(b.key('d', 8));  // zoom into the first entry's DSO: its column goes
  EXPECT_EQ(b.screen(8, 80)[0], "t, DSO: deep");
  EXPECT_EQ(b.screen(8, 80)[2], "+  100.00%  deep  [.] main");
  ASSERT_TRUE(b.key('d', 8));  // and out
  EXPECT_EQ(b.screen(8, 80)[0], "t");
  EXPECT_EQ(b.screen(8, 80)[2], "+  100.00%  deep  deep  [.] main");
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(HistBrowser, NoSelectionUntilANavigationKey) {
  Hists h = make_hists();
  HistBrowser b(h, "t");
  Canvas c = b.draw(8, 40);
  EXPECT_EQ(c.at(0, 0).color, Color::kRoot);
  EXPECT_EQ(c.at(2, 0).color, Color::kNormal);   // the '+' of the first entry
  EXPECT_EQ(c.at(2, 3).color, Color::kTop);      // its 100.00%
  EXPECT_EQ(c.at(2, 39).ch, U' ');               // no scroll bar yet
  ASSERT_TRUE(b.key(key::kDown, 8));
  c = b.draw(8, 40);
  EXPECT_EQ(c.at(2, 0).color, Color::kSelected);  // the first row, now selected
  EXPECT_EQ(c.at(2, 3).color, Color::kSelected);
  EXPECT_EQ(c.at(2, 39).ch, glyph::kDiamond);
  EXPECT_EQ(c.at(7, 39).ch, glyph::kCheckerboard);  // down to the help line
}

TEST(HistBrowser, PercentColours) {
  EXPECT_EQ(percent_color(5.0), Color::kTop);
  EXPECT_EQ(percent_color(4.99), Color::kMedium);
  EXPECT_EQ(percent_color(0.5), Color::kMedium);
  EXPECT_EQ(percent_color(0.49), Color::kNormal);
}

TEST(HistBrowser, MenuZoomAndBack) {
  Hists h = make_hists();
  HistBrowser b(h, "Samples: 3");
  std::vector<std::string> m = b.menu_options();
  ASSERT_GE(m.size(), 3u);
  EXPECT_EQ(m.back(), "Exit");
  EXPECT_EQ(m[0], "Annotate main");  // the sampled symbol
  ASSERT_TRUE(b.key(key::kEnter, 8));
  EXPECT_EQ(b.screen(8, 80)[0], "");  // the menu's title bar is blank
  // zoom into the entry's DSO (the menu's third line) and out with ESC
  ASSERT_TRUE(b.key(key::kDown, 8));
  ASSERT_TRUE(b.key(key::kDown, 8));
  ASSERT_TRUE(b.key(key::kEnter, 8));
  EXPECT_EQ(b.screen(8, 80)[0], "Samples: 3, DSO: deep");
  ASSERT_TRUE(b.key(key::kEsc, 8));
  EXPECT_EQ(b.screen(8, 80)[0], "Samples: 3");
  // ESC with no zoom asks first; a key other than Enter says no
  ASSERT_TRUE(b.key(key::kEsc, 8));
  ASSERT_TRUE(b.key(key::kEsc, 8));
  ASSERT_TRUE(b.key(key::kEsc, 8));
  EXPECT_FALSE(b.key(key::kEnter, 8));
  EXPECT_EQ(b.end(), HistBrowser::End::kQuit);
}

TEST(HistBrowser, InfoWindowCentredAndCut) {
  Canvas c(10, 40);
  draw_info_window(c, "T", "abc\nde", "X");  // 3 + 2 wide, 2 + 4 high
  // corner at (10/2 - 6/2, 40/2 - 5/2) = (2, 18); the title one in from the corner's right
  EXPECT_EQ(c.at(2, 18).ch, glyph::kUpperLeft);
  EXPECT_EQ(c.at(2, 20).ch, U'T');
  EXPECT_EQ(c.text(3), std::string(18, ' ') + "\u2502abc\u2502");
  EXPECT_EQ(c.text(6).substr(18), "\u2502X  \u2502");
  EXPECT_EQ(c.at(3, 19).color, Color::kPlain);
  Canvas small(2, 40);  // taller than the screen: cut, not moved
  draw_info_window(small, nullptr, "a\nb\nc\nd", "X");
  EXPECT_EQ(small.text(0).substr(19), "\u2502c\u2502");  // a, b above the screen
}

TEST(ListNav, PerfMoves) {
  ListNav n;
  n.waits_for_nav = true;
  EXPECT_TRUE(n.key(key::kDown, 10, 4));
  EXPECT_EQ(n.index, 0u);  // the first key only shows the selection
  EXPECT_FALSE(n.key('x', 10, 4));
  for (int i = 0; i < 4; ++i) n.key(key::kDown, 10, 4);
  EXPECT_EQ(n.index, 4u);
  EXPECT_EQ(n.top, 1u);
  n.key(key::kEnd, 10, 4);
  EXPECT_EQ(n.index, 9u);
  EXPECT_EQ(n.top, 6u);
  n.key(key::kPageUp, 10, 4);
  EXPECT_EQ(n.index, 5u);
  EXPECT_EQ(n.top, 2u);
  EXPECT_EQ(n.knob(10, 5), 5u * 4 / 9);
}

TEST(EventMenu, Lines) {
  EXPECT_EQ(event_menu_line(239, "cpu-clock"), "239 cpu-clock");
  EXPECT_EQ(event_menu_line(12345, "cycles"), "12K cycles");
}

}  // namespace
}  // namespace cperf
