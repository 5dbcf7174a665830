// perf 7.2's --stdio2 lines (annotate/annotate_print2.h): the value columns, the first line
// naming them when it has no value, the offsets of jump targets only, the arrows of jumps,
// calls and returns, and the trailing blanks perf's negative field width leaves (as many as
// the columns printed before them); source lines hidden; the histogram title.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "annotate/annotate_print2.h"

namespace cperf {
namespace {

// f at objdump 0x1300, 0x2b bytes: a loop back to 0x10 and a call.
AnnotatedSymbol loop_symbol(const SymbolHist& h) {
  AnnotatedSymbol a;
  a.size = 0x2b;
  a.objdump_start = 0x1300;
  a.event_period = 100;
  a.hist = &h;
  a.lines = {{-1, "0000000000001300 <f>:", 0},
             {0x00, "   push   %rbx", 1},
             {-1, "  for (;;) {", 2},
             {0x10, "   mov    (%rdi),%eax", 3},
             {0x12, "   call   1400 <g>", 4},
             {0x17, "   jne    1310 <f+0x10>", 5},
             {0x19, "   ret", 6}};
  return a;
}

DisasmContext context() {
  DisasmContext ctx;
  ctx.start = 0x1300;
  ctx.end = 0x132b;
  static const std::string g = "g";
  ctx.symbol_at = [](uint64_t addr) { return addr == 0x1400 ? &g : nullptr; };
  return ctx;
}

std::string blanks(int n) { return std::string(static_cast<size_t>(n), ' '); }

TEST(AnnotatePrint2, PerfsLineLayout) {
  SymbolHist h;
  h.add(0x10, 30);
  h.add(0x19, 10);
  AnnotatedSymbol a = loop_symbol(h);
  Annotation2 n = prepare_annotation2(a, "f", context(), PercentType::kLocalPeriod);
  EXPECT_EQ(n.addr_width, 2);
  EXPECT_EQ(n.name_width, 4);
  EXPECT_EQ(n.jump_sources[3], 1);
  Annotation2Options o;
  // the first line has no value: it names the column; blanks: 8 + 1 + 4 + (len + 2)
  EXPECT_EQ(annotation2_line(a, n, 1, o, true), "Percent        push %rbx" + blanks(8 + 1 + 4 + 11));
  EXPECT_EQ(annotation2_line(a, n, 1, o, false), blanks(8) + "       push %rbx" + blanks(24));
  // a jump target shows its offset
  EXPECT_EQ(annotation2_line(a, n, 3, o, false), "  75.00  10:   mov  (%rdi),%eax" + blanks(8 + 1 + 4 + 18));
  EXPECT_EQ(annotation2_line(a, n, 4, o, false), blanks(8) + "     → call g" + blanks(8 + 1 + 4 + 8));
  EXPECT_EQ(annotation2_line(a, n, 5, o, false), blanks(8) + "     ↑ jne  10" + blanks(8 + 1 + 4 + 9));
  EXPECT_EQ(annotation2_line(a, n, 6, o, false), "  25.00      ← ret  " + blanks(8 + 1 + 4 + 7));
}

TEST(AnnotatePrint2, CountsAndPeriods) {
  SymbolHist h;
  h.add(0x10, 1234567);
  AnnotatedSymbol a = loop_symbol(h);
  Annotation2 n = prepare_annotation2(a, "f", context(), PercentType::kLocalPeriod);
  Annotation2Options o;
  o.show_nr_samples = true;
  EXPECT_EQ(annotation2_line(a, n, 1, o, true).substr(0, 9), "Samples  ");
  EXPECT_EQ(annotation2_line(a, n, 3, o, false).substr(0, 14), "      1  10:  ");
  o.show_nr_samples = false;
  o.show_total_period = true;
  EXPECT_EQ(annotation2_line(a, n, 1, o, true).substr(0, 13), "Period       ");
  EXPECT_EQ(annotation2_line(a, n, 3, o, false), "    1234567  10:   mov  (%rdi),%eax" + blanks(12 + 1 + 4 + 18));
}

TEST(AnnotatePrint2, NoJumpTargetsInPlt) {
  SymbolHist h;
  AnnotatedSymbol a = loop_symbol(h);
  Annotation2 n = prepare_annotation2(a, "f@plt", context(), PercentType::kLocalPeriod);
  EXPECT_EQ(n.jump_sources[3], 0);
}

TEST(AnnotatePrint2, HistsTitle) {
  EXPECT_EQ(hists_title(164, "cpu-clock", false, 999, 164164164),
            "Samples: 164  of event 'cpu-clock', 999 Hz, Event count (approx.): 164164164");
  EXPECT_EQ(hists_title(12345, "a, b", true, 4000, 7), "Samples: 12K of events 'a, b', 4000 Hz, Event count (approx.): 7");
}

TEST(AnnotatePrint2, PrintsTheTitleAndInstructionsOnly) {
  SymbolHist h;
  h.add(0x10, 1);
  AnnotatedSymbol a = loop_symbol(h);
  Annotation2 n = prepare_annotation2(a, "f", context(), PercentType::kLocalPeriod);
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* out = open_memstream(&buf, &len);
  print_annotation_stdio2(out, "T", PercentType::kLocalPeriod, "f", "/bin/f", a, n, {});
  std::fclose(out);
  std::string s(buf, len);
  std::free(buf);
  EXPECT_EQ(s.rfind("T, [percent: local period]\nf() /bin/f\nPercent ", 0), 0u);
  int lines = 0;
  for (char c : s) lines += c == '\n';
  EXPECT_EQ(lines, 2 + 5);
  EXPECT_EQ(s.find("for (;;)"), std::string::npos);
}

}  // namespace
}  // namespace cperf
