#include "symbol/symbol_table.h"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "symbol/symbol_fixup.h"

namespace cperf {
namespace {

Symbol sym(uint64_t start, uint64_t size, std::string name, uint8_t bind = kStbGlobal,
           uint8_t type = kSttFunc) {
  Symbol s;
  s.start = start;
  s.end = start + size;
  s.name = std::move(name);
  s.binding = bind;
  s.type = type;
  return s;
}

const char* name_at(const SymbolTable& t, uint64_t addr) {
  const Symbol* s = t.find(addr);
  return s ? s->name.c_str() : "(none)";
}

TEST(SymbolTableTest, LookupCoversStartToEndExclusive) {
  SymbolTable t = SymbolTable::build({sym(0x200, 0x10, "b"), sym(0x100, 0x20, "a")}, false);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_STREQ(name_at(t, 0xff), "(none)");
  EXPECT_STREQ(name_at(t, 0x100), "a");
  EXPECT_STREQ(name_at(t, 0x11f), "a");
  EXPECT_STREQ(name_at(t, 0x120), "(none)");  // the gap between a's end and b
  EXPECT_STREQ(name_at(t, 0x200), "b");
  EXPECT_STREQ(name_at(t, 0x20f), "b");
  EXPECT_STREQ(name_at(t, 0x210), "(none)");
  EXPECT_STREQ(name_at(SymbolTable(), 0x100), "(none)");
}

// Large tables are searched through an index of address buckets: it must find what a search
// of the whole table finds, for clustered, sparse and top-of-address-space layouts alike.
TEST(SymbolTableTest, IndexedLookupMatchesAWholeTableSearch) {
  std::mt19937_64 rng(5);
  const uint64_t bases[] = {0x1000, 0x555555554000, 0xffffffff81000000, UINT64_MAX - (uint64_t{1} << 32)};
  for (uint64_t base : bases) {
    for (size_t count : {64u, 100u, 5000u}) {
      std::vector<Symbol> syms;
      uint64_t at = base;
      for (size_t i = 0; i < count; ++i) {
        // Mostly packed code, with a few far jumps (modules, other segments) and equal starts.
        uint64_t r = rng() % 100;
        at += r < 3 ? (rng() % (uint64_t{1} << 28)) : r < 6 ? 0 : 1 + rng() % 300;
        syms.push_back(sym(at, rng() % 200, "s" + std::to_string(i)));
      }
      SymbolTable t = SymbolTable::build(syms, false);
      const std::vector<Symbol>& all = t.symbols();
      auto whole_search = [&](uint64_t addr) -> const Symbol* {
        const Symbol* last = nullptr;
        for (const Symbol& s : all)
          if (s.start <= addr) last = &s;
        return last && last->contains(addr) ? last : nullptr;
      };
      std::vector<uint64_t> probes = {0, base - 1, base, UINT64_MAX, all.back().start, all.back().end};
      for (const Symbol& s : all) {
        probes.push_back(s.start);
        probes.push_back(s.start - 1);
        probes.push_back(s.end);
        probes.push_back(s.start + (s.end - s.start) / 2);
      }
      for (int i = 0; i < 2000; ++i) probes.push_back(base + rng() % (all.back().end - base + 16));
      for (uint64_t addr : probes)
        ASSERT_EQ(t.find(addr), whole_search(addr)) << std::hex << "base " << base << " addr " << addr;
    }
  }
}

TEST(SymbolTableTest, ZeroSizedSymbolsEndAtTheNextStart) {
  SymbolTable t = SymbolTable::build({sym(0x100, 0, "asm_entry"), sym(0x180, 0x8, "c")}, false);
  EXPECT_EQ(t.symbols()[0].end, 0x180u);
  EXPECT_STREQ(name_at(t, 0x17f), "asm_entry");
  EXPECT_STREQ(name_at(t, 0x180), "c");
}

TEST(SymbolTableTest, LastZeroSizedSymbolEndsOnePagePastItsPage) {
  SymbolTable t = SymbolTable::build({sym(0x1010, 0, "tail")}, false);
  EXPECT_EQ(t.symbols()[0].end, 0x3000u);  // roundup(0x1010, 4096) + 4096
  SymbolTable aligned = SymbolTable::build({sym(0x2000, 0, "tail")}, false);
  EXPECT_EQ(aligned.symbols()[0].end, 0x3000u);
}

TEST(SymbolTableTest, SizedSymbolKeepsItsEndAndLeavesAGap) {
  SymbolTable t = SymbolTable::build({sym(0x100, 4, "x"), sym(0x200, 0, "y")}, false);
  EXPECT_EQ(t.symbols()[0].end, 0x104u);
  EXPECT_STREQ(name_at(t, 0x150), "(none)");
}

TEST(SymbolTableTest, ZeroSizedAliasLosesToSizedSymbol) {
  // The alias is fixed up first (to the same start, so it stays empty) and then loses.
  SymbolTable t = SymbolTable::build({sym(0x100, 0, "alias"), sym(0x100, 0x10, "real")}, false);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.symbols()[0].name, "real");
}

TEST(SymbolTableTest, LastOfEqualZeroSizedSymbolsGetsTheRange) {
  // kallsyms style: every symbol is zero-sized, only the last at an address is stretched.
  SymbolTable t = SymbolTable::build(
      {sym(0x100, 0, "_stext"), sym(0x100, 0, "_text"), sym(0x140, 0, "next")}, true);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_EQ(t.symbols()[0].name, "_text");
  EXPECT_EQ(t.symbols()[0].end, 0x140u);
}

TEST(SymbolTableTest, ChooseBestSymbolFollowsPerfOrder) {
  auto best = [](const Symbol& a, const Symbol& b) {
    return choose_best_symbol(a, b) == BestSymbol::kA ? a.name : b.name;
  };
  EXPECT_EQ(best(sym(0, 0, "empty"), sym(0, 8, "sized")), "sized");
  EXPECT_EQ(best(sym(0, 8, "label", kStbGlobal, kSttNotype), sym(0, 8, "func")), "func");
  EXPECT_EQ(best(sym(0, 8, "weak", kStbWeak), sym(0, 8, "local", kStbLocal)), "local");
  EXPECT_EQ(best(sym(0, 8, "local", kStbLocal), sym(0, 8, "global")), "global");
  EXPECT_EQ(best(sym(0, 8, "__x"), sym(0, 8, "_y")), "_y");
  EXPECT_EQ(best(sym(0, 8, "abc"), sym(0, 8, "abcd")), "abcd");
  EXPECT_EQ(best(sym(0, 8, "same"), sym(0, 8, "also")), "same");
  EXPECT_EQ(best(sym(0, 8, "SyS_read"), sym(0, 8, "sys_read")), "sys_read");
}

TEST(SymbolTableTest, DuplicatesAreResolvedPairwiseInOrder) {
  // getppid (weak) vs __getppid (global): global wins although it has more underscores.
  SymbolTable t =
      SymbolTable::build({sym(0x10, 8, "__getppid"), sym(0x10, 8, "getppid", kStbWeak)}, false);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.symbols()[0].name, "__getppid");
}

