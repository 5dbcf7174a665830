// objdump's output as perf 7.2 reads it (annotate/objdump_lines.h): banner lines dropped,
// lines trimmed and tabs expanded, instructions of the symbol's range split at their address,
// every kept line numbered, objdump -l's "/file:N" lines setting the number; and the command
// line perf runs (annotate/objdump_run.h).
#include <gtest/gtest.h>

#include <string>

#include "annotate/annotate_print.h"
#include "annotate/objdump_lines.h"
#include "annotate/objdump_run.h"

namespace cperf {
namespace {

const char kOut[] =
    "\n"
    "/sym/qs:     file format elf64-x86-64\n"
    "\n"
    "\n"
    "Disassembly of section .text:\n"
    "\n"
    "0000000000001300 <cmp>:\n"
    "static int cmp(const void *a) {\n"
    "    1300:\tmov    (%rsi),%eax\n"
    "    1302:\tcmp    %eax,(%rdi)   \n"
    "    1313:\tret\n";

TEST(AnnotateObjdumpLines, ExpandsTabsToMultiplesOfEight) {
  EXPECT_EQ(expand_tabs("1300:\tmov"), "1300:   mov");
  EXPECT_EQ(expand_tabs("\t\tx"), std::string(16, ' ') + "x");
  EXPECT_EQ(expand_tabs("12345678\tx"), "12345678        x");
  EXPECT_EQ(expand_tabs("no tabs"), "no tabs");
}

TEST(AnnotateObjdumpLines, SplitsInstructionsAndNumbersTheRest) {
  std::vector<AnnotLine> l = parse_objdump_output(kOut, "/sym/qs", 0x1300, 0x1313);
  ASSERT_EQ(l.size(), 10u);  // the banner line is gone
  EXPECT_EQ(l[0].offset, -1);
  EXPECT_EQ(l[0].text, "");
  EXPECT_EQ(l[3].text, "Disassembly of section .text:");
  EXPECT_EQ(l[3].line_nr, 3);
  EXPECT_EQ(l[5].text, "0000000000001300 <cmp>:");  // the address is not followed by ':'
  EXPECT_EQ(l[5].offset, -1);
  EXPECT_EQ(l[6].text, "static int cmp(const void *a) {");
  EXPECT_EQ(l[7].offset, 0);
  EXPECT_EQ(l[7].text, "   mov    (%rsi),%eax");
  EXPECT_EQ(l[8].offset, 2);
  EXPECT_EQ(l[8].text, "   cmp    %eax,(%rdi)");  // trailing blanks trimmed
  // outside [start, end): an ordinary line, kept whole
  EXPECT_EQ(l[9].offset, -1);
  EXPECT_EQ(l[9].text, "1313:   ret");
  EXPECT_EQ(l[9].line_nr, 9);
}

TEST(AnnotateObjdumpLines, FileLineMarkersSetTheNumber) {
  std::vector<AnnotLine> l =
      parse_objdump_output("cmp():\n/src/qs.c:42\n    10:\tret\nx\n", "/f", 0x10, 0x11);
  ASSERT_EQ(l.size(), 3u);
  EXPECT_EQ(l[0].line_nr, 0);
  EXPECT_EQ(l[1].line_nr, 42);
  EXPECT_EQ(l[1].offset, 0);
  EXPECT_EQ(l[2].line_nr, 43);
}

TEST(AnnotateObjdumpLines, OnlyTheFirstMentionOfTheFileCounts) {
  // "FILE" then not ':' at its first mention: the line stays
  std::vector<AnnotLine> l = parse_objdump_output("a /f b /f:\n/f: x\n", "/f", 0, 1);
  ASSERT_EQ(l.size(), 1u);
  EXPECT_EQ(l[0].text, "a /f b /f:");
}

TEST(AnnotateObjdumpLines, EmptyOutputHasNoLines) {
  EXPECT_TRUE(parse_objdump_output("", "/f", 0, 1).empty());
  EXPECT_EQ(parse_objdump_output("\n", "/f", 0, 1).size(), 1u);
}

TEST(AnnotateObjdumpRun, CommandIsPerfs) {
  ObjdumpOptions o;
  EXPECT_EQ(objdump_command(o, 0x1300, 0x1313),
            "objdump  --start-address=0x0000000000001300 --stop-address=0x0000000000001313  -d "
            "--no-show-raw-insn -S      -C \"$1\"");
  o.objdump = "/usr/bin/objdump";
  o.style = "intel";
  o.asm_raw = true;
  o.source = false;
  o.prefix = "/p";
  o.prefix_strip = "2";
  EXPECT_EQ(objdump_command(o, 0x10, 0x20),
            "/usr/bin/objdump -M intel --start-address=0x0000000000000010 --stop-address=0x0000000000000020  -d "
            "  --prefix  \"/p\" --prefix-strip=2 -C \"$1\"");
}

TEST(AnnotatePercentType, PerfsSpellings) {
  PercentType t;
  ASSERT_TRUE(parse_percent_type("period-global", t));
  EXPECT_EQ(t, PercentType::kGlobalPeriod);
  ASSERT_TRUE(parse_percent_type("local-hits", t));
  EXPECT_STREQ(percent_type_name(t), "local hits");
  EXPECT_FALSE(parse_percent_type("hits", t));
  EXPECT_FALSE(parse_percent_type("local-global", t));
  EXPECT_FALSE(parse_percent_type("local-period-x", t));
}

}  // namespace
}  // namespace cperf
