#include <gtest/gtest.h>

#include <filesystem>

#include "symbol/addr2line_symtab.h"
#include "symbol/symbol_cache.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

// Frames perf 7.2 printed as "(inlined)" in the fixture's expected script output, and some it
// printed normally because addr2line's name agreed with perf's symbol.
TEST(SymbolAddr2lineTest, FixtureNamesMatchPerfInlineFrames) {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir || !std::filesystem::exists(*dir + "/symfs/bench/mt")) {
    GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  }
  SymbolOptions o;
  o.symfs = *dir + "/symfs";
  SymbolCache cache(o);
  const struct {
    const char* bin;
    uint64_t ip;
    const char* perf_symbol;  // what perf's symbol table resolves
    const char* addr2line;    // the name addr2line gives
  } kCases[] = {
      {"deep", 0x419128, "_exit+0x18", "_Exit"},         // printed "_Exit+0x18 (inlined)"
      {"deep", 0x43d740, "strchr+0x0", "strchr_ifunc"},  // IFUNC vs its resolver
      {"deep", 0x466d00, "strspn+0x0", "strspn_ifunc"},
      {"deep", 0x4191e0, "__libc_read+0x0", "__read"},
      {"deep", 0x419140, "__getppid+0x0", "__getppid"},  // same: printed normally
      {"deep", 0x40181e, "level+0x0", "level"},
      {"mt", 0x44172e, "__syscall_cancel_arch_end+0x0", "__syscall_cancel_arch_end"},
      {"mt", 0x40bb50, "__pthread_create_2_1+0x0", "pthread_create"},
  };
  for (const auto& c : kCases) {
    std::string path = o.symfs + "/bench/" + c.bin;
    std::unique_ptr<ElfFile> f = ElfFile::open(path);
    ASSERT_TRUE(f) << path;
    Addr2lineSymtab a = Addr2lineSymtab::load(*f, *f);
    const uint64_t addr = c.ip - 0x401000 + 0x1000;
    const DsoSymbols& d = cache.dso(std::string("/bench/") + c.bin, "");
    EXPECT_EQ(symbol_with_offset(d.find(addr), addr), c.perf_symbol) << std::hex << c.ip;
    const std::string* name = a.function_name(addr);
    ASSERT_NE(name, nullptr) << std::hex << c.ip;
    EXPECT_EQ(*name, c.addr2line) << std::hex << c.ip;
    const std::string* cached = d.addr2line_name(addr);  // the same, loaded by the cache
    ASSERT_NE(cached, nullptr);
    EXPECT_EQ(*cached, c.addr2line);
  }
}

TEST(SymbolAddr2lineTest, OutsideAnySectionIsUnknown) {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir || !std::filesystem::exists(*dir + "/symfs/bench/deep")) {
    GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  }
  std::unique_ptr<ElfFile> f = ElfFile::open(*dir + "/symfs/bench/deep");
  ASSERT_TRUE(f);
  Addr2lineSymtab a = Addr2lineSymtab::load(*f, *f);
  EXPECT_EQ(a.function_name(0x10000000), nullptr);
  EXPECT_EQ(Addr2lineSymtab().function_name(0x1660), nullptr);
}

// With no line there, addr2line names the file of the STT_FILE symbol before the function
// ("crtstuff.c:?"); a global symbol after the local ones gets none ("??:?"). Cases as
// binutils 2.40's addr2line prints them for the fixture's deep (all 1,349 of its functions
// without a line agree).
TEST(SymbolAddr2lineTest, FileNameIsTheFileSymbolBeforeALocalFunction) {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir || !std::filesystem::exists(*dir + "/symfs/bench/deep")) {
    GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  }
  std::unique_ptr<ElfFile> f = ElfFile::open(*dir + "/symfs/bench/deep");
  ASSERT_TRUE(f);
  Addr2lineSymtab a = Addr2lineSymtab::load(*f, *f);
  auto file = [&](uint64_t ip) {
    const std::string* s = a.file_name(ip - 0x401000 + 0x1000);
    return s ? *s : std::string("??");
  };
  EXPECT_EQ(file(0x4016a0), "crtstuff.c");        // deregister_tm_clones (local)
  EXPECT_EQ(file(0x453580), "dl-find_object.o");  // _dl_find_object_from_map (local)
  EXPECT_EQ(file(0x41a3a0), "??");                // __stack_chk_fail_local (global)
  EXPECT_EQ(file(0x44ef80), "??");                // __strcspn_generic (global)
}

}  // namespace
}  // namespace cperf
