// BlockCycles (report --total-cycles): which block a branch's cycles are counted in, as perf 7.2
// counts them (the cases were checked against perf 7.2 on small synthetic files).
#include <gtest/gtest.h>

#include <vector>

#include "report/block_cycles.h"
#include "symbol/symbol.h"

namespace cperf {
namespace {

Symbol sym(uint64_t start, uint64_t end) {
  Symbol s;
  s.start = start;
  s.end = end;
  return s;
}

// A branch from `from` to `to` (both in the map at 0, where addresses are their own al_addr).
BlockBranch br(const Symbol* fs, uint64_t from, const Symbol* ts, uint64_t to, uint32_t cycles) {
  return BlockBranch{{nullptr, 0, fs, from, from}, {nullptr, 0, ts, to, to}, cycles};
}

TEST(BlockCycles, BlockStartsWhereThePreviousBranchLandedInTheSameFunction) {
  Symbol level = sym(0x100, 0x200), spin = sym(0x300, 0x400);
  BlockCycles bc;
  // most recent first: level 0x140 -> spin, after level 0x125 -> level 0x130
  std::vector<BlockBranch> s = {br(&level, 0x140, &spin, 0x300, 10), br(&level, 0x125, &level, 0x130, 2)};
  bc.account(s, false);
  EXPECT_EQ(bc.total_cycles(), 12u);
  const auto* c = bc.counts(&level);
  ASSERT_NE(c, nullptr);
  const BlockCount& end40 = c->at(0x40);
  EXPECT_TRUE(end40.have_start);
  EXPECT_EQ(end40.start, 0x30u);
  EXPECT_EQ(end40.cycles_aggr, 10u);
  const BlockCount& end25 = c->at(0x25);  // the oldest branch: no start
  EXPECT_FALSE(end25.have_start);
  EXPECT_EQ(end25.start, 0u);
}

TEST(BlockCycles, LongestBlockKeptEveryCycleAggregated) {
  Symbol level = sym(0x100, 0x200), spin = sym(0x300, 0x400);
  BlockCycles bc;
  std::vector<BlockBranch> later = {br(&level, 0x140, &spin, 0x300, 10), br(&level, 0x125, &level, 0x130, 2)};
  std::vector<BlockBranch> earlier = {br(&level, 0x140, &spin, 0x300, 7), br(&level, 0x13f, &level, 0x12e, 2)};
  bc.account(later, false);
  bc.account(earlier, false);  // an earlier start replaces the kept block
  const BlockCount& c = bc.counts(&level)->at(0x40);
  EXPECT_EQ(c.start, 0x2eu);
  EXPECT_EQ(c.cycles, 7u);
  EXPECT_EQ(c.cycles_aggr, 17u);
  EXPECT_EQ(c.num_aggr, 2u);
  bc.account(later, false);  // a later start is counted apart only
  EXPECT_EQ(bc.counts(&level)->at(0x40).cycles, 7u);
  EXPECT_EQ(bc.counts(&level)->at(0x40).cycles_aggr, 27u);
}

TEST(BlockCycles, NothingWhenTheNewestBranchHasNoCyclesNoStartsWithoutAny) {
  Symbol level = sym(0x100, 0x200);
  BlockCycles bc;
  std::vector<BlockBranch> s = {br(&level, 0x140, &level, 0x150, 0), br(&level, 0x125, &level, 0x130, 2)};
  bc.account(s, false);
  EXPECT_EQ(bc.total_cycles(), 0u);
  EXPECT_EQ(bc.counts(&level), nullptr);
  s[0].cycles = 4;
  bc.account(s, /*nonany=*/true);
  EXPECT_FALSE(bc.counts(&level)->at(0x40).have_start);
  EXPECT_EQ(bc.total_cycles(), 6u);
}

}  // namespace
}  // namespace cperf
