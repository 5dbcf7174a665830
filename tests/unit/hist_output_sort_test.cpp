// The compact output sort of the common layouts (hists_output_sort.cpp) gives the order of the
// general one: the same entries are added to a histogram with perf's default columns and to
// one whose -F list spells out the same sort order (which takes the general path).
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"

namespace cperf {
namespace {

const std::string kX = "x", kY = "y";

struct Layouts {
  Hists plain, general;
};

HistOptions options(bool children, bool caller_order) {
  HistOptions o;
  o.children = children;
  o.caller_order = caller_order;
  o.use_callchain = true;
  return o;
}

// The general path: perf's default order written out as -F fields.
HistOptions spelled_out(HistOptions o) {
  using F = OutputField;
  if (o.children) o.fields.push_back({F::kChildren});
  o.fields.push_back({F::kSelf});
  for (SortKey k : o.sort) o.fields.push_back({F::kKey, k});
  o.sort_fields = o.fields;
  return o;
}

// Random samples with many ties: two comms, three threads, two dsos or none, periods 1 or 2,
// paths of a few named frames (the last one sampled) and frames without a symbol.
void add_random(Hists& a, Hists& b, unsigned seed) {
  std::mt19937 rng(seed);
  const char* names[] = {"main", "run", "step", "spin", "read", "write", "hash", "sort"};
  for (int i = 0; i < 3000; ++i) {
    std::vector<ChainFrame> path;
    size_t depth = 1 + rng() % 6;
    for (size_t d = 0; d < depth; ++d) {
      const char* n = names[rng() % 8];
      ChainFrame f = test::named_frame(n, static_cast<uint64_t>(n[0] + n[1]) * 0x100, 1, rng() % 2 ? &kX : &kY);
      if (rng() % 7 == 0) {  // a frame without a symbol
        f.has_sym = false;
        f.sym = f.name = Text();
        f.ip = 0x9000 + rng() % 16;
      }
      path.push_back(f);
    }
    HistSample s;
    s.comm = test::text(rng() % 2 ? "cc" : "ld");
    s.pid = s.tid = 1 + static_cast<int32_t>(rng() % 3);
    const ChainFrame& last = path.back();
    s.has_map = rng() % 5 != 0;
    s.dso = s.has_map ? last.dso : Text();
    s.has_sym = last.has_sym;
    s.sym = last.sym;
    s.sym_start = last.sym_start;
    s.sym_end = last.sym_end;
    s.addr = last.ip;
    s.period = 1 + rng() % 2;
    a.add(s, &path);
    b.add(s, &path);
  }
}

std::vector<std::string> order(Hists& h) {
  std::vector<std::string> v;
  for (const HistEntry* e : h.sorted())
    v.push_back(e->key.comm.str() + "/" + std::to_string(e->key.tid) + "/" + e->key.dso.str() + "/" +
                (e->key.has_sym ? e->key.sym.str() : std::to_string(e->key.addr)) + "/" +
                std::to_string(e->period_acc) + "/" + std::to_string(e->period));
  return v;
}

TEST(HistOutputSort, MatchesTheGeneralSort) {
  for (bool children : {true, false})
    for (bool caller : {true, false})
      for (unsigned seed = 1; seed <= 3; ++seed) {
        Hists plain(options(children, caller));
        Hists general(spelled_out(options(children, caller)));
        add_random(plain, general, seed);
        std::vector<std::string> p = order(plain), g = order(general);
        ASSERT_GT(p.size(), 50u);
        EXPECT_EQ(p, g) << "children " << children << ", caller order " << caller << ", seed " << seed;
      }
}

}  // namespace
}  // namespace cperf
