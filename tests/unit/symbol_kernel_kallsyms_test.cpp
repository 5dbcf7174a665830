// Choosing the kernel's kallsyms (kernel_kallsyms.h) and loading it through SymbolCache and
// ScriptSymbols, with a fake running kernel (notes + kallsyms files in a temp dir).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <filesystem>
#include <fstream>

#include "io/perf_data_reader.h"
#include "script/symbols.h"
#include "symbol/kernel_kallsyms.h"
#include "symbol/symbol_cache.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

namespace fs = std::filesystem;

constexpr char kHostId[] = "00112233445566778899aabbccddeeff00112233";
constexpr char kOtherId[] = "ffeeddccbbaa99887766554433221100ffeeddcc";
constexpr char kKallsyms[] =
    "ffffffff81000000 T _text\n"
    "ffffffff81000100 T host_fn\n"
    "ffffffff81000200 T host_end\n";

class KernelKallsymsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/cperf-kernel-kallsyms-XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    tmp_ = tmpl;
    opts_.host_kallsyms = tmp_ + "/kallsyms";
    opts_.host_notes = tmp_ + "/notes";
    opts_.buildid_dir = tmp_ + "/debug";
    write(opts_.host_kallsyms, kKallsyms);
    write_notes(opts_.host_notes, *BuildId::from_hex(kHostId));
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(tmp_, ec);
  }
  static void write(const std::string& path, const std::string& text) {
    fs::create_directories(fs::path(path).parent_path());
    std::ofstream(path, std::ios::binary) << text;
  }
  // An ELF note section as /sys/kernel/notes shows it: namesz, descsz, type, "GNU\0", id.
  static void write_notes(const std::string& path, const BuildId& id) {
    std::string n(12, '\0');
    uint32_t hdr[3] = {4, static_cast<uint32_t>(id.size()), 3};
    std::memcpy(n.data(), hdr, 12);
    n.append("GNU", 4);
    n.append(reinterpret_cast<const char*>(id.bytes().data()), id.size());
    write(path, n);
  }

  std::string tmp_;
  SymbolOptions opts_;
};

TEST_F(KernelKallsymsTest, KallsymsOptionWins) {
  opts_.kallsyms = "/some/file";
  opts_.symfs = "/some/dir";
  KallsymsChoice c = choose_kallsyms(opts_, BuildId::from_hex(kOtherId));
  EXPECT_EQ(c.path, "/some/file");
  EXPECT_FALSE(c.host);
}

TEST_F(KernelKallsymsTest, SymfsMeansNoLocalFiles) {
  opts_.symfs = tmp_;
  KallsymsChoice c = choose_kallsyms(opts_, BuildId::from_hex(kHostId));
  EXPECT_EQ(c.path, "");
  EXPECT_EQ(c.message, "");
}

TEST_F(KernelKallsymsTest, RunningKernelWhenBuildIdMatchesOrIsUnknown) {
  KallsymsChoice same = choose_kallsyms(opts_, BuildId::from_hex(kHostId));
  EXPECT_EQ(same.path, opts_.host_kallsyms);
  EXPECT_TRUE(same.host);
  KallsymsChoice unknown = choose_kallsyms(opts_, std::nullopt);
  EXPECT_EQ(unknown.path, opts_.host_kallsyms);
  EXPECT_TRUE(unknown.host);
}

TEST_F(KernelKallsymsTest, OtherKernelUsesTheBuildIdCacheOrNothing) {
  KallsymsChoice none = choose_kallsyms(opts_, BuildId::from_hex(kOtherId));
  EXPECT_EQ(none.path, "");
  EXPECT_EQ(none.message, std::string("No kallsyms or vmlinux with build-id ") + kOtherId +
                              " was found");
  std::string cached = opts_.buildid_dir + "/[kernel.kallsyms]/" + kOtherId + "/kallsyms";
  write(cached, kKallsyms);
  KallsymsChoice c = choose_kallsyms(opts_, BuildId::from_hex(kOtherId));
  EXPECT_EQ(c.path, cached);
  EXPECT_FALSE(c.host);
  // No readable notes: the running kernel is not known to match.
  fs::remove(opts_.host_notes);
  EXPECT_EQ(choose_kallsyms(opts_, BuildId::from_hex(kHostId)).path, "");
}

