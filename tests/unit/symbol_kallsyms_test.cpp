#include <gtest/gtest.h>
#include <sys/stat.h>

#include <cstdio>
#include <fstream>
#include <thread>

#include "symbol/kallsyms.h"
#include "symbol_test_support.h"

namespace cperf {
namespace {

constexpr char kText[] =
    "ffffffff81000000 T _stext\n"
    "ffffffff81000000 T _text\n"
    "ffffffff81000010 t local_fn\n"
    "ffffffff81000020 r ro_data_is_ignored\n"
    "ffffffff81000040 W weak_fn\n"
    "ffffffff81000080 T __entry_SYSCALL_64_trampoline\n"
    "ffffffff81000100 T _etext\n"
    "ffffffff81002000 D some_data\n"
    "ffffffff81002010 A absolute_is_ignored\n"
    "garbage line\n"
    "ffffffffc0000000 t $x\t[armmod]\n"
    "ffffffffc0001000 t mod_init\t[ext4]\n"
    "ffffffffc0001080 T ext4_fn\t[ext4]\n"
    "ffffffffc0002000 T other_fn\t[xfs]\n";

std::string name_at(const SymbolTable& t, uint64_t addr) {
  const Symbol* s = t.find(addr);
  return s ? s->name : "(none)";
}

TEST(SymbolKallsymsTest, ParsesTypesBindingsAndEnds) {
  std::optional<Kallsyms> k = Kallsyms::parse(kText);
  ASSERT_TRUE(k);
  const SymbolTable& kern = k->kernel();
  // _stext/_text share an address: the last listed gets the size and wins.
  EXPECT_EQ(name_at(kern, 0xffffffff81000000), "_text");
  EXPECT_EQ(name_at(kern, 0xffffffff8100000f), "_text");
  EXPECT_EQ(name_at(kern, 0xffffffff81000010), "local_fn");
  // 'r' is not kept, so local_fn runs up to weak_fn.
  EXPECT_EQ(name_at(kern, 0xffffffff81000030), "local_fn");
  const Symbol* weak = kern.find(0xffffffff81000040);
  ASSERT_NE(weak, nullptr);
  EXPECT_EQ(weak->binding, kStbWeak);
  EXPECT_EQ(weak->type, kSttFunc);
  EXPECT_EQ(kern.find(0xffffffff81000010)->binding, kStbLocal);
  // The x86_64 entry trampoline alias is dropped; the range it had stays unclaimed.
  EXPECT_EQ(name_at(kern, 0xffffffff81000080), "(none)");
  EXPECT_EQ(name_at(kern, 0xffffffff81000100), "_etext");
  const Symbol* data = kern.find(0xffffffff81002000);
  ASSERT_NE(data, nullptr);
  EXPECT_EQ(data->type, kSttObject);
  // The last core symbol before the modules ends one page on.
  EXPECT_EQ(data->end, 0xffffffff81003000u);
}

TEST(SymbolKallsymsTest, ModuleSymbolsGoToTheirModule) {
  std::optional<Kallsyms> k = Kallsyms::parse(kText);
  ASSERT_TRUE(k);
  EXPECT_EQ(k->modules().size(), 2u);  // "$x" was an ARM mapping symbol
  const SymbolTable* ext4 = k->module("[ext4]");
  ASSERT_NE(ext4, nullptr);
  EXPECT_EQ(name_at(*ext4, 0xffffffffc0001000), "mod_init");
  EXPECT_EQ(name_at(*ext4, 0xffffffffc000107f), "mod_init");
  // Last symbol of a module: one page past its start, not up to the next module.
  EXPECT_EQ(ext4->find(0xffffffffc0001080)->end, 0xffffffffc0003000u);
  EXPECT_EQ(name_at(k->kernel(), 0xffffffffc0001000), "(none)");
  ASSERT_NE(k->module("[xfs]"), nullptr);
  EXPECT_EQ(k->module("[btrfs]"), nullptr);
}

TEST(SymbolKallsymsTest, UnknownModulesAreDropped) {
  KallsymsOptions o;
  o.known_modules.emplace();
  o.known_modules->insert("[xfs]");
  std::optional<Kallsyms> k = Kallsyms::parse(kText, o);
  ASSERT_TRUE(k);
  EXPECT_EQ(k->module("[ext4]"), nullptr);
  EXPECT_NE(k->module("[xfs]"), nullptr);
}

TEST(SymbolKallsymsTest, CoreSymbolsAfterModulesGetTheirOwnRanges) {
  std::optional<Kallsyms> k = Kallsyms::parse(
      "ffffffff81000000 T a\nffffffffc0000000 T m\t[mod]\nffffffffc1000000 T late\n");
  ASSERT_TRUE(k);
  ASSERT_EQ(k->extra_kernel_ranges().size(), 1u);
  EXPECT_EQ(k->extra_kernel_ranges()[0].name, "[kernel].0");
  EXPECT_EQ(k->extra_kernel_ranges()[0].symbols.symbols()[0].name, "late");
  EXPECT_EQ(k->kernel().size(), 1u);
}

TEST(SymbolKallsymsTest, RelocationMovesCoreSymbols) {
  KallsymsOptions o;
  o.reloc_ref = std::make_pair(std::string("_text"), 0xffffffff91000000ull);
  std::optional<Kallsyms> k = Kallsyms::parse(kText, o);
  ASSERT_TRUE(k);
  EXPECT_EQ(k->relocation(), 0x10000000);
  EXPECT_EQ(name_at(k->kernel(), 0xffffffff91000010), "local_fn");
  // Module symbols are not moved.
  EXPECT_EQ(name_at(*k->module("[ext4]"), 0xffffffffc0001000), "mod_init");
  o.reloc_ref->first = "_no_such_symbol";
  EXPECT_FALSE(Kallsyms::parse(kText, o));
}

TEST(SymbolKallsymsTest, FunctionStartFindsFirstFunctionLikeSymbol) {
  EXPECT_EQ(kallsyms_function_start(kText, "_text"), 0xffffffff81000000u);
  EXPECT_EQ(kallsyms_function_start(kText, "absolute_is_ignored"), 0xffffffff81002010u);
  EXPECT_FALSE(kallsyms_function_start(kText, "some_data"));
}

TEST(SymbolKallsymsTest, ShortLineAlsoSkipsTheNextOneLikePerf) {
  // perf consumes the newline of a line with no address and then skips another line.
  std::optional<Kallsyms> k =
      Kallsyms::parse("\nffffffff81000000 T lost\nffffffff81000100 T kept\n");
  ASSERT_TRUE(k);
  ASSERT_EQ(k->kernel().size(), 1u);
  EXPECT_EQ(k->kernel().symbols()[0].name, "kept");
}

TEST(SymbolKallsymsTest, MissingFileIsNotAnError) {
  EXPECT_FALSE(Kallsyms::load("/nonexistent/kallsyms"));
}

// A recorded kallsyms is mapped, an empty one is empty text, and a file that reports no size
// (as /proc/kallsyms does) is read to its end, past the first buffer's 4 MiB.
TEST(SymbolKallsymsTest, ReadsRegularEmptyAndSizelessFiles) {
  std::string path = testing::TempDir() + "cperf-kallsyms-read.txt";
  { std::ofstream(path) << kText; }
  std::optional<KallsymsText> text = Kallsyms::read_text(path);
  ASSERT_TRUE(text);
  EXPECT_EQ(text->view(), kText);
  ASSERT_TRUE(Kallsyms::load(path));
  EXPECT_EQ(name_at(Kallsyms::load(path)->kernel(), 0xffffffff81000044), "weak_fn");

  { std::ofstream(path, std::ios::trunc); }
  text = Kallsyms::read_text(path);
  ASSERT_TRUE(text);
  EXPECT_TRUE(text->view().empty());
  std::remove(path.c_str());

  // /proc files are regular files of size 0 with text in them
  text = Kallsyms::read_text("/proc/self/maps");
  ASSERT_TRUE(text);
  EXPECT_NE(text->view().find("[stack]"), std::string_view::npos);

  // a pipe has no size either: 5 MiB of lines written by a thread while read_text reads them
  std::string fifo = testing::TempDir() + "cperf-kallsyms-fifo";
  std::remove(fifo.c_str());
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  std::string big;
  while (big.size() < (size_t{5} << 20)) big += "ffffffff81000000 T a_function_name_of_some_length\n";
  std::thread writer([&] { std::ofstream(fifo) << big; });
  text = Kallsyms::read_text(fifo);
  writer.join();
  std::remove(fifo.c_str());
  ASSERT_TRUE(text);
  EXPECT_EQ(text->view().size(), big.size());
  EXPECT_TRUE(text->view() == big);
}

// Kernel frames from the perf 7.2 fixture's expected `perf script` output
// (expected/defer.script.txt.gz, kallsyms.gz, kernel map at _text 0xffffffffa4400000).
TEST(SymbolKallsymsTest, FixtureKernelAddressesMatchPerf) {
  std::optional<std::string> dir = symbol_test::fixture_dir("perf7.2-defer");
  if (!dir) GTEST_SKIP() << "tests/data/perf7.2-defer is not present";
  std::optional<std::string> text = symbol_test::read_gzip(*dir + "/kallsyms.gz");
  if (!text) GTEST_SKIP() << "cannot read " << *dir << "/kallsyms.gz";
  KallsymsOptions o;
  o.reloc_ref = std::make_pair(std::string("_text"), 0xffffffffa4400000ull);
  std::optional<Kallsyms> k = Kallsyms::parse(*text, o);
  ASSERT_TRUE(k);
  EXPECT_EQ(k->relocation(), 0);
  const struct {
    uint64_t ip;
    const char* want;
  } kCases[] = {
      {0xffffffffa4b04723, "__zap_vma_range+0x5d3"},
      {0xffffffffa5637b41, "do_syscall_64+0xe1"},
      {0xffffffffa440012f, "entry_SYSCALL_64_after_hwframe+0x76"},
      {0xffffffffa4c18137, "do_execveat_common.isra.0+0x197"},
      {0xffffffffa440160a, "asm_sysvec_apic_timer_interrupt+0x1a"},
      {0xffffffffa488c110, "unwind_user_next_common+0x0"},
      {0xffffffffa486a970, "__srcu_read_lock+0x0"},
      {0xffffffffa56415d8, "irqentry_exit+0x3e8"},
  };
  for (const auto& c : kCases) {
    EXPECT_EQ(symbol_with_offset(k->kernel().find(c.ip), c.ip), c.want) << std::hex << c.ip;
  }
}

// A relocation that carries the top symbols past 2^64 (a fuzzer's find: hostile text) leaves
// them out of order; the table is sorted again rather than indexed past its end.
TEST(SymbolKallsymsTest, RelocationWrappingPastTheTopStaysInBounds) {
  std::string text = "0000000000001000 T _text\n";
  char line[64];
  for (int i = 0; i < 80; ++i) {
    std::snprintf(line, sizeof line, "%016llx T low_%d\n", 0x2000ull + 0x100ull * i, i);
    text += line;
  }
  for (int i = 0; i < 80; ++i) {
    std::snprintf(line, sizeof line, "%016llx T top_%d\n", 0xfffffffffff00000ull + 0x100ull * i, i);
    text += line;
  }
  KallsymsOptions o;
  o.reloc_ref = std::make_pair(std::string("_text"), 0x200000ull);  // + 0x1ff000: the top wraps
  std::optional<Kallsyms> k = Kallsyms::parse(text, o);
  ASSERT_TRUE(k);
  EXPECT_EQ(name_at(k->kernel(), 0x2000 + 0x1ff000), "low_0");
  EXPECT_EQ(name_at(k->kernel(), 0xfffffffffff00000ull + 0x1ff000 + 0x100 * 3), "top_3");
}

}  // namespace
}  // namespace cperf
