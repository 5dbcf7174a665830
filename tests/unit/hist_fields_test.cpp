// Hists with perf's field lists (-F), the cpu/period/parent keys and the default-comm rename.
#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>

#include "hist/hists.h"
#include "hist_test_frames.h"

namespace cperf {
namespace {

HistSample at(const std::string& sym, uint64_t period, int32_t cpu = -1, std::string parent = "") {
  HistSample s;
  s.comm = test::text("deep");
  s.dso = test::text("deep");
  s.has_map = true;
  s.has_sym = true;
  s.sym = test::text(sym);
  s.sym_start = static_cast<uint64_t>(static_cast<unsigned char>(sym[0])) * 16;
  s.sym_end = s.sym_start + 8;
  s.period = period;
  s.cpu = cpu;
  if (!parent.empty()) s.parent = test::text(parent);
  return s;
}

// The entry lines print() writes (no header).
std::string printed(Hists& h) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* f = open_memstream(&buf, &len);
  h.print(f, false);
  std::fclose(f);
  std::string s(buf, len);
  std::free(buf);
  return s;
}

TEST(HistFields, ColumnsAreTheSortOrderWithoutSortKeys) {
  // -F sym,overhead: symbols by name, whatever their periods
  HistOptions o;
  o.fields = {{OutputField::kKey, SortKey::kSym}, {OutputField::kSelf}};
  o.sort_fields = o.fields;
  o.sort = {SortKey::kSym};
  Hists h(o);
  h.add(at("zz", 50), nullptr);
  h.add(at("aa", 1), nullptr);
  h.add(at("mm", 10), nullptr);
  // the symbol column is padded when another column follows it
  EXPECT_EQ(printed(h), "  [.] aa     1.64%\n  [.] mm    16.39%\n  [.] zz    81.97%\n");
}

TEST(HistFields, PeriodKeyOrdersButNeverSplits) {
  HistOptions o;
  o.sort = {SortKey::kCpu, SortKey::kPeriod};
  Hists h(o);
  h.add(at("a", 5, 1), nullptr);
  h.add(at("b", 7, 1), nullptr);
  h.add(at("c", 20, 0), nullptr);
  // one entry per CPU
  EXPECT_EQ(printed(h), "    62.50%  000            20\n    37.50%  001            12\n");
}

TEST(HistFields, ParentKeyPaddedAndOtherLastOnTies) {
  HistOptions o;
  o.sort = {SortKey::kParent};
  Hists h(o);
  h.add(at("a", 1, -1, "sys_heavy"), nullptr);
  h.add(at("b", 1), nullptr);
  // perf's sort by cmp_null puts the entry without a parent after; the column is always padded
  EXPECT_EQ(printed(h), "    50.00%  sys_heavy    \n    50.00%  [other]      \n");
}

TEST(HistFields, ColumnHeaderStopsAt1023CharactersItsDotsDoNot) {
  HistOptions o;
  o.sort = {SortKey::kSym, SortKey::kDso};
  Hists h(o);
  h.add(at(std::string(2000, 'x'), 1), nullptr);
  printed(h);  // works out the widths
  auto [header, dots] = h.header_lines();
  // "# Overhead  " then the symbol header (2004 wide, cut at 1023), then "  Shared Object"
  EXPECT_EQ(header.find("Shared Object"), 12u + 1023u + 2u);
  EXPECT_EQ(dots.size(), 12u + 2004u + 2u + 13u);
}

TEST(HistFields, DefaultCommRenamedByFirstCommMergesEntries) {
  // A sample taken before the thread's COMM shares perf's default comm, renamed in place.
  std::string default_comm = ":28539";
  HistOptions o;
  o.sort = {SortKey::kComm, SortKey::kSym};
  Hists h(o);
  HistSample early = at("perf_event_exec", 1);
  early.comm = test::text(default_comm);
  early.default_comm = &default_comm;
  h.add(early, nullptr);
  h.add(at("perf_event_exec", 2), nullptr);
  default_comm = "deep";
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 1u);
  EXPECT_EQ(v[0]->key.comm, "deep");
  EXPECT_EQ(v[0]->period, 3u);
}

// The same with perf's default keys, whose compares are plain values (the case where the
// collapse pass is otherwise skipped, as it would change nothing): the renamed entry still
// merges.
TEST(HistFields, DefaultCommRenamedMergesWithDefaultKeys) {
  std::string default_comm = ":28539";
  Hists h(HistOptions{});  // comm, dso, sym
  HistSample early = at("perf_event_exec", 1);
  early.comm = test::text(default_comm);
  early.default_comm = &default_comm;
  h.add(early, nullptr);
  h.add(at("perf_event_exec", 2), nullptr);
  h.add(at("other", 5), nullptr);
  default_comm = "deep";
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0]->key.sym, "other");
  EXPECT_EQ(v[1]->key.comm, "deep");
  EXPECT_EQ(v[1]->period, 3u);
}

}  // namespace
}  // namespace cperf
