// -g count: call-graph nodes count their samples besides their periods (appends, splits,
// merges), and the printers give those counts where they give percentages otherwise.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hist/callchain_tree.h"
#include "hist/hists.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"

namespace cperf {
namespace {

const std::string kDeep = "deep";

std::vector<ChainFrame> path(std::initializer_list<const char*> names) { return test::named_path(names, &kDeep); }

TEST(HistChainCount, AppendsAndSplitsCountSamplesNotPeriods) {
  CallchainTree t;
  t.append(path({"a", "b", "c"}), 10);
  t.append(path({"a", "b", "c"}), 7);
  const ChainNode& abc = *t.root().children()[0];
  EXPECT_EQ(abc.count, 2u);
  EXPECT_EQ(abc.hit, 17u);
  t.append(path({"a", "b", "d"}), 5);  // splits a,b off
  const ChainNode& ab = *t.root().children()[0];
  ASSERT_EQ(ab.size(), 2u);
  EXPECT_EQ(ab.count, 0u);
  EXPECT_EQ(ab.children_count, 3u);
  t.append(path({"a", "b"}), 1);  // ends inside: a,b's own sample
  EXPECT_EQ(ab.count, 1u);
  EXPECT_EQ(ab.cumul_counts(), 4u);
  EXPECT_EQ(t.root().children_count, 4u);
  // a split where the path ends: the head keeps the new sample, the tail the old ones
  CallchainTree u;
  u.append(path({"x", "y"}), 3);
  u.append(path({"x", "y"}), 3);
  u.append(path({"x"}), 9);
  const ChainNode& x = *u.root().children()[0];
  EXPECT_EQ(x.count, 1u);
  EXPECT_EQ(x.children_count, 2u);
  EXPECT_EQ(x.children()[0]->count, 2u);
}

// perf's callchain_merge adds each node's own hits as one sample: a merged node counts the
// paths merged into it, not their samples.
TEST(HistChainCount, MergeCountsEachPathOnce) {
  ChainStore store;
  CallchainTree src, dst;
  src.use_store(&store);
  dst.use_store(&store);
  for (int i = 0; i < 3; ++i) src.append(path({"a", "b"}), 2);
  src.append(path({"a"}), 4);
  dst.merge(src);
  const ChainNode& a = *dst.root().children()[0];
  EXPECT_EQ(a.hit, 4u);
  EXPECT_EQ(a.count, 1u);
  EXPECT_EQ(a.children_hit, 6u);
  EXPECT_EQ(a.children_count, 1u);
}

HistOptions count_opts(ChainMode mode) {
  HistOptions o;
  o.use_callchain = true;
  o.mode = mode;
  o.chain_value = ChainValue::kCount;
  return o;
}

// A sample of s's entry with the call path p.
void add(Hists& h, const std::vector<ChainFrame>& p, uint64_t period) {
  HistSample s = test::sample_at(path({"s"}), &kDeep);
  s.period = period;
  h.add(s, &p);
}

std::vector<std::string> chain_lines(Hists& h) {
  std::vector<std::string> all = test::printed_lines(h);
  std::vector<std::string> out;
  for (size_t i = 4; i < all.size(); ++i) out.push_back(all[i]);  // after the header and entry
  return out;
}

TEST(HistChainCount, GraphFlatAndFoldedPrintCounts) {
  for (ChainMode mode : {ChainMode::kGraph, ChainMode::kFlat, ChainMode::kFolded}) {
    Hists h(count_opts(mode));
    add(h, path({"s", "m"}), 100);
    add(h, path({"s", "m"}), 100);
    add(h, path({"s", "n"}), 900);
    std::string text;
    for (const std::string& l : chain_lines(h)) text += l + "\n";
    if (mode == ChainMode::kGraph) {
      EXPECT_NE(text.find("--1--n"), std::string::npos) << text;
      EXPECT_NE(text.find("--2--m"), std::string::npos) << text;
    } else if (mode == ChainMode::kFlat) {
      EXPECT_NE(text.find("           1\n                s\n                n\n"), std::string::npos) << text;
      EXPECT_NE(text.find("           2\n                s\n                m\n"), std::string::npos) << text;
    } else {
      EXPECT_NE(text.find("1 s;n\n"), std::string::npos) << text;
      EXPECT_NE(text.find("2 s;m\n"), std::string::npos) << text;
    }
  }
}

// fractal: the "[...]" line of the children left out counts their samples, and is not
// printed when they have none (their hits are the parent's own).
TEST(HistChainCount, FractalRemainderCountsTheChildrenLeftOut) {
  HistOptions o = count_opts(ChainMode::kFractal);
  o.chain_min_percent = 20;
  Hists h(o);
  add(h, path({"s", "m", "x"}), 100);
  add(h, path({"s", "m", "y"}), 10);
  add(h, path({"s", "m", "z"}), 10);
  add(h, path({"s", "m"}), 50);
  add(h, path({"s", "n"}), 60);
  std::string text;
  for (const std::string& l : chain_lines(h)) text += l + "\n";
  // under m: x printed (100 of its 120 children hits), y and z (2 samples) left out
  EXPECT_NE(text.find("--1--x"), std::string::npos) << text;
  EXPECT_NE(text.find("--2--[...]"), std::string::npos) << text;
  // under s: m and n printed, nothing remains
  EXPECT_EQ(text.find("[...]", text.find("[...]") + 1), std::string::npos) << text;

  Hists own(o);
  add(own, path({"s", "m", "x"}), 100);
  add(own, path({"s", "m"}), 100);  // s,m's hits: half its own, half x's
  text.clear();
  for (const std::string& l : chain_lines(own)) text += l + "\n";
  EXPECT_EQ(text.find("[...]"), std::string::npos) << text;
  o.chain_value = ChainValue::kPercent;  // as a percentage the remainder is printed
  Hists pct(o);
  add(pct, path({"s", "m", "x"}), 100);
  add(pct, path({"s", "m"}), 100);
  text.clear();
  for (const std::string& l : chain_lines(pct)) text += l + "\n";
  EXPECT_NE(text.find("[...]"), std::string::npos) << text;
}

}  // namespace
}  // namespace cperf
