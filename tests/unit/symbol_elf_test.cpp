#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "symbol/elf_symbols.h"
#include "symbol/symbol_cache.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

constexpr char kDeepBuildId[] = "f4cce8b8d3ca47da64c081963164299771235eb1";
constexpr char kMtBuildId[] = "5817158e61fd62298c5d52ad2d7fdea4eea002fa";

std::optional<std::string> symfs() {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir || !std::filesystem::exists(*dir + "/symfs/bench/deep")) return std::nullopt;
  return *dir + "/symfs";
}

// The recorded map of both binaries: [0x401000, ...) at file offset 0x1000.
uint64_t map_ip(uint64_t ip) { return ip - 0x401000 + 0x1000; }

TEST(SymbolElfTest, ReadsBuildIdNote) {
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  std::optional<BuildId> id = read_build_id(*fs + "/bench/deep");
  ASSERT_TRUE(id);
  EXPECT_EQ(id->to_hex(), kDeepBuildId);
  EXPECT_EQ(id->size(), 20u);
  EXPECT_FALSE(read_build_id(*fs + "/bench/no_such_file"));
}

TEST(SymbolElfTest, LoadsStaticExecutableInFileOffsetSpace) {
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  std::unique_ptr<ElfFile> f = ElfFile::open(*fs + "/bench/deep");
  ASSERT_TRUE(f);
  EXPECT_EQ(f->ehdr().e_type, ET_EXEC);
  SymbolTable t = load_elf_symbols(*f, *f, Demangler());
  ASSERT_FALSE(t.empty());
  // nm: 0000000000401660 T _start, in the R E segment at vaddr 0x401000, offset 0x1000.
  const Symbol* start = t.find(0x1660);
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->name, "_start");
  EXPECT_EQ(start->start, 0x1660u);
  // Objects are kept too (perf merged its data and function symbol maps).
  bool has_object = false;
  for (const Symbol& s : t.symbols()) has_object |= s.type == kSttObject;
  EXPECT_TRUE(has_object);
  // Sorted and non-overlapping after the fix-ups.
  for (size_t i = 1; i < t.size(); ++i) ASSERT_LE(t.symbols()[i - 1].start, t.symbols()[i].start);
}

TEST(SymbolElfTest, StaticPltGetsOnlyItsHeaderSymbol) {
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  std::unique_ptr<ElfFile> f = ElfFile::open(*fs + "/bench/deep");
  ASSERT_TRUE(f);
  SymbolTable t = load_elf_symbols(*f, *f, Demangler());
  // .plt is at offset 0x1018 with 8-byte alignment; .rela.plt has no sh_link in this static
  // binary, so perf stops after the header symbol. _init (size 0) was cut back to .plt.
  const Symbol* plt = t.find(0x1018);
  ASSERT_NE(plt, nullptr);
  EXPECT_EQ(plt->name, ".plt");
  EXPECT_EQ(plt->end, 0x1020u);
  const Symbol* init = t.find(0x1000);
  ASSERT_NE(init, nullptr);
  EXPECT_EQ(init->name, "_init");
  EXPECT_EQ(init->end, 0x1018u);
  EXPECT_EQ(t.find(0x1020), nullptr);
}

