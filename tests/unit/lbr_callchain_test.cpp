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

}  // namespace
}  // namespace cperf
