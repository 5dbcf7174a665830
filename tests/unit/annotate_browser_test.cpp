// The report browser's annotate view (tui/annotate_browser.h): the hottest line selected at
// the start (half a screen above it shown, the selection hidden until a navigation key), the
// order of TAB and shift-TAB, Enter on a jump, the keys that leave or annotate a callee, the
// jump line drawn from the selected jump to its target, and the fused mark of cmp + jcc.
#include <gtest/gtest.h>

#include "tui/annotate_browser.h"
#include "tui/list_nav.h"
#include "tui/popups.h"

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
  // '<' and '>' (perf's next/previous symbol) leave the browser in report
  EXPECT_EQ(b.key('<', 24), AnnotateBrowser::Act::kLeave);
  EXPECT_EQ(b.key('>', 24), AnnotateBrowser::Act::kLeave);
  // keys cperf does not do change nothing
  size_t i = b.index();
  for (int k : {'o', 's', 'k'}) EXPECT_EQ(b.key(k, 24), AnnotateBrowser::Act::kNone);
  EXPECT_EQ(b.index(), i);
}

TEST(AnnotateBrowser, SearchesObjdumpTextForwardBackwardAndAgain) {
  Fixture f;
  AnnotateBrowser b(f.v);
  b.screen(24, 80);
  // nothing searched yet: '/' '?' and 'n' ask for a string
  EXPECT_EQ(b.key('/', 24), AnnotateBrowser::Act::kSearch);
  EXPECT_EQ(b.key('?', 24), AnnotateBrowser::Act::kSearchBack);
  EXPECT_EQ(b.key('n', 24), AnnotateBrowser::Act::kSearch);
  b.key(key::kHome, 24);
  b.key(key::kHome, 24);  // push, instruction 0
  // objdump's text, not the simplified one: "call   1100 <g>" has the address
  EXPECT_TRUE(b.search("1100", false, 24));
  EXPECT_EQ(b.index(), 1u);
  EXPECT_TRUE(b.selection_shown());
  EXPECT_TRUE(b.search("%eax", false, 24));  // after the current line only
  EXPECT_EQ(b.index(), 2u);
  EXPECT_EQ(b.key('n', 24), AnnotateBrowser::Act::kNone);
  EXPECT_EQ(b.index(), 3u);  // cmp %eax,%ebx
  EXPECT_FALSE(b.search("push", false, 24));
  EXPECT_EQ(b.message(), "String not found!");
  EXPECT_EQ(b.index(), 3u);
  EXPECT_TRUE(b.search("%", true, 24));
  EXPECT_EQ(b.index(), 2u);
  EXPECT_TRUE(b.searching_backwards());
  b.key('n', 24);  // backwards again
  EXPECT_EQ(b.index(), 0u);
}

