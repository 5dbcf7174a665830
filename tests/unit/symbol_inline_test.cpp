// perf 7.2's inline lines for callchain addresses (DsoSymbols::inline_chain), on builds of
// tests/data/realsys/src/qs.c: main() has the always_inline fill() inlined, and gcc made
// scaled() a clone "scaled.constprop.0" whose DWARF name is "scaled".
//   qs          PIE (ET_DYN, text below 0x10000): libdw misses, binutils addr2line answers
//   qs-nopie    ET_EXEC: libdw answers
//   qs-nodebug  qs without .debug_* sections: no inline lines at all
#include <gtest/gtest.h>

#include <chrono>
#include <dwarf.h>
#include <fcntl.h>
#include <unistd.h>

#include <fstream>
#include <string>
#include <thread>

#include "symbol/symbol_cache.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

class InlineChainTest : public ::testing::Test {
 protected:
  void SetUp() override {
    std::optional<std::string> dir = symbol_test::fixture_dir("realsys");
    if (!dir) GTEST_SKIP() << "no tests/data/realsys";
    bin_ = *dir + "/bin/";
    opts_.buildid_dir = "/nonexistent/cperf-test-buildid-dir";  // no cached copies
  }
  const Symbol* symbol(const DsoSymbols& d, const std::string& name) {
    for (const Symbol& s : d.table().symbols())
      if (s.name == name) return &s;
    return nullptr;
  }
  // The first inline chain inside sym's range, as text: "fill (inlined) | <sym>".
  std::string first_chain(const DsoSymbols& d, const Symbol& sym) {
    for (uint64_t a = sym.start; a < sym.end; ++a) {
      const InlineChain* c = d.inline_chain(a, sym);
      if (!c) continue;
      std::string out;
      for (const InlineFrame& f : *c) {
        if (!out.empty()) out += " | ";
        out += f.name ? *f.name + " (inlined)" : "<sym>";
      }
      return out;
    }
    return "";
  }
  std::string bin_;
  SymbolOptions opts_;
};

TEST_F(InlineChainTest, PieGoesThroughAddr2lineNames) {
  SymbolCache cache(opts_);
  const DsoSymbols& d = cache.dso(bin_ + "qs", "");
  const Symbol* main_sym = symbol(d, "main");
  const Symbol* clone = symbol(d, "scaled.constprop.0");
  ASSERT_NE(main_sym, nullptr);
  ASSERT_NE(clone, nullptr);
  EXPECT_EQ(first_chain(d, *main_sym), "fill (inlined) | <sym>");
  // addr2line names the clone by its DWARF name, which is not perf's symbol: one inlined
  // line, and no line for the symbol itself.
  EXPECT_EQ(first_chain(d, *clone), "scaled (inlined)");
}

TEST_F(InlineChainTest, ExecutableGoesThroughLibdw) {
  SymbolCache cache(opts_);
  const DsoSymbols& d = cache.dso(bin_ + "qs-nopie", "");
  const Symbol* main_sym = symbol(d, "main");
  const Symbol* clone = symbol(d, "scaled.constprop.0");
  ASSERT_NE(main_sym, nullptr);
  ASSERT_NE(clone, nullptr);
  EXPECT_EQ(first_chain(d, *main_sym), "fill (inlined) | <sym>");
  EXPECT_EQ(first_chain(d, *clone), "");  // the subprogram is always the ELF symbol
}

TEST_F(InlineChainTest, NoLineInfoNoInlineLines) {
  SymbolCache cache(opts_);
  const DsoSymbols& d = cache.dso(bin_ + "qs-nodebug", "");
  const Symbol* main_sym = symbol(d, "main");
  ASSERT_NE(main_sym, nullptr);
  EXPECT_EQ(first_chain(d, *main_sym), "");
}