TEST(SymbolTableTest, GlobalIfuncBeatsLocalResolverAndMarksNothing) {
  Symbol resolver = sym(0x40, 0x70, "strchr_ifunc", kStbLocal, kSttFunc);
  Symbol ifunc = sym(0x40, 0x70, "strchr", kStbGlobal, kSttGnuIfunc);
  SymbolTable t = SymbolTable::build({resolver, ifunc}, false);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.symbols()[0].name, "strchr");
  EXPECT_FALSE(t.symbols()[0].ifunc_alias);
}

TEST(SymbolTableTest, SymbolThatDisplacesAnIfuncIsAnIfuncAlias) {
  Symbol ifunc = sym(0x40, 0x70, "memcpy", kStbWeak, kSttGnuIfunc);
  Symbol impl = sym(0x40, 0x70, "__memcpy_impl", kStbGlobal, kSttFunc);
  SymbolTable t = SymbolTable::build({ifunc, impl}, false);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(t.symbols()[0].name, "__memcpy_impl");
  EXPECT_TRUE(t.symbols()[0].ifunc_alias);
}

TEST(SymbolTableTest, KallsymsModuleBoundariesDoNotSwallowGaps) {
  std::vector<Symbol> v = {
      sym(0xffffffff81000000, 0, "core_last"), sym(0xffffffffc0000000, 0, "m1_a\t[m1]"),
      sym(0xffffffffc0000100, 0, "m1_last\t[m1]"), sym(0xffffffffc0010000, 0, "m2_a\t[m2]")};
  fixup_symbol_ends(v, true);
  EXPECT_EQ(v[0].end, 0xffffffff81001000u);  // kernel -> module: one page
  EXPECT_EQ(v[1].end, 0xffffffffc0000100u);  // same module: next start
  EXPECT_EQ(v[2].end, 0xffffffffc0002000u);  // module -> other module: a page on, rounded up
  EXPECT_EQ(v[3].end, 0xffffffffc0011000u);  // last symbol
}

TEST(SymbolTableTest, InsertKeepsOrderAfterEqualStarts) {
  std::vector<Symbol> v = {sym(0x10, 1, "a"), sym(0x30, 1, "c")};
  insert_symbol(v, sym(0x10, 1, "a2"));
  insert_symbol(v, sym(0x20, 1, "b"));
  ASSERT_EQ(v.size(), 4u);
  EXPECT_EQ(v[1].name, "a2");
  EXPECT_EQ(v[2].name, "b");
}

TEST(SymbolTableTest, SymbolWithOffsetFormatsLikePerf) {
  Symbol s = sym(0x1000, 0x40, "f3");
  EXPECT_EQ(symbol_with_offset(&s, 0x101c), "f3+0x1c");
  EXPECT_EQ(symbol_with_offset(&s, 0x1000), "f3+0x0");
  EXPECT_EQ(symbol_with_offset(nullptr, 0x1000), "[unknown]");
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(SymbolFixupTest, InsertSymbolsOrdersAsOneByOneInserts) {
  auto sym = [](uint64_t start, const char* name) {
    Symbol s;
    s.start = start;
    s.end = start + 16;
    s.name = name;
    return s;
  };
  std::vector<Symbol> base = {sym(0x10, "a"), sym(0x20, "b"), sym(0x20, "b2"), sym(0x40, "c")};
  std::vector<Symbol> more = {sym(0x30, "p1"), sym(0x20, "p2"), sym(0x50, "p3"), sym(0x20, "p4"),
                              sym(0x00, "p5")};
  std::vector<Symbol> one_by_one = base;
  for (const Symbol& s : more) insert_symbol(one_by_one, s);
  std::vector<Symbol> at_once = base;
  insert_symbols(at_once, more);
  ASSERT_EQ(one_by_one.size(), at_once.size());
  for (size_t i = 0; i < at_once.size(); ++i) EXPECT_EQ(one_by_one[i].name, at_once[i].name) << i;
}

}  // namespace
}  // namespace cperf