// User frames from the fixture's expected `perf script` output.
TEST(SymbolElfTest, FixtureUserAddressesMatchPerf) {
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  SymbolOptions o;
  o.symfs = *fs;
  o.buildid_dir = "/nonexistent";
  SymbolCache cache(o);
  const DsoSymbols& deep = cache.dso("/bench/deep", kDeepBuildId);
  const DsoSymbols& mt = cache.dso("/bench/mt", kMtBuildId);
  ASSERT_FALSE(deep.table().empty());
  EXPECT_EQ(deep.symtab_path(), *fs + "//bench/deep");
  const struct {
    const DsoSymbols* dso;
    uint64_t ip;
    const char* want;
  } kCases[] = {
      {&deep, 0x401660, "_start+0x0"},
      {&deep, 0x4017c0, "spin+0x20"},
      {&deep, 0x401806, "do_syscalls+0x2f"},
      {&deep, 0x40181e, "level+0x0"},
      {&deep, 0x40188e, "main+0x43"},
      {&deep, 0x402d14, "dl_init_cacheinfo.constprop.0+0x424"},
      {&deep, 0x403749, "__libc_start_main_impl+0x29"},
      {&deep, 0x40f6f0, "malloc+0x70"},
      {&deep, 0x419140, "__getppid+0x0"},
      {&deep, 0x43b0f8, "__internal_syscall_cancel+0x78"},
      {&deep, 0x46e1c0, "__popcountdi2+0x0"},
      {&mt, 0x401800, "burn+0x20"},
      {&mt, 0x4018ea, "worker+0x28"},
      {&mt, 0x44172e, "__syscall_cancel_arch_end+0x0"},  // a NOTYPE label inside a function
      {&mt, 0x441700, "__syscall_cancel_arch+0x0"},      // beats the _start label there
  };
  for (const auto& c : kCases) {
    uint64_t a = map_ip(c.ip);
    EXPECT_EQ(symbol_with_offset(c.dso->find(a), a), c.want) << std::hex << c.ip;
    EXPECT_EQ(symbol_with_offset(c.dso->find(a), a), c.want) << "cached lookup";
  }
}

TEST(SymbolElfTest, IfuncAddressesResolveToTheGlobalIfunc) {
  // perf prints these as "strchr_ifunc+0x0 (inlined)": the symbol perf keeps is strchr, and
  // addr2line's different name is what the inline printer reports.
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  SymbolOptions o;
  o.symfs = *fs;
  SymbolCache cache(o);
  const Symbol* s = cache.dso("/bench/deep", kDeepBuildId).find(map_ip(0x43d740));
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->name, "strchr");
  EXPECT_EQ(s->type, kSttGnuIfunc);
}

TEST(SymbolElfTest, MismatchingBuildIdGivesNoSymbols) {
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  SymbolOptions o;
  o.symfs = *fs;
  SymbolCache cache(o);
  const DsoSymbols& d = cache.dso("/bench/deep", kMtBuildId);
  EXPECT_TRUE(d.table().empty());
  EXPECT_EQ(d.find(map_ip(0x401660)), nullptr);
  // Without a recorded build id the file is used.
  EXPECT_FALSE(cache.dso("/bench/deep", "").table().empty());
}

TEST(SymbolElfTest, MissingAndNonElfFilesGiveNoSymbols) {
  SymbolOptions o;
  o.symfs = "/nonexistent";
  SymbolCache cache(o);
  EXPECT_TRUE(cache.dso("/bench/deep", kDeepBuildId).table().empty());
  EXPECT_TRUE(cache.dso("//anon", "").table().empty());
  EXPECT_TRUE(cache.dso("[heap]", "").table().empty());
  EXPECT_EQ(ElfFile::open("/proc/self/status"), nullptr);
}

TEST(SymbolElfTest, NoDemangleKeepsRawNames) {
  std::optional<std::string> fs = symfs();
  if (!fs) GTEST_SKIP() << "tests/data/perf7.2-defer/symfs is not present";
  std::unique_ptr<ElfFile> f = ElfFile::open(*fs + "/bench/deep");
  ASSERT_TRUE(f);
  DemangleOptions off;
  off.demangle = false;
  SymbolTable raw = load_elf_symbols(*f, *f, Demangler(off));
  SymbolTable dem = load_elf_symbols(*f, *f, Demangler());
  EXPECT_EQ(raw.size(), dem.size());  // a C binary: nothing to demangle either way
}

