// Hists in --children mode (accumulation along the callchain, recursion counted once, caller
// above callee on equal periods, perf's level marks) and filtered entries; RbTree shape.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "hist/hists.h"
#include "hist/rbtree.h"
#include "hist_test_frames.h"
#include "hist_test_support.h"

namespace cperf {
namespace {

const std::string kDeep = "deep";

ChainFrame frame(const std::string& name, uint64_t start) {
  return test::named_frame(name, start, 1, &kDeep);
}

// Caller-first path of named frames; the last one is the sampled function.
std::vector<ChainFrame> caller_path(std::initializer_list<const char*> names) {
  return test::named_path(names, &kDeep);
}

HistSample self_of(const std::vector<ChainFrame>& p, char level = '.') {
  HistSample s = test::sample_at(p, &kDeep);
  s.level = level;
  return s;
}

HistOptions children_opts() {
  HistOptions o;
  o.children = true;
  o.caller_order = true;
  o.use_callchain = true;
  return o;
}

TEST(HistChildren, AccumulatesEveryCallerOncePerSample) {
  Hists h(children_opts());
  auto p1 = caller_path({"main", "level", "level", "spin"});
  auto p2 = caller_path({"main", "level", "read"});
  h.add(self_of(p1), &p1);
  h.add(self_of(p2), &p2);
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 4u);
  // main and level both cover 20 (level's recursion counted once); main is the caller.
  EXPECT_EQ(v[0]->key.sym, "main");
  EXPECT_EQ(v[0]->period_acc, 20u);
  EXPECT_EQ(v[0]->period, 0u);
  EXPECT_EQ(v[1]->key.sym, "level");
  EXPECT_EQ(v[1]->period_acc, 20u);
  EXPECT_EQ(v[1]->chain.max_depth(), 3u);  // from the outer level down to spin
  // Equal periods again: a sampled entry holds its sample's whole path, and spin's is deeper.
  EXPECT_EQ(v[2]->key.sym, "spin");
  EXPECT_EQ(v[2]->period, 10u);
  EXPECT_EQ(v[3]->key.sym, "read");
  EXPECT_EQ(h.total_period(), 20u);
}

TEST(HistChildren, EntriesMadeFromFramesAreUserLevel) {
  Hists h(children_opts());
  auto p = caller_path({"main", "vfs_read"});
  HistSample s = self_of(p, 'k');
  h.add(s, &p);
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 2u);
  for (const HistEntry* e : v) EXPECT_EQ(e->key.level, e->key.sym == "vfs_read" ? 'k' : '.');
  // An unresolved frame (no map) keeps the level of the frame before it: here the sample's.
  Hists h2(children_opts());
  std::vector<ChainFrame> q = {ChainFrame{}, frame("f", 0x100)};
  q[0].ip = 0x1234;
  q[0].name = test::names().intern("0x1234");
  h2.add(self_of(q, 'k'), &q);
  bool seen = false;
  for (const HistEntry* e : h2.sorted())
    if (!e->key.has_map) {
      seen = true;
      EXPECT_EQ(e->key.level, 'k');
      EXPECT_EQ(e->key.addr, 0x1234u);
    }
  EXPECT_TRUE(seen);
}

TEST(HistFilter, FilteredSamplesCountOnlyInAbsoluteTotals) {
  HistOptions o;
  o.filter_relative = true;  // --percentage relative
  Hists h(o);
  auto p = caller_path({"a"});
  h.add(self_of(p), nullptr, /*filtered=*/true);
  h.add(self_of(p), nullptr, false);
  EXPECT_EQ(h.total_period(), 10u);
  EXPECT_EQ(h.nr_samples(), 1u);
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 2u);  // a filtered entry never merges with a shown one
  o.filter_relative = false;
  Hists abs(o);
  abs.add(self_of(p), nullptr, true);
  abs.add(self_of(p), nullptr, false);
  EXPECT_EQ(abs.total_period(), 20u);
}

TEST(RbTree, InOrderFollowsDescentAndEqualKeysStayInInsertionOrder) {
  struct Item {
    int key, seq;
    RbNode n;
  };
  std::vector<Item> items;
  int keys[] = {5, 3, 8, 3, 1, 9, 5, 7, 2, 5};
  items.reserve(std::size(keys));
  RbRoot root;
  for (int i = 0; i < static_cast<int>(std::size(keys)); ++i) {
    items.push_back(Item{keys[i], i, {}});
    Item& it = items.back();
    it.n.owner = &it;
    rb_insert(root, &it.n, [&](const RbNode* o) { return it.key < o->item<Item>()->key; });
  }
  std::vector<std::pair<int, int>> got;
  rb_for_each<Item>(root, [&](Item* it) { got.emplace_back(it->key, it->seq); });
  std::vector<std::pair<int, int>> want = {{1, 4}, {2, 8}, {3, 1}, {3, 3}, {5, 0},
                                           {5, 6}, {5, 9}, {7, 7}, {8, 2}, {9, 5}};
  EXPECT_EQ(got, want);
  EXPECT_FALSE(rb_red(root.node));
}

