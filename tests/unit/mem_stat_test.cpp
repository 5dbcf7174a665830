// hist/mem_stat and report/read_values: the categories of perf 7.2's memory-statistics columns
// and report -T's per-thread table (goldens: report-a---mem-mode+-F+*, perf7.2/read).
#include "hist/mem_stat.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <cstdlib>
#include <string>

#include "report/read_values.h"

namespace cperf {
namespace {

// A data source from its parts (perf_mem_data_src's bit positions).
uint64_t src(uint64_t op, uint64_t snoop, uint64_t dtlb, uint64_t lvl_num) {
  return op | snoop << 19 | dtlb << 26 | lvl_num << 33;
}

TEST(MemStat, OpCategories) {
  EXPECT_STREQ(mem_stat_name(MemStatType::kOp, mem_stat_index(MemStatType::kOp, src(0x2, 0, 0, 0))), "Load");
  EXPECT_STREQ(mem_stat_name(MemStatType::kOp, mem_stat_index(MemStatType::kOp, src(0x6, 0, 0, 0))), "Ld+St");
  // prefetch wins over exec only when load/store alone do not match
  EXPECT_STREQ(mem_stat_name(MemStatType::kOp, mem_stat_index(MemStatType::kOp, src(0x1a, 0, 0, 0))), "Pfetch");
  EXPECT_STREQ(mem_stat_name(MemStatType::kOp, mem_stat_index(MemStatType::kOp, src(0x1, 0, 0, 0))), "Other");
}

TEST(MemStat, LevelsSnoopAndTlb) {
  EXPECT_STREQ(mem_stat_name(MemStatType::kCache, mem_stat_index(MemStatType::kCache, src(0, 0, 0, 12))), "L1-buf");
  EXPECT_STREQ(mem_stat_name(MemStatType::kMemory, mem_stat_index(MemStatType::kMemory, src(0, 0, 0, 13))), "RAM");
  EXPECT_STREQ(mem_stat_name(MemStatType::kMemory, mem_stat_index(MemStatType::kMemory, src(0, 0, 0, 1))), "Other");
  EXPECT_STREQ(mem_stat_name(MemStatType::kSnoop, mem_stat_index(MemStatType::kSnoop, src(0, 0x10, 0, 0))), "HitM");
  // an exact match only: HIT with NA is Other
  EXPECT_STREQ(mem_stat_name(MemStatType::kSnoop, mem_stat_index(MemStatType::kSnoop, src(0, 0x5, 0, 0))), "Other");
  EXPECT_STREQ(mem_stat_name(MemStatType::kDtlb, mem_stat_index(MemStatType::kDtlb, src(0, 0, 0x1a, 0))), "L?-Hit");
  EXPECT_STREQ(mem_stat_name(MemStatType::kDtlb, mem_stat_index(MemStatType::kDtlb, src(0, 0, 0x0c, 0))), "Miss");
}

std::string table(const ReadValues& v) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* f = open_memstream(&buf, &len);
  v.print(f, {"cpu-clock:u", "task-clock:u"});
  std::fclose(f);
  std::string s(buf, len);
  std::free(buf);
  return s;
}

TEST(ReadValues, SumsPerThreadAndEvent) {
  ReadValues v;
  EXPECT_EQ(table(v), "# PID  TID\n");
  v.add(5769, 5776, 1, 0);
  v.add(5769, 5776, 1, 46154421);
  v.add(5769, 5777, 0, 7);
  EXPECT_EQ(table(v),
            "#  PID   TID  task-clock:u  cpu-clock:u\n"
            "  5769  5776      46154421            0\n"
            "  5769  5777             0            7\n");
}

}  // namespace
}  // namespace cperf
