#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "inject/jit_elf.h"
#include "inject/jitdump.h"
#include "symbol/build_id.h"
#include "symbol/elf_symbols.h"

namespace cperf {
namespace {

class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/cperf-jit-test.XXXXXX";
    path_ = ::mkdtemp(tmpl);
  }
  ~TempDir() { std::system(("rm -rf " + path_).c_str()); }
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::vector<std::byte> bytes_of(std::initializer_list<int> v) {
  std::vector<std::byte> out;
  for (int b : v) out.push_back(static_cast<std::byte>(b));
  return out;
}

TEST(InjectJitTest, MarkerIsJitPidDumpOfThatProcess) {
  EXPECT_TRUE(is_jitdump_marker("/tmp/jit-123.dump", 123));
  EXPECT_TRUE(is_jitdump_marker("/tmp/jit-123.dump", 0));  // system-wide: any process
  EXPECT_FALSE(is_jitdump_marker("/tmp/jit-123.dump", 124));
  EXPECT_FALSE(is_jitdump_marker("jit-123.dump", 123));  // perf wants a directory
  EXPECT_FALSE(is_jitdump_marker("/tmp/jit-123.dumpx", 123));
  EXPECT_FALSE(is_jitdump_marker("/tmp/jit-.dump", 0));
  EXPECT_FALSE(is_jitdump_marker("/tmp/perf-123.map", 123));
}

// A dump with two loads (one after unwinding info), a move, a line table and a record cut
// short at the end.
TEST(InjectJitTest, ReadsLoadsMovesAndStopsAtACutRecord) {
  TempDir dir;
  std::string path = dir.path() + "/jit-7.dump";
  FILE* f = std::fopen(path.c_str(), "w");
  ASSERT_TRUE(f);
  auto u32 = [&](uint32_t v) { std::fwrite(&v, 4, 1, f); };
  auto u64 = [&](uint64_t v) { std::fwrite(&v, 8, 1, f); };
  u32(0x4A695444), u32(1), u32(40), u32(62), u32(0), u32(7), u64(1), u64(0);
  auto load = [&](const char* name, uint64_t addr, std::vector<uint8_t> code, uint64_t index, uint64_t ts) {
    u32(0), u32(static_cast<uint32_t>(16 + 40 + std::strlen(name) + 1 + code.size())), u64(ts);
    u32(7), u32(8), u64(addr), u64(addr), u64(code.size()), u64(index);
    std::fwrite(name, std::strlen(name) + 1, 1, f);
    std::fwrite(code.data(), code.size(), 1, f);
  };
  load("first", 0x1000, {0xc3}, 1, 100);
  u32(2), u32(16 + 16), u64(150), u64(0x1000), u64(0);       // an empty line table
  u32(4), u32(16 + 24), u64(160), u64(8), u64(4), u64(0x40);  // unwinding info
  load("second", 0x2000, {0x90, 0xc3}, 2, 200);
  u32(1), u32(16 + 48), u64(300), u32(7), u32(8), u64(0x2000), u64(0x2000), u64(0x3000), u64(2), u64(2);
  u32(0), u32(200), u64(400);  // cut short
  std::fclose(f);

  JitDump d;
  ASSERT_EQ(read_jitdump(path, d), "");
  EXPECT_EQ(d.pid, 7u);
  EXPECT_EQ(d.elf_mach, 62u);
  EXPECT_FALSE(d.arch_timestamp);
  ASSERT_EQ(d.code.size(), 3u);
  EXPECT_EQ(d.code[0].name, "first");
  EXPECT_EQ(d.code[0].code, bytes_of({0xc3}));
  EXPECT_EQ(d.code[0].unwinding_mapped_size, 0u);
  EXPECT_EQ(d.code[1].name, "second");
  EXPECT_EQ(d.code[1].code_addr, 0x2000u);
  EXPECT_EQ(d.code[1].timestamp, 200u);
  EXPECT_EQ(d.code[1].unwinding_mapped_size, 0x40u);
  EXPECT_TRUE(d.code[2].moved);
  EXPECT_EQ(d.code[2].code_addr, 0x3000u);
  EXPECT_EQ(d.code[2].code_index, 2u);

  JitDump bad;
  EXPECT_NE(read_jitdump(dir.path() + "/none.dump", bad), "");
}

// The ELF names its function where the injected MMAP2 points (page offset 0x80).
TEST(InjectJitTest, ElfHoldsTheFunctionAtTextOffset) {
  TempDir dir;
  std::string path = dir.path() + "/jitted-7-1.so";
  ASSERT_EQ(write_jit_elf(path, "jit_fn", bytes_of({0x48, 0x89, 0xf8, 0xc3}), 62), "");
  std::unique_ptr<ElfFile> f = ElfFile::open(path);
  ASSERT_TRUE(f);
  SymbolTable t = load_elf_symbols(*f, *f, Demangler());
  const Symbol* s = t.find(kJitElfTextOffset + 2);
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->name, "jit_fn");
  EXPECT_EQ(s->start, kJitElfTextOffset);
  EXPECT_EQ(t.find(kJitElfTextOffset + 4), nullptr);
  EXPECT_TRUE(read_build_id(path));
  EXPECT_NE(write_jit_elf(dir.path() + "/no/such/dir.so", "x", bytes_of({0xc3}), 62), "");
}

}  // namespace
}  // namespace cperf
