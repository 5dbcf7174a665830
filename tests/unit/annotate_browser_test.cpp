// The report browser's annotate view (tui/annotate_browser.h): the hottest line selected at
// the start (half a screen above it shown, the selection hidden until a navigation key), the
// order of TAB and shift-TAB, Enter on a jump, the keys that leave or annotate a callee, the
// jump line drawn from the selected jump to its target, and the fused mark of cmp + jcc.
#include <gtest/gtest.h>

#include "tui/annotate_browser.h"
#include "tui/list_nav.h"

namespace cperf {
namespace {

struct Fixture {
  SymbolHist hist;
  AnnotateView v;
  Fixture() {
    // offsets 0..0x1d; samples: 2 at 0x10, 1 at 0x14, 2 at 0x19
    for (uint64_t off : {0x10, 0x10, 0x14, 0x19, 0x19}) hist.add(off, 1);
    v.title = "Samples: 5  of event 'cpu-clock', 999 Hz, Event count (approx.): 5";
    v.sym_name = "f";
    v.dso_long_name = "/bin/f";
    v.a.size = 0x1e;
    v.a.objdump_start = 0x1000;
    v.a.hist = &hist;
    v.a.event_period = 5;
    v.a.lines = {{-1, "0000000000001000 <f>:", 0}, {0x00, "   push   %rbx", 1},  {0x01, "   call   1100 <g>", 2},
                 {0x10, "   mov    (%rdi),%eax", 3}, {0x12, "   cmp    %eax,%ebx", 4},
                 {0x14, "   jne    1010 <f+0x10>", 5}, {0x19, "   add    $0x1,%eax", 6}, {0x1c, "   ret", 7}};
    DisasmContext ctx;
    ctx.start = 0x1000;
    ctx.end = 0x101e;
    static const std::string g = "g";
    ctx.symbol_at = [](uint64_t addr) { return addr == 0x1100 ? &g : nullptr; };
    v.n = prepare_annotation2(v.a, v.sym_name, ctx, v.percent);
  }
};

TEST(AnnotateBrowser, StartsOnTheHottestLineWithoutSelection) {
  Fixture f;
  AnnotateBrowser b(f.v);
  // 40% at 0x10 and at 0x19: the later one is perf's hottest (its tree keeps equal lines in order)
  ASSERT_EQ(b.hot_order().size(), 3u);
  EXPECT_EQ(b.hot_order().back(), 5u);  // instruction index of 0x19
  Canvas c = b.screen(24, 80);
  EXPECT_EQ(b.index(), 5u);
  EXPECT_EQ(b.top(), 0u);
  EXPECT_FALSE(b.selection_shown());
  EXPECT_EQ(c.text(0), f.v.title);
  EXPECT_EQ(c.text(1), "f  /bin/f [Percent: local period]");
  // the first row names the column; the vertical line after the values
  EXPECT_EQ(c.text(2).substr(0, 11), "Percent \u2502");  // the line is 3 bytes of UTF-8
  // the first navigation key only shows the selection
  b.key(key::kDown, 24);
  EXPECT_TRUE(b.selection_shown());
  EXPECT_EQ(b.index(), 5u);
}

TEST(AnnotateBrowser, TabGoesToColderLinesAndRoundAgain) {
  Fixture f;
  AnnotateBrowser b(f.v);
  b.screen(24, 80);
  b.key(key::kTab, 24);
  EXPECT_EQ(b.index(), 2u);  // 0x10, 40% as well, earlier
  b.key(key::kTab, 24);
  EXPECT_EQ(b.index(), 4u);  // 0x14, 20%
  b.key(key::kTab, 24);
  EXPECT_EQ(b.index(), 5u);  // round to the hottest
  b.key(key::kUntab, 24);
  EXPECT_EQ(b.index(), 4u);  // shift-TAB from the hottest: round to the coldest
  b.key('H', 24);
  EXPECT_EQ(b.index(), 5u);
}

TEST(AnnotateBrowser, EnterFollowsJumpsAndCallsAndLeavesOnReturns) {
  Fixture f;
  AnnotateBrowser b(f.v);
  b.screen(24, 80);
  b.key(key::kDown, 24);
  b.key(key::kUp, 24);  // the jne at 0x14
  EXPECT_EQ(b.key(key::kEnter, 24), AnnotateBrowser::Act::kNone);
  EXPECT_EQ(b.index(), 2u);  // its target, 0x10
  b.key(key::kHome, 24);
  b.key(key::kDown, 24);  // the call
  EXPECT_EQ(b.key(key::kEnter, 24), AnnotateBrowser::Act::kCallee);
  b.key(key::kDown, 24);  // mov: no action
  EXPECT_EQ(b.key(key::kEnter, 24), AnnotateBrowser::Act::kNone);
  EXPECT_FALSE(b.message().empty());
  b.key(key::kEnd, 24);  // ret
  EXPECT_EQ(b.key(key::kEnter, 24), AnnotateBrowser::Act::kLeave);
  EXPECT_EQ(b.key('q', 24), AnnotateBrowser::Act::kLeave);
  EXPECT_EQ(b.key(key::kEsc, 24), AnnotateBrowser::Act::kLeave);
  EXPECT_EQ(b.key('h', 24), AnnotateBrowser::Act::kHelp);
  // keys cperf does not do change nothing
  size_t i = b.index();
  for (int k : {'o', 's', 'k', 'p', 'b', '/', '<', '>'}) EXPECT_EQ(b.key(k, 24), AnnotateBrowser::Act::kNone);
  EXPECT_EQ(b.index(), i);
}

TEST(AnnotateBrowser, DrawsTheSelectedJumpAndItsFusedCompare) {
  Fixture f;
  f.v.cpu_family = 25;  // AMD: cmp/test fuse with a conditional jump
  AnnotateBrowser b(f.v);
  b.screen(24, 80);
  b.key(key::kDown, 24);
  b.key(key::kUp, 24);  // the jne at 0x14, instruction 4: row 6
  Canvas c = b.screen(24, 80);
  const int col = 8 + 2 + f.v.n.addr_width;
  EXPECT_EQ(c.at(6, col).ch, glyph::kLowerLeft);   // the jump
  EXPECT_EQ(c.at(5, col).ch, glyph::kLeftTee);     // the cmp fused with it
  EXPECT_EQ(c.at(4, col).ch, glyph::kUpperLeft);   // the target
  EXPECT_EQ(c.at(4, col + 2).ch, char32_t{0x2192});
  EXPECT_EQ(c.at(4, col).color, Color::kArrow);
  EXPECT_EQ(c.at(6, 0).color, Color::kSelected);
}

}  // namespace
}  // namespace cperf