TEST(AnnotateBrowser, PercentTypesOffsetLevelsAndJumpCounts) {
  Fixture f;
  f.v.a.event_period = 10;  // the event's totals: the symbol has half of them
  f.v.a.event_samples = 10;
  AnnotateToggles toggles;
  AnnotateBrowser b(f.v, &toggles);
  Canvas c = b.screen(24, 80);
  EXPECT_EQ(c.text(4).substr(0, 8), "  40.00 ");  // 0x10, 2 of 5 samples
  EXPECT_EQ(b.key('p', 24), AnnotateBrowser::Act::kTitle);
  c = b.screen(24, 80);
  EXPECT_EQ(c.text(1), "f  /bin/f [Percent: global period]");
  EXPECT_EQ(c.text(4).substr(0, 8), "  20.00 ");
  b.key('b', 24);
  c = b.screen(24, 80);
  EXPECT_EQ(c.text(1), "f  /bin/f [Percent: global hits]");
  b.key('p', 24);
  EXPECT_EQ(b.screen(24, 80).text(1), "f  /bin/f [Percent: local hits]");
  b.key('b', 24);
  EXPECT_EQ(toggles.percent, PercentType::kLocalPeriod);
  // offsets: jump targets only, then calls too, then every line, then round
  auto offset_of = [&](int row) { return b.screen(24, 80).text(row).substr(11, 3); };  // after "Percent │"
  EXPECT_EQ(offset_of(3), "   ");   // the call at 0x1
  EXPECT_EQ(offset_of(4), "10:");   // the jump target
  b.key('O', 24);
  EXPECT_EQ(offset_of(3), " 1:");
  EXPECT_EQ(offset_of(2), "   ");   // push
  b.key('O', 24);
  EXPECT_EQ(offset_of(2), " 0:");
  b.key('O', 24);
  EXPECT_EQ(offset_of(3), "   ");
  // 'J': the jumps to each target before its offset, one digit here
  b.key('J', 24);
  c = b.screen(24, 80);
  EXPECT_EQ(c.text(4).substr(11, 5), "1 10:");
  EXPECT_EQ(c.text(2).substr(11, 5), "     ");
  EXPECT_EQ(c.at(4, 9).color, Color::kTop);  // the most jumps to a line
  // 'o': objdump's address of every line and its operands as written; the jump line's column
  // sized by the symbol's end in the dso's own addresses (perf's quirk: it may cross them)
  b.key('J', 24);
  b.key('o', 24);
  f.v.sym_end = 0x101e;
  c = b.screen(24, 80);
  EXPECT_EQ(c.text(3).substr(11), "1001: \u2192 call 1100 <g>");
  EXPECT_EQ(c.text(4).substr(11, 6), "1010: ");
  // 'f': the dso's addresses, in a 16-digit column
  f.v.sym_start = 0x200;
  b.key('f', 24);
  c = b.screen(24, 80);
  EXPECT_EQ(c.text(3).substr(11, 5), "201: ");
  b.key('f', 24);
  b.key('o', 24);
  b.key('J', 24);
  // the options outlive the browser (perf keeps them for the next one)
  AnnotateBrowser next(f.v, &toggles);
  EXPECT_EQ(next.screen(24, 80).text(4).substr(11, 5), "1 10:");
}

TEST(AnnotateBrowser, DrawsTheSelectedJumpAndItsFusedCompare) {
  Fixture f;
  f.v.cpu = {25, 1, true};  // AMD: cmp/test fuse with a conditional jump
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

// perf's search window on a 30x150 screen: a 62-wide box from row 11, column 44, the field
// inside a box of its own two rows below the text, typed text from column 47.
TEST(InputWindow, LaidOutAsPerfs) {
  Canvas c(30, 150);
  InputField f = draw_input_window(c, "Search", "String: ", "ENTER: OK, ESC: Cancel");
  EXPECT_EQ(f.row, 15);
  EXPECT_EQ(f.col, 47);
  EXPECT_EQ(c.at(11, 44).ch, glyph::kUpperLeft);
  EXPECT_EQ(c.at(11, 105).ch, glyph::kUpperRight);
  EXPECT_EQ(c.at(19, 44).ch, glyph::kLowerLeft);
  EXPECT_EQ(c.text(11).substr(44, 3 + 3 + 6), "\u250c\u2500Search");
  EXPECT_EQ(c.text(12).substr(44 + 3, 7), "String:");
  EXPECT_EQ(c.at(14, 46).ch, glyph::kUpperLeft);
  EXPECT_EQ(c.at(16, 103).ch, glyph::kLowerRight);
  EXPECT_EQ(c.text(18).substr(44 + 3, 22), "ENTER: OK, ESC: Cancel");
  draw_input_text(c, f, "cal", 0);
  draw_input_text(c, f, "ca", 1);  // one taken back
  EXPECT_EQ(c.at(15, 47).ch, U'c');
  EXPECT_EQ(c.at(15, 48).ch, U'a');
  EXPECT_EQ(c.at(15, 49).ch, U' ');
  EXPECT_EQ(c.at(15, 49).color, Color::kPlain);
}

}  // namespace
}  // namespace cperf
