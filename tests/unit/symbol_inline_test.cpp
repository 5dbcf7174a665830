// perf 7.2's inline lines for callchain addresses (DsoSymbols::inline_chain), on builds of
// tests/data/realsys/src/qs.c: main() has the always_inline fill() inlined, and gcc made
// scaled() a clone "scaled.constprop.0" whose DWARF name is "scaled".
//   qs          PIE (ET_DYN, text below 0x10000): libdw misses, binutils addr2line answers
//   qs-nopie    ET_EXEC: libdw answers
//   qs-nodebug  qs without .debug_* sections: no inline lines at all
#include <gtest/gtest.h>

#include <fstream>
#include <string>

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

}  // namespace
}  // namespace cperf
