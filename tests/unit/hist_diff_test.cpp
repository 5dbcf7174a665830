// perf diff's table (hist/hists_diff.h): entries pair by symbol name across files (not by
// address), entries without a symbol are one, entries only the new file has join with an empty
// baseline, and the order, cells and -b follow perf diff's rules.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "hist/hists_diff.h"
#include "hist_test_support.h"

namespace cperf {
namespace {

const std::string kDso = "a", kFoo = "foo", kBar = "bar", kBaz = "baz";

HistOptions diff_options() {
  HistOptions o;
  o.sort = {SortKey::kDso, SortKey::kSym};
  o.collapse_sym_names = true;
  return o;
}

HistSample at(const std::string* sym, uint64_t start, uint64_t addr, uint64_t period) {
  HistSample s;
  s.dso = Text(&kDso);
  s.has_map = true;
  s.has_sym = sym != nullptr;
  if (sym) s.sym = Text(sym);
  s.sym_start = start;
  s.sym_end = start + 0x100;
  s.addr = addr;
  s.period = period;
  return s;
}

// Baseline: foo 30, bar 10, two addresses without a symbol 10 each (total 60). New file: foo
// at another address 20, baz 20 (total 40).
struct Files {
  Hists base{diff_options()}, next{diff_options()};
  Files() {
    base.add(at(&kFoo, 0x100, 0x110, 30), nullptr);
    base.add(at(&kBar, 0x300, 0x310, 10), nullptr);
    base.add(at(nullptr, 0, 0x500, 10), nullptr);
    base.add(at(nullptr, 0, 0x600, 10), nullptr);
    next.add(at(&kFoo, 0x1100, 0x1110, 20), nullptr);
    next.add(at(&kBaz, 0x2100, 0x2110, 20), nullptr);
  }
};

std::vector<std::string> table(Files& f, const DiffOptions& o) {
  return test::written_lines([&](std::FILE* out) { print_diff(out, {&f.base, &f.next}, o, true); });
}

bool has(const std::string& line, const char* text) { return line.find(text) != std::string::npos; }

TEST(HistDiff, PairsByNameAndSortsByAbsoluteDelta) {
  Files f;
  std::vector<std::string> l = table(f, DiffOptions{});
  ASSERT_EQ(l.size(), 7u);  // header, dots, '#', four entries
  EXPECT_TRUE(has(l[0], "# Baseline  Delta Abs  Shared Object     "));
  // baz: only the new file has it (no baseline cell), 50% of it
  EXPECT_TRUE(has(l[3], "[.] baz"));
  EXPECT_EQ(l[3].substr(0, 21), "              +50.00%");
  // foo pairs with foo at another address: 50% in both
  EXPECT_TRUE(has(l[4], "[.] foo"));
  EXPECT_EQ(l[4].substr(0, 21), "    50.00%     +0.00%");
  // without a pair, by baseline: the addresses without a symbol are one entry (20 of 60)
  EXPECT_TRUE(has(l[5], "33.33%"));
  EXPECT_TRUE(has(l[5], "[.] 0x"));
  EXPECT_TRUE(has(l[6], "16.67%"));
  EXPECT_TRUE(has(l[6], "[.] bar"));
}

TEST(HistDiff, BaselineOnlyKeepsMatchedEntriesAndRecountsTheBaseline) {
  Files f;
  DiffOptions o;
  o.baseline_only = true;
  std::vector<std::string> l = table(f, o);
  ASSERT_EQ(l.size(), 4u);
  EXPECT_TRUE(has(l[3], "[.] foo"));
  EXPECT_EQ(l[3].substr(0, 21), "   100.00%     +0.00%");  // the delta still against all 60
}

TEST(HistDiff, RatioIsNotApplicableWithoutABaseline) {
  Files f;
  DiffOptions o;
  o.compute = DiffCompute::kRatio;
  std::vector<std::string> l = table(f, o);
  ASSERT_EQ(l.size(), 7u);
  // entries with a pair first, those the baseline has before those it lacks
  EXPECT_TRUE(has(l[3], "[.] foo"));
  EXPECT_TRUE(has(l[3], "      0.666667"));
  EXPECT_TRUE(has(l[4], "[.] baz"));
  EXPECT_TRUE(has(l[4], "           N/A"));
}

TEST(HistDiff, FieldSeparatorUsesPlainCells) {
  Files f;
  DiffOptions o;
  o.field_sep = ";";
  o.show_period = true;
  std::vector<std::string> l = table(f, o);
  ASSERT_EQ(l.size(), 5u);  // header only, no dots line with -t
  EXPECT_EQ(l[0].substr(0, 2), "# ");
  // baz: the baseline's empty cell is one space, filled to the column
  EXPECT_EQ(l[1].substr(0, 9), "        ;");
  // foo: each cell plain and filled to its column (Baseline, Base period, Delta Abs, Period)
  EXPECT_EQ(l[2].substr(0, 50), "50.00   ;30            ;+0.00%   ;20            ;a");
}

}  // namespace
}  // namespace cperf