// Black height of the subtree at n (-1: a red-black rule or a parent link is broken).
template <typename Node>
int checked_black_height(const Node* n, const Node* parent) {
  if (!n) return 1;
  if (rb_parent(n) != parent) return -1;
  if (rb_red(n) && ((n->left && rb_red(n->left)) || (n->right && rb_red(n->right)))) return -1;
  int l = checked_black_height(n->left, n), r = checked_black_height(n->right, n);
  if (l < 0 || l != r) return -1;
  return l + !rb_red(n);
}

// The colour shares the parent pointer's low bit: after thousands of inserts (each with its
// recolourings and rotations) every parent link is intact and the red-black rules hold, for
// both node types.
TEST(RbTree, ColourBitLeavesParentLinksIntact) {
  struct Item {
    ChainLink link;  // first: found from its link
    uint64_t key;
  };
  std::vector<Item> items(5000);
  RbRootOf<ChainLink> root;
  uint64_t x = 12345;
  for (Item& it : items) {
    x = x * 6364136223846793005ull + 1442695040888963407ull;
    it.key = x >> 40;
    rb_insert(root, &it.link, [&](const ChainLink* o) { return it.key < reinterpret_cast<const Item*>(o)->key; });
  }
  EXPECT_FALSE(rb_red(root.node));
  EXPECT_GT(checked_black_height(root.node, static_cast<const ChainLink*>(nullptr)), 0);
  size_t n = 0;
  uint64_t last = 0;
  for (ChainLink* l = rb_first(root); l; l = rb_next(l), ++n) {
    uint64_t k = reinterpret_cast<const Item*>(l)->key;
    EXPECT_LE(last, k);
    last = k;
  }
  EXPECT_EQ(n, items.size());
}

// A sample in dup_mmap called from _Fork, whose call was arch_fork inlined into _Fork; the
// path is caller first, every frame in `map`.
std::vector<ChainFrame> fork_path(const void* map) {
  std::vector<ChainFrame> p{test::named_frame("_Fork", 0x500, 1, &kDeep),
                            test::named_frame("arch_fork", 0x500, 1, &kDeep),
                            test::named_frame("dup_mmap", 0x900, 1, &kDeep)};
  p[1].inlined = true;
  for (ChainFrame& f : p) f.map = map;
  return p;
}

SymbolAt fork_symbols(const HistSample&, uint64_t addr) {
  if (addr == 0x500) return SymbolAt{true, test::text("_Fork"), 0x500, 0x510};
  if (addr == 0x900) return SymbolAt{true, test::text("dup_mmap"), 0x900, 0x910};
  return SymbolAt{};
}

// perf's hists__findnew_entry: an entry hit from another process's map takes that map and
// the real symbol at its start, so the inline frame's entry becomes its enclosing function
// (and merges with it when entries are collapsed).
TEST(HistChildren, EntryHitFromAnotherMapTakesTheMapsSymbol) {
  Hists h(children_opts());
  h.set_symbol_lookup(fork_symbols);
  int map_a = 0, map_b = 0;  // two processes' maps of one libc
  for (const void* map : {static_cast<const void*>(&map_a), static_cast<const void*>(&map_b)}) {
    auto p = fork_path(map);
    HistSample s = self_of(p);
    s.map = map;
    h.add(s, &p);
  }
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 2u);
  EXPECT_EQ(v[0]->key.sym, "_Fork");
  EXPECT_FALSE(v[0]->key.inlined);
  EXPECT_EQ(v[0]->period_acc, 40u);  // both samples, through _Fork and through arch_fork
  EXPECT_EQ(v[1]->key.sym, "dup_mmap");
  EXPECT_EQ(v[1]->period_acc, 20u);
}

// Within one process the maps are the same object: the inline entry keeps its name.
TEST(HistChildren, InlineEntryKeepsItsNameWithinOneMap) {
  Hists h(children_opts());
  h.set_symbol_lookup(fork_symbols);
  int map = 0;
  auto p = fork_path(&map);
  HistSample s = self_of(p);
  s.map = &map;
  h.add(s, &p);
  h.add(s, &p);
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 3u);
  int inline_entries = 0;
  for (const HistEntry* e : v) {
    EXPECT_EQ(e->period_acc, 20u);
    inline_entries += e->key.inlined && e->key.sym == "arch_fork";
  }
  EXPECT_EQ(inline_entries, 1);
}

}  // namespace
}  // namespace cperf
