// HistFeeder and ChainAppender: histograms fed on the feeder's thread, with their call-path
// appends made on the appender's or not, end up exactly as when fed directly (same entries,
// periods and call graphs), while the caller keeps interning frames; a feeder or appender
// destroyed with work still queued stops without doing it.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"
#include "report/hist_feeder.h"

namespace cperf {
namespace {

const std::string kLib = "lib";

HistOptions opts(bool children) {
  HistOptions o;
  o.children = children;
  o.caller_order = children;
  o.use_callchain = true;
  o.chain_min_percent = 0;
  return o;
}

// A random callchain: named frames (few distinct) and bare addresses (many distinct).
std::vector<ChainFrame> random_path(std::mt19937& rng) {
  std::vector<ChainFrame> p;
  size_t n = 1 + rng() % 6;
  for (size_t i = 0; i < n; ++i) {
    if (rng() % 3 == 0) {
      ChainFrame bare;
      bare.ip = 0x10000 + rng() % 5000;
      p.push_back(bare);
    } else {
      char name[2] = {static_cast<char>('a' + rng() % 12), 0};
      p.push_back(test::named_frame(name, static_cast<uint64_t>(name[0]) * 0x100, 1, &kLib));
    }
  }
  return p;
}

// with_appender: the threaded histogram also makes its call-path appends on a third thread.
void compare_feeding(bool children, bool with_appender = false) {
  ChainStore threaded_store, direct_store;
  Hists threaded(opts(children)), direct(opts(children));
  threaded.set_chain_store(&threaded_store);
  direct.set_chain_store(&direct_store);
  std::mt19937 rng(7);
  ChainAppender appender(true);
  if (with_appender) threaded.set_appender(&appender);
  {
    HistFeeder feeder(true);
    std::vector<FrameId> a, b;
    for (int i = 0; i < 30000; ++i) {
      std::vector<ChainFrame> p = random_path(rng);
      HistSample s = test::sample_at(p, &kLib);
      s.comm = test::text(i % 3 ? "cc1" : "as");
      s.has_sym = p.back().has_sym;  // a bare address: no symbol, keyed by the address
      s.has_map = p.back().has_map;
      s.period = 1 + rng() % 4;
      a.clear();
      b.clear();
      // The caller interns while the feeder's thread reads earlier frames.
      for (const ChainFrame& f : p) {
        a.push_back(threaded_store.frames.intern(f));
        b.push_back(direct_store.frames.intern(f));
      }
      bool filtered = rng() % 10 == 0;
      feeder.add(threaded, s, a.data(), a.size(), filtered);
      direct.add(s, b.data(), b.size(), filtered);
    }
    feeder.drain();
    appender.drain();
  }
  std::vector<std::string> got = test::printed_lines(threaded), want = test::printed_lines(direct);
  ASSERT_GT(want.size(), 100u);
  EXPECT_EQ(got, want);
}

TEST(HistFeeder, ThreadedEqualsDirect) { compare_feeding(false); }
TEST(HistFeeder, ThreadedEqualsDirectInChildrenMode) { compare_feeding(true); }
TEST(HistFeeder, AppenderThreadEqualsDirect) {
  compare_feeding(false, true);
  compare_feeding(true, true);
}

TEST(ChainAppender, DestroyedWithAppendsQueued) {
  ChainStore store;
  std::vector<ChainFrame> p = test::named_path({"a", "b", "c"}, &kLib);
  std::vector<FrameId> ids;
  for (const ChainFrame& f : p) ids.push_back(store.frames.intern(f));
  CallchainTree tree;
  tree.use_store(&store);
  {
    ChainAppender appender(true);
    for (int i = 0; i < 50000; ++i) {
      appender.path(ids.data(), ids.size());
      appender.append(tree, i % 3, 1);
    }
  }
  EXPECT_LE(tree.root().cumul_hits(), 50000u);  // whatever it had appended; no hang, no crash
}

TEST(HistFeeder, DestroyedWithSamplesQueued) {
  Hists h(opts(false));
  ChainStore store;
  h.set_chain_store(&store);
  std::vector<ChainFrame> p = test::named_path({"a", "b"}, &kLib);
  std::vector<FrameId> ids;
  for (const ChainFrame& f : p) ids.push_back(store.frames.intern(f));
  {
    HistFeeder feeder(true);
    for (int i = 0; i < 50000; ++i) feeder.add(h, test::sample_at(p, &kLib), ids.data(), ids.size(), false);
  }
  EXPECT_LE(h.all_samples(), 50000u);  // whatever it had added; no hang, no crash
}

}  // namespace
}  // namespace cperf
