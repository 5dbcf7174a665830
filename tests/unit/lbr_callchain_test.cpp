// lbr_callchain: the frames perf 7.2 builds from an LBR call stack sample (the cases of
// tests/data/synthetic lbr-*, whose goldens show perf's output for them).
#include "record/lbr_callchain.h"

#include <gtest/gtest.h>

#include <vector>

namespace cperf {
namespace {

constexpr uint64_t K = PERF_CONTEXT_KERNEL;
constexpr uint64_t U = PERF_CONTEXT_USER;
constexpr uint8_t kK = PERF_RECORD_MISC_KERNEL, kU = PERF_RECORD_MISC_USER;

U64Array view(const std::vector<uint64_t>& v) {
  return {reinterpret_cast<const std::byte*>(v.data()), v.size(), false};
}

// (from, to, flags) triples of the given (from, to) pairs.
std::vector<uint64_t> branches(std::vector<std::pair<uint64_t, uint64_t>> pairs) {
  std::vector<uint64_t> v;
  for (auto [f, t] : pairs) v.insert(v.end(), {f, t, 0});
  return v;
}

const std::vector<uint64_t> kStack = branches({{0x401844, 0x4017A0}, {0x401829, 0x40181E}});

std::vector<LbrFrame> build(const std::vector<uint64_t>& chain, uint64_t ip,
                              const std::vector<uint64_t>& br, int max_stack, bool caller,
                              bool* used = nullptr) {
  std::vector<LbrFrame> out{{1, 1}};  // must be cleared
  bool ok = lbr_callchain(view(chain), ip, view(br), max_stack, caller, out);
  if (used) *used = ok;
  return out;
}

TEST(LbrCallchain, UserSampleTakesIpThenCallSites) {
  bool used = false;
  auto f = build({U, 0x4017CF, 0x401234}, 0x4017CF, kStack, 127, false, &used);
  EXPECT_TRUE(used);
  EXPECT_EQ(f, (std::vector<LbrFrame>{{0x4017CF, kU}, {0x401844, kU}, {0x401829, kU}}));
}

TEST(LbrCallchain, KernelPartFirstAndIpAsUserAddress) {
  auto f = build({K, 0xFFFFFFFF821ECC26, 0xFFFFFFFF81000130, U, 0x419147}, 0xFFFFFFFF821ECC26,
                 kStack, 127, false);
  EXPECT_EQ(f, (std::vector<LbrFrame>{{0xFFFFFFFF821ECC26, kK},
                                        {0xFFFFFFFF81000130, kK},
                                        {0xFFFFFFFF821ECC26, kU},
                                        {0x401844, kU},
                                        {0x401829, kU}}));
}

TEST(LbrCallchain, CallerOrderReversesAndKernelIpsTakeUserMode) {
  auto f = build({K, 0xFFFFFFFF821ECC26, U, 0x419147}, 0xFFFFFFFF821ECC26, kStack, 127, true);
  EXPECT_EQ(f, (std::vector<LbrFrame>{{0x401829, kU},
                                        {0x401844, kU},
                                        {0xFFFFFFFF821ECC26, kU},
                                        {0xFFFFFFFF821ECC26, kU}}));
}

TEST(LbrCallchain, EmptyBranchStackGivesTheIpInCalleeOrderOnly) {
  auto f = build({U, 0x4017CF, 0x40182E}, 0x4017CF, {}, 127, false);
  EXPECT_EQ(f, (std::vector<LbrFrame>{{0x4017CF, kU}}));
  bool used = false;
  f = build({K, 0x20, U, 0x4017CF}, 0x4017CF, {}, 127, true, &used);
  EXPECT_TRUE(used);
  EXPECT_EQ(f, (std::vector<LbrFrame>{{0x20, kU}}));
}

TEST(LbrCallchain, NoUserMarkerMeansUsualChain) {
  bool used = true;
  auto f = build({K, 0xFFFFFFFF821ECC26, 0xFFFFFFFF81000130}, 0xFFFFFFFF821ECC26, kStack, 127,
                 false, &used);
  EXPECT_FALSE(used);
  EXPECT_TRUE(f.empty());
}

TEST(LbrCallchain, MaxStackBoundsTheMarkerSearchOnly) {
  std::vector<uint64_t> chain{K, 0xFFFFFFFF821ECC26, 0xFFFFFFFF81000130, U, 0x419147};
  bool used = true;
  build(chain, 0x1, kStack, 3, false, &used);
  EXPECT_FALSE(used);  // the marker is the 4th entry
  auto f = build(chain, 0x1, kStack, 4, false, &used);
  EXPECT_TRUE(used);
  EXPECT_EQ(f.size(), 5u);  // not cut to 4
  build(chain, 0x1, kStack, 0, false, &used);
  EXPECT_FALSE(used);
}

TEST(LbrCallchain, UnknownMarkerMeansUsualChain) {
  bool used = true;
  auto f = build({0xFFFFFFFFFFFFFFF0ull, 0x1234, U, 0x4017CF}, 0x4017CF, kStack, 127, false, &used);
  EXPECT_FALSE(used);
  EXPECT_TRUE(f.empty());
}

TEST(LbrCallchain, HypervisorMarkerSetsMode) {
  auto f = build({PERF_CONTEXT_HV, 0x10, K, 0x20, U}, 0x30, {}, 127, false);
  EXPECT_EQ(f, (std::vector<LbrFrame>{{0x10, PERF_RECORD_MISC_HYPERVISOR}, {0x20, kK}, {0x30, kU}}));
}

TEST(LbrCallchain, HasLbrCallstack) {
  perf_event_attr a{};
  a.sample_type = PERF_SAMPLE_BRANCH_STACK;
  EXPECT_FALSE(has_lbr_callstack(a));
  a.branch_sample_type = PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_CALL_STACK;
  EXPECT_TRUE(has_lbr_callstack(a));
  a.sample_type = PERF_SAMPLE_CALLCHAIN;
  EXPECT_FALSE(has_lbr_callstack(a));
}

// --stitch-lbr with an LBR of 4 registers (the lbr-stitch synthetic file's first samples).
constexpr uint64_t c1 = 0x401E82, c2 = 0x401889, c3 = 0x401829, c5 = 0x401844, c6 = 0x40183A,
                   c7 = 0x401806;

std::vector<uint64_t> froms(std::vector<uint64_t> calls) {
  std::vector<uint64_t> v;
  for (uint64_t c : calls) v.insert(v.end(), {c, c + 0x100, 0});
  return v;
}

std::vector<uint64_t> stitched(LbrStitcher& st, int32_t tid, const std::vector<uint64_t>& br,
                               std::optional<uint64_t> hw_idx, bool caller = false) {
  std::vector<LbrFrame> frames{{0x1, kU}};
  st.stitch(tid, view(br), hw_idx, caller, frames);
  std::vector<uint64_t> ips;
  for (const LbrFrame& f : frames) ips.push_back(f.ip);
  return ips;
}

TEST(LbrStitcher, OlderCallSitesOfThePreviousSampleFollow) {
  LbrStitcher st(4);
  EXPECT_EQ(stitched(st, 1, froms({c3, c3, c2, c1}), 3), (std::vector<uint64_t>{0x1}));
  // c5 took c1's register: c1 comes from the previous sample.
  EXPECT_EQ(stitched(st, 1, froms({c5, c3, c3, c2}), 0), (std::vector<uint64_t>{0x1, c1}));
  // Kept while the samples go on stitching, and more added.
  EXPECT_EQ(stitched(st, 1, froms({c5, c3, c3, c2}), 0), (std::vector<uint64_t>{0x1, c1}));
  EXPECT_EQ(stitched(st, 1, froms({c7, c6, c3, c3}), 1), (std::vector<uint64_t>{0x1, c2, c1}));
  // Caller order: first, oldest first.
  LbrStitcher caller(4);
  stitched(caller, 1, froms({c3, c3, c2, c1}), 3, true);
  stitched(caller, 1, froms({c5, c3, c3, c2}), 0, true);
  EXPECT_EQ(stitched(caller, 1, froms({c7, c6, c3, c3}), 1, true),
            (std::vector<uint64_t>{c1, c2, 0x1}));
}

TEST(LbrStitcher, ForgetsWhenNothingIsShared) {
  LbrStitcher st(4);
  stitched(st, 1, froms({c3, c3, c2, c1}), 3);
  stitched(st, 1, froms({c5, c3, c3, c2}), 0);
  EXPECT_EQ(stitched(st, 1, froms({c5}), 2), (std::vector<uint64_t>{0x1}));  // distance wraps
  EXPECT_EQ(stitched(st, 1, froms({}), 2), (std::vector<uint64_t>{0x1}));
  // the previous sample is shorter than the distance
  EXPECT_EQ(stitched(st, 1, froms({c3, c3, c2, c1}), 3), (std::vector<uint64_t>{0x1}));
}

TEST(LbrStitcher, PerThreadAndOnlyWithHwIndexAndSize) {
  LbrStitcher st(4);
  stitched(st, 1, froms({c3, c3, c2, c1}), 3);
  EXPECT_EQ(stitched(st, 2, froms({c5, c3, c3, c2}), 0), (std::vector<uint64_t>{0x1}));
  EXPECT_EQ(stitched(st, 1, froms({c5, c3, c3, c2}), std::nullopt), (std::vector<uint64_t>{0x1}));
  EXPECT_EQ(stitched(st, 1, froms({c5, c3, c3, c2}), 0), (std::vector<uint64_t>{0x1, c1}));
  LbrStitcher unsized(0);
  stitched(unsized, 1, froms({c3, c3, c2, c1}), 3);
  EXPECT_EQ(stitched(unsized, 1, froms({c5, c3, c3, c2}), 0), (std::vector<uint64_t>{0x1}));
}

}  // namespace
}  // namespace cperf
