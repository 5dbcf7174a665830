#include <gtest/gtest.h>

#include "symbol/demangle.h"
#include "symbol/rust_demangle.h"

namespace cperf {
namespace {

std::string rust(const char* s) { return demangle_rust(s).value_or("(not rust)"); }

std::string base62(uint64_t v) {
  if (v == 0) return "_";
  const char* digits = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  std::string out;
  for (uint64_t x = v - 1;; x /= 62) {
    out.insert(out.begin(), digits[x % 62]);
    if (x < 62) break;
  }
  return out + "_";
}

// a::f::<T_n> with T_k = (T_{k-1}, T_{k-1}) where the second copy is a backref: the text is
// linear in n, the demangled name exponential.
std::string doubling_backrefs(int n) {
  std::string inner = "INvC1a1f";
  const size_t first = inner.size();
  inner += std::string(n + 1, 'T') + "uuE";
  for (int k = n - 1; k >= 0; --k) inner += "B" + base62(first + k + 1) + "E";
  return "_R" + inner + "E";
}

TEST(SymbolDemangleTest, CxxNamesKeepTheirParameters) {
  Demangler d;
  EXPECT_EQ(d.display_name("_Z3addii"), "add(int, int)");
  EXPECT_EQ(d.display_name("_ZN3foo3barEv"), "foo::bar()");
  EXPECT_EQ(d.display_name("_ZNKSt6vectorIiSaIiEE4sizeEv"),
            "std::vector<int, std::allocator<int> >::size() const");
}

TEST(SymbolDemangleTest, PlainNamesAreLeftAlone) {
  Demangler d;
  EXPECT_FALSE(d.demangle("main"));
  // A bare type encoding is not a symbol: "f" must not become "float".
  EXPECT_FALSE(d.demangle("f"));
  EXPECT_EQ(d.display_name("do_syscall_64"), "do_syscall_64");
  EXPECT_FALSE(d.demangle("_Znot_really_mangled"));
}

TEST(SymbolDemangleTest, NoDemangleAndKernelSwitches) {
  DemangleOptions off;
  off.demangle = false;
  EXPECT_EQ(Demangler(off).display_name("_Z3addii"), "_Z3addii");
  Demangler d;
  EXPECT_EQ(d.display_name("_Z3addii", /*kernel=*/true), "_Z3addii");
  DemangleOptions kern;
  kern.demangle_kernel = true;
  EXPECT_EQ(Demangler(kern).display_name("_Z3addii", true), "add(int, int)");
}

TEST(SymbolDemangleTest, RustLegacyDropsTheHash) {
  EXPECT_EQ(rust("_ZN4core3fmt5write17h0123456789abcdefE"), "core::fmt::write");
  // Through the Demangler too: Rust is tried before C++, which would keep the hash.
  EXPECT_EQ(Demangler().display_name("_ZN4core3fmt5write17h0123456789abcdefE"), "core::fmt::write");
  EXPECT_EQ(rust("_ZN4test1a2bcE"), "test::a::bc");
  EXPECT_EQ(rust("_ZN35Bar$LT$$u5b$u32$u3b$$u20$4$u5d$$GT$E"), "Bar<[u32; 4]>");
  EXPECT_EQ(rust("_ZN4core5slice77_$LT$impl$u20$core..ops..index..IndexMut$LT$I$GT$$u20$for$u20$"
                 "$u5b$T$u5d$$GT$9index_mut17haf9727c2edfbc47bE"),
            "core::slice::<impl core::ops::index::IndexMut<I> for [T]>::index_mut");
  EXPECT_EQ(rust("_ZN8$RF$testE"), "&test");
  EXPECT_EQ(rust("_ZN12test$BP$test4foobE"), "test*test::foob");
  EXPECT_EQ(rust("__ZN3fooE"), "foo");
}

TEST(SymbolDemangleTest, RustSuffixes) {
  EXPECT_EQ(rust("_ZN3foo17h05af221e174051e9E.llvm.A5310EB9"), "foo");
  EXPECT_EQ(rust("_ZN3foo3barE.cold.1"), "foo::bar.cold.1");
  // Anything else after the 'E' means it was not Rust (here: C++ parameters).
  EXPECT_EQ(rust("_ZN3foo3barEv"), "(not rust)");
  EXPECT_EQ(rust("_ZN3fooE junk"), "(not rust)");
  EXPECT_EQ(rust("_ZN3foo"), "(not rust)");
}

TEST(SymbolDemangleTest, RustV0Paths) {
  EXPECT_EQ(rust("_RNvCs1234_7mycrate3foo"), "mycrate::foo");
  EXPECT_EQ(rust("_RNvNtCs1234_7mycrate3bar3baz"), "mycrate::bar::baz");
  EXPECT_EQ(rust("_RNvC6_123foo3bar"), "123foo::bar");
  EXPECT_EQ(rust("_RNCNvCs1234_7mycrate3foo0"), "mycrate::foo::{closure#0}");
  EXPECT_EQ(rust("_RNCNvCs1234_7mycrate3foos_0"), "mycrate::foo::{closure#1}");
  EXPECT_EQ(rust("_RNvMCs1234_7mycrateNtB2_3Foo3new"), "<mycrate::Foo>::new");
  EXPECT_EQ(rust("_RNvXCs1234_7mycrateNtB2_3FooNtB2_5Trait3run"),
            "<mycrate::Foo as mycrate::Trait>::run");
  // Instantiating-crate suffix is parsed but not shown.
  EXPECT_EQ(rust("_RNvCs1234_7mycrate3fooCs5678_5other"), "mycrate::foo");
}

TEST(SymbolDemangleTest, RustV0GenericsAndTypes) {
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooNtB2_3BarE"), "mycrate::foo::<mycrate::Bar>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooRShE"), "mycrate::foo::<&[u8]>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooTlhEE"), "mycrate::foo::<(i32, u8)>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooTlEE"), "mycrate::foo::<(i32,)>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooAhj10_E"), "mycrate::foo::<[u8; 16]>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooKj10_E"), "mycrate::foo::<16>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooKanb_E"), "mycrate::foo::<-11>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooKb1_E"), "mycrate::foo::<true>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooKc41_E"), "mycrate::foo::<'A'>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooFUKCEuE"), "mycrate::foo::<unsafe extern \"C\" fn()>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooFlEmE"), "mycrate::foo::<fn(i32) -> u32>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooDNtCs1_4core3AnyEL_E"), "mycrate::foo::<dyn core::Any>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooQPOzE"), "mycrate::foo::<&mut *const *mut !>");
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooFG_RL0_hEuE"), "mycrate::foo::<for<'a> fn(&'a u8)>");
}

