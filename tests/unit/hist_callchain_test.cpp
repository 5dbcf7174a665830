// CallchainTree and Hists: path merging, node splitting, sibling order, graph sorting with a
// minimum, flat ordering, and hist entry grouping/ordering.
#include <gtest/gtest.h>

#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include "hist/callchain_tree.h"
#include "hist/hists.h"
#include "hist_test_frames.h"

namespace cperf {
namespace {

ChainFrame frame(const std::string& name, uint64_t start, uint32_t dso = 1) {
  return test::named_frame(name, start, dso);
}

std::vector<ChainFrame> path(std::initializer_list<const char*> names) { return test::named_path(names); }

TEST(HistCallchain, MergesCommonPrefixAndSplits) {
  CallchainTree t;
  t.append(path({"a", "b", "c"}), 10);
  ASSERT_EQ(t.root().children().size(), 1u);
  EXPECT_EQ(t.root().children()[0]->size(), 3u);
  t.append(path({"a", "b", "d"}), 5);
  const ChainNode& ab = *t.root().children()[0];
  ASSERT_EQ(ab.size(), 2u);
  EXPECT_EQ(ab.hit, 0u);
  EXPECT_EQ(ab.children_hit, 15u);
  ASSERT_EQ(ab.children().size(), 2u);
  // Siblings are ordered largest key first: d (0x6400) before c (0x6300).
  EXPECT_EQ(t.frames()[ab.children()[0]->id(0)].name, "d");
  EXPECT_EQ(t.frames()[ab.children()[1]->id(0)].name, "c");
  EXPECT_EQ(t.root().children_hit, 15u);
}

TEST(HistCallchain, PathEndingInsideNodeKeepsOwnHits) {
  CallchainTree t;
  t.append(path({"a", "b", "c"}), 3);
  t.append(path({"a", "b"}), 2);
  const ChainNode& ab = *t.root().children()[0];
  EXPECT_EQ(ab.hit, 2u);
  EXPECT_EQ(ab.children_hit, 3u);
  EXPECT_EQ(ab.cumul_hits(), 5u);
  t.append(path({"a", "b"}), 1);
  EXPECT_EQ(ab.hit, 3u);
}

TEST(HistCallchain, GraphSortByCumulatedHitsWithMinimum) {
  CallchainTree t;
  t.append(path({"x", "c"}), 1);
  t.append(path({"x", "d"}), 4);
  t.append(path({"x", "e"}), 4);
  t.append(path({"x", "f"}), 2);
  t.sort_graph(2);
  const ChainNode& x = *t.root().sorted()[0];
  ASSERT_EQ(x.sorted().size(), 3u);
  // Equal hits keep sibling order (largest key first): f > e > d, so e before d.
  EXPECT_EQ(t.frames()[x.sorted()[0]->id(0)].name, "e");
  EXPECT_EQ(t.frames()[x.sorted()[1]->id(0)].name, "d");
  EXPECT_EQ(t.frames()[x.sorted()[2]->id(0)].name, "f");
}

TEST(HistCallchain, FlatListsNodesWithOwnHits) {
  CallchainTree t;
  t.append(path({"a", "b"}), 1);
  t.append(path({"a", "b", "c"}), 5);
  t.append(path({"a"}), 3);
  auto flat = t.sort_flat(0);
  ASSERT_EQ(flat.size(), 3u);
  EXPECT_EQ(flat[0].node->hit, 5u);
  EXPECT_EQ(flat[1].node->hit, 3u);
  EXPECT_EQ(flat[2].node->hit, 1u);
  // Each comes with the nodes from the top down to it: a, b, c in three nodes.
  ASSERT_EQ(flat[0].path.size(), 3u);
  EXPECT_EQ(flat[0].path[0], flat[1].node);
  EXPECT_EQ(flat[0].path[1], flat[2].node);
  EXPECT_EQ(flat[0].path[2], flat[0].node);
  // A threshold keeps the nodes that reach it, with their whole path.
  auto high = t.sort_flat(4);
  ASSERT_EQ(high.size(), 1u);
  EXPECT_EQ(high[0].node->hit, 5u);
  EXPECT_EQ(high[0].path.size(), 3u);
}

// Below a kept child's threshold nothing is printed, so the sort leaves those nodes alone (a
// large profile has hundreds of thousands of them).
TEST(HistCallchain, GraphSortStopsBelowThreshold) {
  CallchainTree t;
  t.append(path({"x", "big"}), 10);
  t.append(path({"y", "c"}), 1);
  t.append(path({"y", "d"}), 1);
  t.sort_graph(5);
  ASSERT_EQ(t.root().sorted().size(), 1u);
  EXPECT_EQ(t.frames()[t.root().sorted()[0]->id(0)].name, "x");
  for (const ChainNode* top : t.root().children()) {
    if (t.frames()[top->id(0)].name != "y") continue;
    EXPECT_EQ(top->children().size(), 2u);
    EXPECT_TRUE(top->sorted().empty());  // not descended into
  }
  t.sort_graph(0);  // a lower threshold sorts them
  for (const ChainNode* top : t.root().children()) {
    if (t.frames()[top->id(0)].name == "y") {
      EXPECT_EQ(top->sorted().size(), 2u);
    }
  }
}

TEST(HistCallchain, FramesWithoutSymbolCompareByDsoThenIp) {
  ChainFrame a, b;
  a.ip = 0x10;
  b.ip = 0x20;
  EXPECT_LT(compare_frames(a, b), 0);
  b.dso_order = 0;
  a.dso_order = 2;
  EXPECT_GT(compare_frames(a, b), 0);
  ChainFrame i1 = frame("inl", 0x100), i2 = frame("other", 0x100);
  i1.inlined = true;
  EXPECT_NE(compare_frames(i1, i2), 0);  // inlined frames compare by name
}

HistSample sample(const std::string& comm, const std::string& dso, const std::string& sym,
                  uint64_t period) {
  HistSample s;
  s.comm = test::text(comm);
  s.dso = test::text(dso);
  s.has_map = true;
  s.has_sym = true;
  s.sym = test::text(sym);
  s.sym_start = sym.size();
  s.period = period;
  return s;
}

// Frames without a symbol are not indexed: one seen lately gets its id again, one seen long
// ago a new id; equal ones compare equal either way, so paths through the same address share
// a node.
TEST(FrameTableTest, BareAddressesCompareByValue) {
  FrameTable t;
  ChainFrame bare;
  bare.ip = 0x1234;
  FrameId a = t.intern(bare), b = t.intern(bare);
  EXPECT_EQ(a, b);
  ChainFrame other;
  for (uint64_t ip = 0x100000; ip < 0x100000 + (1u << 18); ++ip) {
    other.ip = ip;
    t.intern(other);
  }
  b = t.intern(bare);  // long forgotten
  EXPECT_NE(a, b);
  EXPECT_EQ(t.compare(a, b), 0);
  EXPECT_EQ(t[a].ip, 0x1234u);
  EXPECT_FALSE(t[a].has_map);
  // In a map but without a symbol: the same, and the frame comes back whole.
  static const std::string kHeap = "[heap]";
  int heap_map = 0;
  ChainFrame mapped = bare;
  mapped.has_map = true;
  mapped.dso_order = 3;
  mapped.dso = Text(&kHeap);
  mapped.map = &heap_map;
  FrameId c = t.intern(mapped), d = t.intern(mapped);
  EXPECT_EQ(c, d);
  EXPECT_NE(t.compare(a, c), 0);  // another dso
  ChainFrame back = t[d];
  EXPECT_TRUE(back.has_map);
  EXPECT_EQ(back.dso.ptr(), &kHeap);
  EXPECT_EQ(back.map, &heap_map);
  EXPECT_EQ(back.dso_order, 3u);
  EXPECT_EQ(back.ip, 0x1234u);
  CallchainTree tree;
  tree.append(std::vector<ChainFrame>{bare, frame("x", 0x100)}, 1);
  tree.append(std::vector<ChainFrame>{bare, frame("y", 0x200)}, 2);
  ASSERT_EQ(tree.root().children().size(), 1u);
  EXPECT_EQ(tree.root().children()[0]->children().size(), 2u);
}

// Frames with a symbol are stored as their address and the part every frame of that symbol
// shares: each comes back whole, an equal frame gets its id again, and frames that differ in
// any field (address, source line, map) get ids of their own.
TEST(FrameTableTest, SymbolFramesComeBackWholeAndEqualOnesShareAnId) {
  FrameTable t;
  static const std::string kDso = "libx.so", kLine = "x.c:3", kOther = "x.c:4";
  int map = 0, symbols = 0;
  ChainFrame f = frame("fn", 0x1000, 2);
  f.has_map = true;
  f.dso = Text(&kDso);
  f.map = &map;
  f.symbols = &symbols;
  f.ip = 0x1010;
  f.sym_end = 0x1100;
  f.srcline = Text(&kLine);
  ChainFrame g = f;
  g.ip = 0x1020;
  ChainFrame h = f;
  h.srcline = Text(&kOther);
  ChainFrame elsewhere = f;
  elsewhere.map = &symbols;
  FrameId a = t.intern(f), b = t.intern(g), c = t.intern(h), d = t.intern(elsewhere);
  EXPECT_EQ(t.intern(f), a);
  EXPECT_EQ(t.intern(g), b);
  EXPECT_EQ(std::set<FrameId>({a, b, c, d}).size(), 4u);
  for (auto [id, want] : {std::pair{a, f}, {b, g}, {c, h}, {d, elsewhere}}) {
    ChainFrame back = t[id];
    EXPECT_EQ(back.ip, want.ip);
    EXPECT_EQ(back.dso_order, want.dso_order);
    EXPECT_TRUE(back.has_map && back.has_sym);
    EXPECT_FALSE(back.inlined);
    EXPECT_EQ(back.sym_start, want.sym_start);
    EXPECT_EQ(back.sym_end, want.sym_end);
    EXPECT_EQ(back.dso.ptr(), want.dso.ptr());
    EXPECT_EQ(back.map, want.map);
    EXPECT_EQ(back.symbols, want.symbols);
    EXPECT_EQ(back.sym.ptr(), want.sym.ptr());
    EXPECT_EQ(back.name.ptr(), want.name.ptr());
    EXPECT_EQ(back.srcline.ptr(), want.srcline.ptr());
  }
  EXPECT_EQ(t.compare(a, b), 0);  // one function
}

// A path's lasting copy starts where the first tree keeping some of it starts; a later tree
// from further on shares it, one from further back gets a copy of its own.
TEST(PathIdsTest, StoredFromWhereTreesNeedIt) {
  ChainStore store;
  const FrameId ids[] = {10, 11, 12, 13, 14};
  PathIds p(store, ids, 5);
  const FrameId* from2 = p.stored(2);
  EXPECT_EQ(std::vector<FrameId>(from2, from2 + 3), std::vector<FrameId>({12, 13, 14}));
  EXPECT_EQ(p.stored(3), from2 + 1);
  const FrameId* from0 = p.stored(0);
  EXPECT_EQ(std::vector<FrameId>(from0, from0 + 5), std::vector<FrameId>({10, 11, 12, 13, 14}));
  EXPECT_EQ(p.stored(4), from0 + 4);
  EXPECT_EQ(std::vector<FrameId>(from2, from2 + 3), std::vector<FrameId>({12, 13, 14}));  // kept
}

// compare() (keys, and names for inlined symbols) agrees with compare_frames on every pair of a
// mix of bare, mapped-without-symbol, symbol and inlined frames.
TEST(FrameTableTest, CompareAgreesWithCompareFrames) {
  FrameTable t;
  std::vector<ChainFrame> frames;
  for (uint64_t ip : {0x10u, 0x20u, 0x125u, 0x205u, 0x6100u, 0x6101u, 0x6102u}) {
    ChainFrame bare;
    bare.ip = ip;
    frames.push_back(bare);
    ChainFrame mapped = bare;
    mapped.has_map = true;
    mapped.dso_order = 1 + ip % 2;  // 0x6101: the ip of symbol "a" in dso 2 (and 0x6100 its start)
    frames.push_back(mapped);
  }
  for (const char* n : {"a", "b", "ab"}) {
    for (uint32_t dso : {1u, 2u}) {
      ChainFrame f = frame(n, static_cast<uint64_t>(n[0]) * 0x100, dso);
      frames.push_back(f);
      f.inlined = true;
      f.name = test::text(std::string(n) + " (inlined)");
      frames.push_back(f);
    }
  }
  std::vector<FrameId> ids;
  for (const ChainFrame& f : frames) ids.push_back(t.intern(f));
  for (size_t i = 0; i < frames.size(); ++i)
    for (size_t j = 0; j < frames.size(); ++j)
      EXPECT_EQ(t.compare(ids[i], ids[j]), compare_frames(frames[i], frames[j])) << i << " vs " << j;
}

// -g srcline (perf's CCKEY_SRCLINE): frames with a source line are one when their lines are,
// whatever their functions; a frame without one (no map) sorts after one with; two without
// fall back to the function key.
TEST(FrameTableTest, SrclineKeyComparesLinesFirst) {
  FrameTable t;
  t.key_by_srcline();
  auto with_line = [](const char* fn, uint64_t start, uint64_t ip, const char* line) {
    ChainFrame f = frame(fn, start);
    f.ip = ip;
    f.srcline = test::text(line);
    return f;
  };
  FrameId a10 = t.intern(with_line("a", 0x6100, 0x6101, "a.c:10"));
  FrameId a10_other_ip = t.intern(with_line("a", 0x6100, 0x6105, "a.c:10"));
  FrameId a11 = t.intern(with_line("a", 0x6100, 0x6108, "a.c:11"));
  FrameId b10 = t.intern(with_line("b", 0x6200, 0x6201, "a.c:10"));  // another function, same line
  ChainFrame bare;
  bare.ip = 0x10;
  FrameId no_line = t.intern(bare);
  bare.ip = 0x20;
  FrameId no_line_later = t.intern(bare);
  EXPECT_EQ(t.compare(a10, a10_other_ip), 0);
  EXPECT_EQ(t.compare(a10, b10), 0);
  EXPECT_LT(t.compare(a10, a11), 0);  // strcmp of the lines
  EXPECT_GT(t.compare(a11, a10), 0);
  EXPECT_GT(t.compare(no_line, a10), 0);
  EXPECT_LT(t.compare(a10, no_line), 0);
  EXPECT_LT(t.compare(no_line, no_line_later), 0);  // by address, as the function key
  // The function key (default) tells a10 and b10 apart and makes a10 and a11 one.
  FrameTable f;
  FrameId fa10 = f.intern(with_line("a", 0x6100, 0x6101, "a.c:10"));
  EXPECT_NE(f.compare(fa10, f.intern(with_line("b", 0x6200, 0x6201, "a.c:10"))), 0);
  EXPECT_EQ(f.compare(fa10, f.intern(with_line("a", 0x6100, 0x6108, "a.c:11"))), 0);
}

TEST(HistEntries, GroupedAndOrderedByPeriodThenKeys) {
  Hists h(HistOptions{});
  h.add(sample("b", "deep", "zz", 5), nullptr);
  h.add(sample("a", "deep", "zz", 5), nullptr);
  h.add(sample("a", "deep", "spin", 10), nullptr);
  h.add(sample("a", "deep", "zz", 1), nullptr);
  EXPECT_EQ(h.total_period(), 21u);
  EXPECT_EQ(h.nr_samples(), 4u);
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 3u);
  EXPECT_EQ(v[0]->key.sym, "spin");
  EXPECT_EQ(v[1]->key.comm, "a");  // period 6
  EXPECT_EQ(v[1]->period, 6u);
  EXPECT_EQ(v[2]->key.comm, "b");
}

TEST(HistEntries, TiesOrderedByCommThenDsoThenSymbol) {
  Hists h(HistOptions{});
  h.add(sample("deep", "deep", "level", 1), nullptr);
  h.add(sample("deep", "[kernel.kallsyms]", "vfs_read", 1), nullptr);
  h.add(sample("deep", "[kernel.kallsyms]", "__x64_sys_read", 1), nullptr);
  h.add(sample("cc", "deep", "z", 1), nullptr);
  auto v = h.sorted();
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[0]->key.comm, "cc");
  EXPECT_EQ(v[1]->key.sym, "__x64_sys_read");
  EXPECT_EQ(v[2]->key.sym, "vfs_read");
  EXPECT_EQ(v[3]->key.sym, "level");
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(FrameText, NamedFramesPrintTheirNameOthersTheirAddress) {
  StringPool pool;
  ChainFrame named;
  named.name = pool.intern("main");
  ChainFrame bare;
  bare.ip = 0x7f2a27b6f058;
  ChainFrame zero;
  char buf[20];
  EXPECT_STREQ("main", frame_text(named, buf));
  EXPECT_STREQ("0x7f2a27b6f058", frame_text(bare, buf));
  EXPECT_STREQ("0", frame_text(zero, buf));  // printf's %#lx of 0
}

}  // namespace
}  // namespace cperf