TEST_F(InlineChainTest, ChainIsCachedPerAddress) {
  SymbolCache cache(opts_);
  const DsoSymbols& d = cache.dso(bin_ + "qs", "");
  const Symbol* main_sym = symbol(d, "main");
  ASSERT_NE(main_sym, nullptr);
  for (uint64_t a = main_sym->start; a < main_sym->end; ++a)
    EXPECT_EQ(d.inline_chain(a, *main_sym), d.inline_chain(a, *main_sym));
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

// The line of src/qs.c holding `needle`, 0 if none.
int source_line(const std::string& dir, const std::string& needle) {
  std::ifstream f(dir + "/src/qs.c");
  std::string line;
  for (int n = 1; std::getline(f, line); ++n)
    if (line.find(needle) != std::string::npos) return n;
  return 0;
}

TEST(InlineSrclineTest, LinesOfAnInlinedCallAndItsCaller) {
  std::optional<std::string> dir = symbol_test::fixture_dir("realsys");
  if (!dir) GTEST_SKIP() << "no tests/data/realsys";
  SymbolOptions opts;
  opts.buildid_dir = "/nonexistent/cperf-test-buildid-dir";
  SymbolCache cache(opts);
  const DsoSymbols& d = cache.dso(*dir + "/bin/qs", "");
  const Symbol* main_sym = nullptr;
  for (const Symbol& s : d.table().symbols())
    if (s.name == "main") main_sym = &s;
  ASSERT_NE(main_sym, nullptr);
  const std::string inner = "qs.c:" + std::to_string(source_line(*dir, "v[i] = rand_r(seed)"));
  const std::string call = "qs.c:" + std::to_string(source_line(*dir, "fill(v, n, &seed)"));
  bool seen = false;
  for (uint64_t a = main_sym->start; a < main_sym->end && !seen; ++a) {
    const InlineChain* c = d.inline_chain(a, *main_sym);
    if (!c || c->size() != 2 || !c->at(0).srcline || *c->at(0).srcline != inner) continue;
    // The inlined line is fill's own; main's line is where it calls fill.
    ASSERT_NE(c->at(1).srcline, nullptr);
    EXPECT_EQ(*c->at(1).srcline, call);
    seen = true;
  }
  EXPECT_TRUE(seen) << "no address of main with fill inlined at " << inner;
  // No line info: no srcline (script then prints "qs[<address>]").
  const DsoSymbols& stripped = cache.dso(*dir + "/bin/qs-nodebug", "");
  EXPECT_EQ(stripped.srcline(main_sym->start), nullptr);
}

// DwarfFunctions finds an address's subprogram in a per-unit index; libdw's own walk
// (dwarf_getfuncs, the first subprogram whose ranges hold the address) must agree on every
// address of the file's functions.
struct WalkSearch {
  uint64_t vaddr;
  std::string name;
  bool found = false;
};
int first_holding(Dwarf_Die* die, void* arg) {
  auto* s = static_cast<WalkSearch*>(arg);
  if (dwarf_haspc(die, s->vaddr) != 1) return DWARF_CB_OK;
  const char* n = dwarf_diename(die);
  s->name = n ? n : "";
  s->found = true;
  return DWARF_CB_ABORT;
}

// Compares chain() with the walk at addresses of the file's compile units (every
// `step`th byte); returns how many addresses had a subprogram.
size_t compare_with_walk(const std::string& path, uint64_t step) {
  std::unique_ptr<DwarfFunctions> fns = DwarfFunctions::open(path);
  int fd = ::open(path.c_str(), O_RDONLY);
  EXPECT_GE(fd, 0) << path;
  if (fd < 0) return 0;
  Dwarf* dw = dwarf_begin(fd, DWARF_C_READ);
  size_t found = 0;
  Dwarf_Off off = 0, next = 0;
  size_t header = 0;
  while (dw && dwarf_nextcu(dw, off, &next, &header, nullptr, nullptr, nullptr) == 0) {
    Dwarf_Die cu_die;
    if (dwarf_offdie(dw, off + header, &cu_die)) {
      Dwarf_Addr base = 0, lo = 0, hi = 0;
      for (ptrdiff_t r = 0; (r = dwarf_ranges(&cu_die, r, &base, &lo, &hi)) > 0;)
        for (uint64_t a = lo; a < hi; a += step) {
          WalkSearch want{a, "", false};
          Dwarf_Die cu;
          if (dwarf_addrdie(dw, a, &cu)) dwarf_getfuncs(&cu, first_holding, &want, 0);
          std::vector<DwarfFunctions::Function> got = fns->chain(a);
          EXPECT_EQ(!got.empty(), want.found) << path << std::hex << " at 0x" << a;
          if (want.found && !got.empty()) {
            EXPECT_EQ(got.back().name, want.name) << path << std::hex << " at 0x" << a;
          }
          found += want.found;
        }
    }
    off = next;
  }
  if (dw) dwarf_end(dw);
  ::close(fd);
  return found;
}

TEST(DwarfFunctionsTest, IndexFindsWhatLibdwsWalkFinds) {
  std::optional<std::string> dir = symbol_test::fixture_dir("realsys");
  if (!dir) GTEST_SKIP() << "no tests/data/realsys";
  EXPECT_GT(compare_with_walk(*dir + "/bin/qs-nopie", 1), 100u);
}

// prefetch() loads the given dsos on its own thread; what dso() then returns is what a cache
// without prefetching loads.
TEST(SymbolCachePrefetchTest, LoadsAheadWithTheSameResult) {
  std::optional<std::string> dir = symbol_test::fixture_dir("realsys");
  if (!dir) GTEST_SKIP() << "no tests/data/realsys";
  SymbolOptions opts;
  opts.buildid_dir = "/nonexistent/cperf-test-buildid-dir";
  const std::vector<std::string> files = {*dir + "/bin/qs", *dir + "/bin/qs-nopie", *dir + "/bin/missing"};
  SymbolCache ahead(opts), plain(opts);
  std::vector<std::pair<std::string, std::string>> list;
  for (const std::string& f : files) list.emplace_back(f, "");
  ahead.prefetch(list, true);
  for (int i = 0; i < 6000 && ahead.prefetched() < files.size(); ++i)  // up to a minute: a busy machine
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  EXPECT_EQ(ahead.prefetched(), files.size());
  for (const std::string& f : files) {
    const DsoSymbols& a = ahead.dso(f, "");
    const DsoSymbols& b = plain.dso(f, "");
    ASSERT_EQ(a.table().symbols().size(), b.table().symbols().size()) << f;
    for (size_t i = 0; i < a.table().symbols().size(); ++i) {
      const Symbol& x = a.table().symbols()[i];
      const Symbol& y = b.table().symbols()[i];
      EXPECT_EQ(x.name, y.name);
      EXPECT_EQ(x.start, y.start);
      EXPECT_EQ(x.end, y.end);
      const InlineChain* cx = a.inline_chain(x.start, x);
      const InlineChain* cy = b.inline_chain(y.start, y);
      EXPECT_EQ(cx == nullptr, cy == nullptr) << x.name;
      if (cx && cy) {
        EXPECT_EQ(cx->size(), cy->size()) << x.name;
      }
    }
  }
  EXPECT_TRUE(&ahead.dso(files[0], "") == &ahead.dso(files[0], ""));  // loaded once
}

// A cache destroyed while its thread still has work stops it (no hang, no crash).
TEST(SymbolCachePrefetchTest, DestroyedWhileLoading) {
  std::optional<std::string> dir = symbol_test::fixture_dir("realsys");
  if (!dir) GTEST_SKIP() << "no tests/data/realsys";
  for (int round = 0; round < 20; ++round) {
    SymbolCache cache(SymbolOptions{});
    std::vector<std::pair<std::string, std::string>> list;
    for (int i = 0; i < 50; ++i) list.emplace_back(*dir + "/bin/qs-nopie", std::to_string(i));
    cache.prefetch(list, true);
    if (round % 2) cache.dso(*dir + "/bin/qs-nopie", "3");
  }
}

}  // namespace
}  // namespace cperf