TEST_F(KernelKallsymsTest, HiddenAddresses) {
  EXPECT_FALSE(kallsyms_addresses_hidden(opts_.host_kallsyms));
  // Per-cpu symbols at 0 first (x86_64) do not make a visible list look hidden.
  write(opts_.host_kallsyms, "0000000000000000 A fixed_percpu_data\n0000000000000000 A __per_cpu_start\n"
                             "0000000000001000 A cpu_debug_store\nffffffff81000000 T _text\n");
  EXPECT_FALSE(kallsyms_addresses_hidden(opts_.host_kallsyms));
  write(opts_.host_kallsyms, "0000000000000000 T _text\n0000000000000000 T host_fn\n");
  EXPECT_TRUE(kallsyms_addresses_hidden(opts_.host_kallsyms));
  // ... and then the cache gives no kernel symbols at all.
  SymbolCache cache(opts_);
  EXPECT_EQ(cache.kernel_kallsyms(BuildId::from_hex(kHostId), {}), nullptr);
}

TEST_F(KernelKallsymsTest, CacheLoadsTheChosenFileRelocated) {
  SymbolCache cache(opts_);
  KallsymsOptions k;
  k.reloc_ref = std::make_pair(std::string("_text"), 0xffffffff81200000ull);  // KASLR moved
  const Kallsyms* ks = cache.kernel_kallsyms(BuildId::from_hex(kHostId), k);
  ASSERT_NE(ks, nullptr);
  const Symbol* s = ks->kernel().find(0xffffffff81200180);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->name, "host_fn");
}

// The text read ahead is the chosen file's: parsed with the options of the first use, and
// left unused when the first use chooses another file (another recorded kernel).
TEST_F(KernelKallsymsTest, PrefetchedTextServesOnlyTheSameChoice) {
  KallsymsOptions k;
  k.reloc_ref = std::make_pair(std::string("_text"), 0xffffffff81200000ull);
  // The name at a relocated address, with the text read ahead for the running kernel and
  // the kallsyms then chosen for `recorded`.
  auto name_after_prefetch = [&](const char* recorded) -> std::string {
    SymbolCache cache(opts_);
    cache.prefetch_kernel_kallsyms(BuildId::from_hex(kHostId));
    const Kallsyms* ks = cache.kernel_kallsyms(BuildId::from_hex(recorded), k);
    const Symbol* s = ks ? ks->kernel().find(0xffffffff81200180) : nullptr;
    return s ? s->name : "(none)";
  };
  EXPECT_EQ(name_after_prefetch(kHostId), "host_fn");
  write(opts_.buildid_dir + "/[kernel.kallsyms]/" + kOtherId + "/kallsyms",
        "ffffffff81000000 T _text\nffffffff81000100 T cached_fn\nffffffff81000200 T cached_end\n");
  EXPECT_EQ(name_after_prefetch(kOtherId), "cached_fn");
}

TEST_F(KernelKallsymsTest, ScriptSymbolsResolvesTheKernelMapWithoutKallsymsOption) {
  ScriptSymbols syms(opts_);
  Dso kernel;
  kernel.long_name = "[kernel.kallsyms]";
  kernel.kernel = true;
  kernel.build_id = kHostId;
  Map m;
  m.start = m.pgoff = 0xffffffff81000000;
  m.end = 0xffffffff82000000;
  m.dso = &kernel;
  ScriptSymbols::Hit h = syms.find(&m, 0xffffffff81000123);
  ASSERT_NE(h.sym, nullptr);
  EXPECT_EQ(h.sym->name, "host_fn");
  EXPECT_EQ(h.chain, nullptr);
}

// The file's HEADER_BUILD_ID table counts like a recorded build id: perf6.1/g.data names
// /bench/deep's id there only (its MMAP2 records have none), so a different binary at
// --symfs/bench/deep must give no symbols, as in perf.
TEST(ScriptSymbolsTest, HeaderBuildIdRejectsAnotherBinary) {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf6.1");
  if (!dir || !fs::exists(*dir + "/symfs/bench/mt")) GTEST_SKIP() << "no perf6.1 fixture";
  char tmpl[] = "/tmp/cperf-script-symbols-XXXXXX";
  ASSERT_NE(mkdtemp(tmpl), nullptr);
  std::string symfs = tmpl;
  fs::create_directories(symfs + "/bench");
  fs::copy_file(*dir + "/symfs/bench/mt", symfs + "/bench/deep");

  Dso deep;
  deep.long_name = "/bench/deep";
  Map m;
  m.start = 0x401000;
  m.end = 0x478000;
  m.pgoff = 0x1000;
  m.dso = &deep;
  SymbolOptions o;
  o.symfs = symfs;
  o.buildid_dir = symfs + "/.debug";
  {
    ScriptSymbols without(o);
    EXPECT_NE(without.table_of(&m), nullptr);  // no id known: the file is taken as is
  }
  PerfDataReader reader(*dir + "/data/g.data");
  ScriptSymbols with(o);
  with.use_build_ids(reader);
  EXPECT_EQ(with.table_of(&m), nullptr);
  fs::remove_all(symfs);
}

}  // namespace
}  // namespace cperf
