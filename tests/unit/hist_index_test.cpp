// Hists' entry index (entry_index.h) against perf's tree search alone: the same samples go to
// a histogram keyed comm,dso,sym (indexed) and to one keyed comm,dso,sym,period, which
// compares exactly the same (period never keeps entries apart) but is not indexed. Samples
// mix inlined symbols, addresses far from zero and symbols rewritten by another map: the
// cases where the tree's compare is no total order and the index must step aside.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "hist/hists.h"
#include "hist_test_frames.h"

namespace cperf {
namespace {

const std::string kLib = "lib", kBin = "bin";

struct Maps {
  int a = 0, b = 0, c = 0;
};

// Map c holds another build of the library: its symbols start 0x10 later.
SymbolLookup lookup_for(const Maps& maps) {
  return [&maps](const HistSample& s, uint64_t addr) {
    uint64_t start = (addr & ~uint64_t{0xff}) + (s.map == &maps.c ? 0x10 : 0);
    return SymbolAt{true, test::text("f" + std::to_string(start >> 8)), start, start + 0x80};
  };
}

ChainFrame random_frame(std::mt19937& rng, const Maps& maps) {
  static const uint64_t kFar[] = {0x1000, 0x7ffe7a3931980000, 0x4000000000000000, 0x8000000000000001,
                                  0xffffffff81000000, 0xc000000000000000, 0x3fffffffffffffff};
  ChainFrame f;
  int kind = static_cast<int>(rng() % 4);
  if (kind == 0) {  // no map, an address of anything
    f.ip = kFar[rng() % 7] + rng() % 3;
    return f;
  }
  const void* map[] = {&maps.a, &maps.b, &maps.c};
  f.map = map[rng() % 3];
  f.has_map = true;
  f.dso = Text(rng() % 2 ? &kLib : &kBin);
  f.dso_order = f.dso.ptr() == &kLib ? 1 : 2;
  f.ip = 0x100 * (1 + rng() % 6) + rng() % 0x40;
  if (kind == 1) return f;  // mapped, no symbol
  f = test::named_frame("f" + std::to_string(f.ip >> 8), f.ip & ~uint64_t{0xff}, f.dso_order, f.dso.ptr());
  f.map = map[rng() % 3];
  if (kind == 3) {  // an inlined function, named like some other one
    f.inlined = true;
    f.sym = f.name = test::text("g" + std::to_string(rng() % 3));
  }
  return f;
}

using Summary = std::tuple<std::string, std::string, bool, std::string, uint64_t, uint64_t, uint64_t, bool,
                           uint64_t, uint64_t, uint64_t, uint64_t, size_t>;

std::vector<Summary> summary(Hists& h) {
  std::vector<Summary> v;
  for (const HistEntry* e : h.sorted()) {
    const HistSample& k = e->key;
    v.emplace_back(k.comm.str(), k.dso.str(), k.has_sym, k.sym.str(), k.sym_start, k.sym_end, k.addr,
                   k.inlined, e->period, e->samples, e->period_acc, e->samples_acc, e->chain.max_depth());
  }
  std::sort(v.begin(), v.end());
  return v;
}

TEST(HistIndex, FindsWhatTheTreeFinds) {
  for (bool children : {false, true}) {
    for (unsigned seed = 1; seed <= 40; ++seed) {
      Maps maps;
      HistOptions o;
      o.children = children;
      o.caller_order = children;
      o.use_callchain = true;
      Hists indexed(o);
      o.sort.push_back(SortKey::kPeriod);
      Hists tree_only(o);
      indexed.set_symbol_lookup(lookup_for(maps));
      tree_only.set_symbol_lookup(lookup_for(maps));
      std::mt19937 rng(seed);
      for (int i = 0; i < 400; ++i) {
        std::vector<ChainFrame> path;
        for (size_t n = 1 + rng() % 5; n; --n) path.push_back(random_frame(rng, maps));
        const ChainFrame& last = path.back();
        HistSample s;
        s.comm = test::text(rng() % 4 ? "cc1" : "as");
        s.pid = s.tid = 7;
        s.has_map = last.has_map;
        s.dso = last.dso;
        s.map = last.map;
        s.has_sym = last.has_sym;
        s.sym = last.sym;
        s.sym_start = last.sym_start;
        s.sym_end = last.sym_end;
        s.addr = last.ip;
        s.period = 1 + rng() % 7;
        bool filtered = rng() % 9 == 0;
        indexed.add(s, &path, filtered);
        tree_only.add(s, &path, filtered);
      }
      ASSERT_EQ(summary(indexed), summary(tree_only)) << "seed " << seed << (children ? " children" : "");
    }
  }
}

}  // namespace
}  // namespace cperf
