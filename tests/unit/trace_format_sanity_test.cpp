// print_fmt_fields_declared: the check that keeps a tracepoint format naming an undeclared
// field away from libtraceevent (which crashes on it: a fuzzer's find, and perf 7.2's crash).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "trace/format_sanity.h"

namespace {

const char* kSwitch =
    "name: sched_switch\nID: 316\nformat:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:char prev_comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:__data_loc char[] name;\toffset:24;\tsize:4;\tsigned:0;\n"
    "\tfield:long prev_state;\toffset:32;\tsize:8;\tsigned:1;\n\n"
    "print fmt: \"%s %s %ld\", REC->prev_comm, __get_str(name), REC->prev_state\n";

TEST(TraceFormatSanityTest, AcceptsAFormatWhosePrintFmtNamesItsFields) {
  EXPECT_TRUE(cperf::print_fmt_fields_declared(kSwitch));
  EXPECT_TRUE(cperf::print_fmt_fields_declared("name: x\nformat:\n"));  // no print fmt
}

TEST(TraceFormatSanityTest, RejectsAPrintFmtNamingAnUndeclaredField) {
  std::string bad = kSwitch;
  bad.replace(bad.find("long prev_state"), 15, "long prev_stato");
  EXPECT_FALSE(cperf::print_fmt_fields_declared(bad));
  EXPECT_FALSE(cperf::print_fmt_fields_declared("format:\nprint fmt: \"%d\", REC->"));
}

TEST(TraceFormatSanityTest, RejectsADivisionByZeroOrAnUnknownName) {
  const char* head = "name: x\nformat:\n\tfield:int a;\toffset:8;\tsize:4;\tsigned:1;\n\nprint fmt: ";
  EXPECT_TRUE(cperf::print_fmt_divisions_safe(std::string(head) + "\"%d %s\", REC->a % 64, \"a/b%\""));
  EXPECT_TRUE(cperf::print_fmt_divisions_safe(std::string(head) + "\"%d\", REC->a / (REC->a)"));
  EXPECT_FALSE(cperf::print_fmt_divisions_safe(std::string(head) + "\"%d\", (0x00000%pS | 2)"));
  EXPECT_FALSE(cperf::print_fmt_divisions_safe(std::string(head) + "\"%d\", REC->a / 0"));
}

// Every format file of the running kernel passes (no real format is left out).
TEST(TraceFormatSanityTest, AcceptsEveryFormatOfTheRunningKernel) {
  const std::filesystem::path events = "/sys/kernel/tracing/events";
  std::error_code ec;
  if (!std::filesystem::is_directory(events, ec)) GTEST_SKIP() << "no tracefs at " << events;
  size_t n = 0;
  for (auto it = std::filesystem::recursive_directory_iterator(events, ec);
       it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (it->path().filename() != "format") continue;
    std::ifstream in(it->path());
    std::stringstream text;
    text << in.rdbuf();
    if (text.str().empty()) continue;
    ++n;
    EXPECT_TRUE(cperf::format_safe_to_parse(text.str())) << it->path();
  }
  if (n == 0) GTEST_SKIP() << "no readable format files under " << events;
}

// A byte libtraceevent has no token for (here in a field's array size, as a fuzzer found it:
// libtraceevent then crashed on a field without a name) leaves the format out.
TEST(TraceFormatSanityTest, RefusesBytesOutsidePlainText) {
  const std::string ok = "name: x\nID: 1\nformat:\n\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\r\n"
                         "\nprint fmt: \"%s\", REC->comm\n";
  EXPECT_TRUE(cperf::format_text_plain(ok));
  EXPECT_TRUE(cperf::format_safe_to_parse(ok));
  for (char bad : {'\x01', '\x9f', '\0', '\x7f'}) {
    std::string damaged = ok;
    damaged.insert(damaged.find("16]"), 1, bad);
    EXPECT_FALSE(cperf::format_text_plain(damaged)) << int(static_cast<unsigned char>(bad));
    EXPECT_FALSE(cperf::format_safe_to_parse(damaged));
  }
}

}  // namespace
