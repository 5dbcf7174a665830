// perf 7.2's --stdio text of one symbol (annotate/annotate_print.h): the header and its dashes
// (the header's length plus four), blank and numbered lines (numbers as wide as the last
// address), each instruction's share of the samples up to the next instruction.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "annotate/annotate_print.h"

namespace cperf {
namespace {

std::string print(const AnnotatedSymbol& a, const AnnotatePrintOptions& o) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* f = open_memstream(&buf, &len);
  std::string last;
  print_annotation_stdio(f, a, o, last);
  std::fclose(f);
  std::string s(buf, len);
  std::free(buf);
  return s;
}

AnnotatedSymbol sample_symbol(const SymbolHist& h) {
  AnnotatedSymbol a;
  a.dso_name = "qs";
  a.event = "cpu-clock";
  a.size = 4;
  a.objdump_start = 0x1300;
  a.event_period = 40;
  a.hist = &h;
  a.lines = {{-1, "", 0}, {-1, "0000000000001300 <f>:", 1}, {0, "   mov    (%rsi),%eax", 2},
             {-1, "source", 3}, {2, "   ret", 4}};
  return a;
}

TEST(AnnotatePrint, PerfsStdioLayout) {
  SymbolHist h;
  h.add(0, 10);
  h.add(1, 10);  // inside the first instruction
  h.add(3, 20);
  std::string head = " Percent |\tSource code & Disassembly of qs for cpu-clock (3 samples, percent: local period)\n";
  std::string want = head + std::string(head.size() + 4, '-') + "\n" +
                     "         :\n"
                     "         : 1    0000000000001300 <f>:\n"
                     "   50.00 :   1300:   mov    (%rsi),%eax\n"
                     "         : 3    source\n"
                     "   50.00 :   1302:   ret\n";
  EXPECT_EQ(print(sample_symbol(h), {}), want);
}

TEST(AnnotatePrint, CountsPeriodsAndGlobalShares) {
  SymbolHist h;
  h.add(0, 10);
  h.add(3, 20);
  h.add(3, 20);
  AnnotatePrintOptions o;
  o.show_nr_samples = true;
  std::string s = print(sample_symbol(h), o);
  EXPECT_NE(s.find(" Samples |"), std::string::npos);
  EXPECT_NE(s.find("       2 :   1302:   ret\n"), std::string::npos);
  o.show_nr_samples = false;
  o.show_total_period = true;
  s = print(sample_symbol(h), o);
  EXPECT_EQ(s.rfind(" Period      |", 0), 0u);
  EXPECT_NE(s.find("          40 :   1302:   ret\n"), std::string::npos);
  EXPECT_NE(s.find("             : 3    source\n"), std::string::npos);
  o.show_total_period = false;
  o.percent = PercentType::kGlobalPeriod;  // of the event's 40
  s = print(sample_symbol(h), o);
  EXPECT_NE(s.find("   25.00 :   1300:"), std::string::npos);
  o.percent = PercentType::kGlobalHits;  // perf never counts these: always 0
  s = print(sample_symbol(h), o);
  EXPECT_NE(s.find("    0.00 :   1302:"), std::string::npos);
}

TEST(AnnotatePrint, Colours) {
  SymbolHist h;
  h.add(0, 99);
  h.add(3, 1);
  AnnotatePrintOptions o;
  o.color = true;
  std::string s = print(sample_symbol(h), o);
  EXPECT_NE(s.find("\033[31m   99.00\033[m : \033[35m  1300:\033[m\033[34m   mov    (%rsi),%eax\033[m\n"),
            std::string::npos);
  EXPECT_NE(s.find("\033[32m    1.00\033[m : "), std::string::npos);
}

}  // namespace
}  // namespace cperf