TEST(SymbolDemangleTest, RustV0Punycode) {
  EXPECT_EQ(rust("_RNvCs1234_7mycrateu7caf_dma"), "mycrate::café");
  EXPECT_EQ(rust("_RNvCs1234_7mycrateu30____7hkackfecea1cbdathfdh9hlq6y"),
            "mycrate::საჭმელად_გემრიელი_სადილი");
}

TEST(SymbolDemangleTest, RustV0RejectsMalformedNames) {
  EXPECT_EQ(rust("_R"), "(not rust)");
  EXPECT_EQ(rust("_RNvCs1234_7mycrate"), "(not rust)");   // truncated
  EXPECT_EQ(rust("_R0NvC3foo3bar"), "(not rust)");        // versioned: unsupported
  EXPECT_EQ(rust("_RNvB9_3foo"), "(not rust)");           // backref not backwards
  EXPECT_EQ(rust("_RNvC3foo3bar_suffix"), "(not rust)");  // junk after the path
  EXPECT_EQ(rust("RCU_do_batch"), "(not rust)");          // a C name starting with R
  // A binder asking for ~10^19 lifetimes, and backrefs that double the output per level.
  EXPECT_EQ(rust("_RINvCs1234_7mycrate3fooFGzzzzzzzzzz_EuE"), "(not rust)");
  EXPECT_EQ(rust(doubling_backrefs(40).c_str()), "(not rust)");
  EXPECT_EQ(rust(doubling_backrefs(1).c_str()), "a::f::<(((), ()), ((), ()))>");
  std::string deep = "_R";
  for (int i = 0; i < 600; ++i) deep += "NvNv";
  EXPECT_EQ(rust(deep.c_str()), "(not rust)");
}

TEST(SymbolDemangleTest, OcamlNames) {
  EXPECT_EQ(demangle_ocaml("camlStdlib__list__map_123").value_or(""), "Stdlib.list.map_123");
  EXPECT_EQ(demangle_ocaml("camlFoo$21bar").value_or(""), "Foo!bar");
  EXPECT_FALSE(demangle_ocaml("caml_start"));
  EXPECT_EQ(Demangler().display_name("camlFoo__bar_1"), "Foo.bar_1");
}

}  // namespace
}  // namespace cperf
