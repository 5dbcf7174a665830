// branch_history: the frames and branch counts perf 7.2's report --branch-history builds from a
// sample's branch stack and callchain (tests/data/synthetic/branch-history has perf's output).
#include "record/branch_history.h"

#include <gtest/gtest.h>

#include <vector>

#include "linux/perf_event.h"
#include "hist/callchain_tree.h"
#include "record/lbr_callchain.h"

namespace cperf {
namespace {

constexpr uint64_t K = PERF_CONTEXT_KERNEL;
constexpr uint64_t U = PERF_CONTEXT_USER;
constexpr uint8_t kK = PERF_RECORD_MISC_KERNEL, kU = PERF_RECORD_MISC_USER;

U64Array view(const std::vector<uint64_t>& v) {
  return {reinterpret_cast<const std::byte*>(v.data()), v.size(), false};
}

// A branch entry's flags word: predicted (bit 1), abort (bit 3), cycles (bits 4..19).
uint64_t flags(bool predicted, bool abort, uint16_t cycles) {
  return uint64_t{predicted} << 1 | uint64_t{abort} << 3 | uint64_t{cycles} << 4;
}

std::vector<uint64_t> ips(const std::vector<BranchHistoryFrame>& f) {
  std::vector<uint64_t> v;
  for (const BranchHistoryFrame& x : f) v.push_back(x.ip);
  return v;
}

BranchRecord rec(uint64_t from, uint16_t cycles = 0) {
  BranchRecord b;
  b.from = from;
  b.to = from + 0x100;
  b.cycles = cycles;
  return b;
}

TEST(BranchHistory, DecodesFlags) {
  BranchRecord b = decode_branch(1, 2, flags(true, true, 300) | 1);
  EXPECT_TRUE(b.predicted);
  EXPECT_TRUE(b.abort);
  EXPECT_EQ(b.cycles, 300);
  EXPECT_FALSE(decode_branch(1, 2, 1).predicted);  // bit 0 is mispredicted
}

TEST(BranchHistory, RemovesARepeatedRun) {
  // sources A A A B: the run "A" repeats; B counts the folded iterations
  std::vector<BranchRecord> be = {rec(0x4017C8, 4), rec(0x4017C8, 5), rec(0x4017C8, 6), rec(0x401840, 10)};
  std::vector<LoopIterations> it(be.size());
  ASSERT_EQ(remove_branch_loops(be, it), 3u);
  EXPECT_EQ(be[0].cycles, 4);
  EXPECT_EQ(be[1].cycles, 6);  // the second A went, the third stays (perf goes on after it)
  EXPECT_EQ(it[1].count, 1);
  EXPECT_EQ(it[1].cycles, 5u);
  EXPECT_EQ(be[2].from, 0x401840u);
}

TEST(BranchHistory, LongerRunsFold) {
  // A B A B C: "A B" repeats once
  std::vector<BranchRecord> be = {rec(0x4017C8, 1), rec(0x401840, 2), rec(0x4017C8, 3), rec(0x401840, 4),
                                  rec(0x401900, 5)};
  std::vector<LoopIterations> it(be.size());
  ASSERT_EQ(remove_branch_loops(be, it), 3u);
  EXPECT_EQ(be[2].from, 0x401900u);
  EXPECT_EQ(it[2].count, 1);
  EXPECT_EQ(it[2].cycles, 7u);  // 3 + 4, the run removed
}

TEST(BranchHistory, HashCollisionsHideLoops) {
  // 0x401783 and 0x40186c share a slot of perf's 7-bit hash: the second source is never
  // remembered, so its repeat is no loop
  std::vector<BranchRecord> be = {rec(0x401783), rec(0x40186C), rec(0x40186C), rec(0x401880)};
  std::vector<LoopIterations> it(be.size());
  EXPECT_EQ(remove_branch_loops(be, it), 4u);
  // without the first one, the repeat folds
  std::vector<BranchRecord> be2 = {rec(0x40186C), rec(0x40186C), rec(0x401880)};
  std::vector<LoopIterations> it2(be2.size());
  EXPECT_EQ(remove_branch_loops(be2, it2), 2u);
}

TEST(BranchHistory, BranchesThenTheCallchainAfterTheirCallSites) {
  // newest branch first; the marker is passed over with the first branch, and the second
  // branch's source 0x40183F lies just before (8 bytes at most) the chain's 0x401844
  std::vector<uint64_t> br = {0x4017C8, 0x4017B0, flags(true, false, 4),  //
                              0x40183F, 0x4017A0, flags(false, true, 10)};
  std::vector<uint64_t> chain = {U, 0x401844, 0x401889, 0x401E82, 0x401F00};
  std::vector<BranchHistoryFrame> out;
  branch_history_frames(view(chain), view(br), 127, false, out);
  // the chain read from index 2 up to its length less the two branches
  EXPECT_EQ(ips(out), (std::vector<uint64_t>{0x4017B0, 0x4017C8, 0x4017A0, 0x40183F, 0x401889}));
  EXPECT_EQ(out[0].cpumode, kAnyMode);
  EXPECT_EQ(out[4].cpumode, kU);
  // a target counts the flags, a source the cycles
  EXPECT_EQ(out[0].counts, (BranchCounts{1, 1, 0, 0}));
  EXPECT_EQ(out[1].counts, (BranchCounts{1, 0, 0, 4}));
  EXPECT_EQ(out[2].counts, (BranchCounts{1, 0, 1, 0}));
  EXPECT_EQ(out[3].counts, (BranchCounts{1, 0, 0, 10}));
  EXPECT_EQ(out[4].counts, BranchCounts{});
  // a source elsewhere leaves the position: the chain from index 1
  br[3] = 0x401830;
  branch_history_frames(view(chain), view(br), 127, false, out);
  EXPECT_EQ(ips(out), (std::vector<uint64_t>{0x4017B0, 0x4017C8, 0x4017A0, 0x401830, 0x401844, 0x401889}));
}

TEST(BranchHistory, CallerOrderTakesTheOldestBranchFirst) {
  std::vector<uint64_t> br = {0x4017C8, 0x4017B0, 0, 0x401840, 0x4017A0, 0};
  std::vector<uint64_t> chain = {U, 0x4017CF, 0x401844, 0x401889};
  std::vector<BranchHistoryFrame> out;
  branch_history_frames(view(chain), view(br), 127, true, out);
  // the chain shortened by the two branches, read from its end
  EXPECT_EQ(ips(out), (std::vector<uint64_t>{0x4017A0, 0x401840, 0x4017B0, 0x4017C8, 0x401889, 0x401844}));
  EXPECT_EQ(out[4].cpumode, kU);
}

TEST(BranchHistory, KernelChainAfterBranches) {
  // the chain's marker is passed over by the first branch: its kernel ips then resolve as user
  std::vector<uint64_t> br = {0xFFFFFFFF81000130, 0xFFFFFFFF821ECC00, 0, 0x419145, 0xFFFFFFFF81000100, 0};
  std::vector<uint64_t> chain = {K, 0xFFFFFFFF821ECC26, 0xFFFFFFFF81000130, U, 0x419147, 0x401806};
  std::vector<BranchHistoryFrame> out;
  branch_history_frames(view(chain), view(br), 127, false, out);
  ASSERT_EQ(out.size(), 6u);
  EXPECT_EQ(out[4].ip, 0xFFFFFFFF821ECC26u);
  EXPECT_EQ(out[4].cpumode, kU);
  EXPECT_EQ(out[5].ip, 0xFFFFFFFF81000130u);
  // in callee order without branches the markers switch the mode
  branch_history_frames(view(chain), view(std::vector<uint64_t>{}), 127, false, out);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].cpumode, kK);
  EXPECT_EQ(out[2].cpumode, kU);
}