// Names demangled on lookup end up as those demangled at load: for each symbol find()
// returns, and for the whole table once table() is asked for.
TEST(SymbolElfTest, NamesDemangledOnLookupEqualThoseDemangledAtLoad) {
  std::optional<std::string> dir = symbol_test::fixture_dir("cxx");
  const std::string bin = dir ? *dir + "/symfs/tmp/cperf-cxx/cxx" : "";
  std::unique_ptr<ElfFile> f = dir ? ElfFile::open(bin) : nullptr;
  if (!f) GTEST_SKIP() << "tests/data/cxx/symfs is not present";
  SymbolTable eager = load_elf_symbols(*f, *f, Demangler());
  SymbolTable lazy = load_elf_symbols(*f, *f, Demangler(), NameDemangling::kOnLookup);
  ASSERT_EQ(eager.size(), lazy.size());
  size_t pending = 0;
  for (const Symbol& s : lazy.symbols()) pending += s.name_pending;
  EXPECT_GT(pending, 0u);  // the C++ symbols wait

  SymbolOptions o;
  o.symfs = *dir + "/symfs";
  SymbolCache cache(o);
  const DsoSymbols& d = cache.dso("/tmp/cperf-cxx/cxx", "");
  ASSERT_EQ(d.table_with_raw_names().size(), eager.size());
  const Symbol& first_cxx = *std::find_if(eager.symbols().begin(), eager.symbols().end(),
                                          [](const Symbol& s) { return s.name.find("::") != std::string::npos; });
  const Symbol* hit = d.find(first_cxx.start);
  ASSERT_NE(hit, nullptr);
  EXPECT_FALSE(hit->name_pending);
  EXPECT_EQ(hit->name, first_cxx.name);
  size_t still_raw = 0;
  for (const Symbol& s : d.table_with_raw_names().symbols()) still_raw += s.name_pending;
  EXPECT_GT(still_raw, 0u);  // only what was looked up

  const SymbolTable& all = d.table();
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_FALSE(all.symbols()[i].name_pending);
    EXPECT_EQ(all.symbols()[i].name, eager.symbols()[i].name);
  }
}

// A dynamic library exercises ET_DYN, .dynsym and PLT synthesis. It is the system's libc,
// so only invariants are checked.
TEST(SymbolElfTest, SystemSharedLibraryInvariants) {
  const char* kLibc = "/usr/lib/x86_64-linux-gnu/libc.so.6";
  std::unique_ptr<ElfFile> f = ElfFile::open(kLibc);
  if (!f) GTEST_SKIP() << kLibc << " is not present";
  EXPECT_EQ(f->ehdr().e_type, ET_DYN);
  ASSERT_TRUE(f->dynsym());
  SymbolTable t = load_elf_symbols(*f, *f, Demangler());
  ASSERT_FALSE(t.empty());
  size_t plt = 0;
  for (const Symbol& s : t.symbols()) plt += s.name.ends_with("@plt");
  if (f->section_by_name(".plt")) {
    EXPECT_GT(plt, 0u);
  }
  // Every exported function is found at its own start.
  Elf_Data* d = elf_getdata(f->dynsym()->scn, nullptr);
  size_t n = f->dynsym()->shdr.sh_size / f->dynsym()->shdr.sh_entsize;
  size_t checked = 0;
  for (size_t i = 0; i < n; ++i) {
    GElf_Sym s;
    gelf_getsym(d, static_cast<int>(i), &s);
    if (GELF_ST_TYPE(s.st_info) != STT_FUNC || s.st_shndx == SHN_UNDEF || s.st_size == 0) continue;
    std::optional<GElf_Phdr> ph = f->load_segment_for(s.st_value);
    ASSERT_TRUE(ph);
    uint64_t a = s.st_value - (ph->p_vaddr - ph->p_offset);
    const Symbol* found = t.find(a);
    ASSERT_NE(found, nullptr) << std::hex << s.st_value;
    EXPECT_EQ(found->start, a);
    ++checked;
  }
  EXPECT_GT(checked, 100u);
}

}  // namespace
}  // namespace cperf