TEST(BranchHistory, MaxStackLimitsBranchesAndEntries) {
  std::vector<uint64_t> br = {0x10, 0x20, 0, 0x30, 0x40, 0, 0x50, 0x60, 0};
  std::vector<uint64_t> chain = {U, 0x1000, 0x2000, 0x3000, 0x4000, 0x5000};
  std::vector<BranchHistoryFrame> out;
  branch_history_frames(view(chain), view(br), 2, false, out);
  // two branches (four frames), then chain entries from index 1 up to 6 - 2, at most two
  EXPECT_EQ(ips(out), (std::vector<uint64_t>{0x20, 0x10, 0x40, 0x30, 0x1000, 0x2000}));
}

TEST(BranchHistory, TooManyBranchesAreSkipped) {
  std::vector<uint64_t> br;
  for (size_t i = 0; i <= kMaxBranchDepth; ++i) br.insert(br.end(), {0x1000 + i, 0x2000 + i, 0});
  std::vector<uint64_t> chain = {U, 0x4017CF};
  std::vector<BranchHistoryFrame> out;
  branch_history_frames(view(chain), view(br), 127, false, out);
  EXPECT_EQ(ips(out), (std::vector<uint64_t>{0x4017CF}));
}

TEST(BranchHistory, UnknownMarkerDiscardsAll) {
  std::vector<uint64_t> br = {0x10, 0x20, 0};
  std::vector<uint64_t> chain = {U, 0x1000, 0xFFFFFFFFFFFFFF00ull, 0x2000, 0x3000};
  std::vector<BranchHistoryFrame> out;
  branch_history_frames(view(chain), view(br), 127, false, out);
  EXPECT_TRUE(out.empty());
}

TEST(BranchHistory, LbrFramesCountTheirEntriesFlags) {
  // -g lbr samples: every LBR frame a target of the newest entry's source
  std::vector<uint64_t> br = {0x401844, 0x4017A0, flags(true, false, 9), 0x401829, 0x40181E, flags(false, true, 0)};
  std::vector<uint64_t> chain = {U, 0x4017CF};
  std::vector<LbrFrame> out;
  ASSERT_TRUE(lbr_callchain(view(chain), 0x4017CF, view(br), 127, false, out));
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].counts, (BranchCounts{1, 1, 0, 0}));  // the ip, with the newest entry's flags
  EXPECT_EQ(out[1].counts, (BranchCounts{1, 1, 0, 0}));
  EXPECT_EQ(out[2].counts, (BranchCounts{1, 0, 1, 0}));
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

// perf's call-graph line suffixes (tests/data/synthetic/branch-history-feat has them in context).
TEST(ChainBranchStats, TargetsShowTypesAndMispredictions) {
  ChainBranchStats s;
  EXPECT_EQ(s.text(), " (calltrace)");
  uint64_t cond = 1ull << 20, predicted = 2;
  s.add({true, 0x4017C8, cond | predicted, 0, 0}, 0x4017B0, true);
  EXPECT_EQ(s.text(), " (COND_BWD)");  // all predicted: no percentage
  s.add({true, 0x4017C8, cond, 0, 0}, 0x4017B0, false);
  EXPECT_EQ(s.text(), " (COND_BWD predicted:50.0%)");
  s.add({false, 0, 0, 0, 0}, 0x4017B0, false);  // a frame that is no branch changes nothing
  EXPECT_EQ(s.text(), " (COND_BWD predicted:50.0%)");
  ChainBranchStats call;  // a call to another page, aborted
  call.add({true, 0x401801, 4ull << 20 | 8, 0, 0}, 0x419140, true);
  EXPECT_EQ(call.text(), " (CALL CROSS_4K predicted:0.0% abort:100.0%)");
  ChainBranchStats untyped;  // type 0 is not counted, nor named
  untyped.add({true, 0x401830, predicted, 0, 0}, 0x401820, true);
  EXPECT_EQ(untyped.text(), "");
}

TEST(ChainBranchStats, SourcesShowCyclesAndMatchedIterations) {
  ChainBranchStats s;
  s.add({true, 0, 6ull << 4, 1, 5}, 0x4017C8, true);
  EXPECT_EQ(s.text(), " (cycles:6)");  // iterations need a path that matched the frame
  s.add({true, 0, 2ull << 4, 1, 5}, 0x4017C8, false);
  EXPECT_EQ(s.text(), " (cycles:4 iter:2 avg_cycles:5)");
  ChainBranchStats none;
  none.add({true, 0, 0, 0, 0}, 0x4017C8, true);
  EXPECT_EQ(none.text(), "");
}

TEST(ChainBranchStats, TreeCountsPerNodeFrame) {
  ChainStore store;
  store.branch_stats = true;
  CallchainTree tree;
  tree.use_store(&store);
  auto frame = [&](uint64_t ip) {
    ChainFrame f;
    f.ip = ip;
    return store.frames.intern(f);
  };
  std::vector<FrameId> ids = {frame(0x10), frame(0x20), frame(0x30)};
  uint64_t cond = 1ull << 20;
  std::vector<ChainBranchInfo> a = {{true, 0x100, cond | 2, 0, 0}, {true, 0, 3ull << 4, 0, 0}, {}};
  std::vector<ChainBranchInfo> b = {{true, 0x100, cond, 0, 0}, {true, 0, 5ull << 4, 0, 0}, {}};
  PathIds pa(store, ids.data(), ids.size(), a.data());
  tree.append(pa, 0, 1);
  PathIds pb(store, ids.data(), ids.size(), b.data());
  tree.append(pb, 0, 1);
  // a path merged in (no branches) splits nothing here but adds no counts
  tree.append(ids.data(), ids.size(), 1);
  const ChainNode* n = tree.root().children()[0];
  ASSERT_EQ(n->size(), 3u);
  const ChainBranchStats* stats = store.bstats(*n);
  ASSERT_NE(stats, nullptr);
  EXPECT_EQ(stats[0].text(), " (COND_BWD predicted:50.0%)");  // from 0x100 back to 0x10
  EXPECT_EQ(stats[1].text(), " (cycles:4)");
  EXPECT_EQ(stats[2].text(), " (calltrace)");
}

}  // namespace
}  // namespace cperf
