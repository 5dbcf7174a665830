// record --kcore's copy (recorder/kcore_copy) and annotate's extract (symbol/kcore_file), on a
// made-up /proc: kallsyms, modules and a small ELF core with two code segments.
#include <elf.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "machine/machine.h"
#include "recorder/kcore_copy.h"
#include "symbol/kernel_kallsyms.h"
#include "symbol/kcore_file.h"

namespace cperf {
namespace {
namespace fs = std::filesystem;

constexpr uint64_t kKernel = 0xffffffff81000000, kModules = 0xffffffffc0000000;

std::string read(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(f), {});
}

// Byte i of the fake kcore: a pattern that tells every offset apart.
char pattern(size_t i) { return static_cast<char>((i * 7 + i / 251) & 0xff); }

class KcoreCopyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    char tmpl[] = "/tmp/kcore_copy_test.XXXXXX";
    ASSERT_NE(mkdtemp(tmpl), nullptr);
    dir_ = tmpl;
    fs::create_directory(proc());
    fs::create_directory(out());
    std::ofstream(proc() + "/kallsyms") << "ffffffff81000000 T _stext\n"
                                           "ffffffff81000100 t foo\n"
                                           "ffffffff81002000 T _etext\n"
                                           "ffffffff81002800 d some_data\n"
                                           "ffffffffc0001000 t modfn\t[mymod]\n"
                                           "ffffffffc0003000 t modfn2\t[mymod]\n";
    std::ofstream(proc() + "/modules") << "mymod 16384 0 - Live 0xffffffffc0000000\n";
    // An ELF core: kernel text at file offset 0x1000 (0x3000 bytes), modules at 0x4000 (0x5000).
    std::string core(0x9000, '\0');
    for (size_t i = 0x1000; i < core.size(); i++) core[i] = pattern(i);
    Elf64_Ehdr eh{};
    std::memcpy(eh.e_ident, ELFMAG, SELFMAG);
    eh.e_ident[EI_CLASS] = ELFCLASS64;
    eh.e_ident[EI_DATA] = ELFDATA2LSB;
    eh.e_ident[EI_VERSION] = EV_CURRENT;
    eh.e_type = ET_CORE;
    eh.e_machine = EM_X86_64;
    eh.e_version = EV_CURRENT;
    eh.e_phoff = sizeof eh;
    eh.e_ehsize = sizeof eh;
    eh.e_phentsize = sizeof(Elf64_Phdr);
    eh.e_phnum = 2;
    std::memcpy(core.data(), &eh, sizeof eh);
    Elf64_Phdr ph[2]{};
    ph[0] = {PT_LOAD, PF_R | PF_W | PF_X, 0x1000, kKernel, 0, 0x3000, 0x3000, 0x1000};
    ph[1] = {PT_LOAD, PF_R | PF_W | PF_X, 0x4000, kModules, 0, 0x5000, 0x5000, 0x1000};
    std::memcpy(core.data() + sizeof eh, ph, sizeof ph);
    std::ofstream(proc() + "/kcore", std::ios::binary) << core;
    core_ = core;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string proc() const { return dir_ + "/proc"; }
  std::string out() const { return dir_ + "/kcore_dir"; }
  std::string dir_, core_;
};

TEST_F(KcoreCopyTest, CopiesKallsymsModulesAndTheTextSegments) {
  std::string err;
  ASSERT_TRUE(copy_kcore(proc(), out(), err)) << err;
  EXPECT_EQ(read(out() + "/kallsyms"), read(proc() + "/kallsyms"));
  EXPECT_EQ(read(out() + "/modules"), read(proc() + "/modules"));
  for (const char* f : {"kallsyms", "modules", "kcore"}) {
    struct stat st;
    ASSERT_EQ(::stat((out() + "/" + f).c_str(), &st), 0) << f;
    EXPECT_EQ(st.st_mode & 07777, 0400u) << f;
  }
  const std::string copy = read(out() + "/kcore");
  ASSERT_GE(copy.size(), sizeof(Elf64_Ehdr));
  Elf64_Ehdr eh;
  std::memcpy(&eh, copy.data(), sizeof eh);
  EXPECT_EQ(eh.e_type, ET_CORE);
  EXPECT_EQ(eh.e_machine, EM_X86_64);
  EXPECT_EQ(eh.e_shnum, 0);
  ASSERT_EQ(eh.e_phnum, 2);
  Elf64_Phdr ph[2];
  std::memcpy(ph, copy.data() + eh.e_phoff, sizeof ph);
  // _stext to _etext; the module area from its load address to a page past its last symbol.
  EXPECT_EQ(ph[0].p_vaddr, kKernel);
  EXPECT_EQ(ph[0].p_filesz, 0x2000u);
  EXPECT_EQ(ph[0].p_offset, 0x1000u);  // the first page after the headers
  EXPECT_EQ(ph[1].p_vaddr, kModules);
  EXPECT_EQ(ph[1].p_filesz, 0x4000u);
  EXPECT_EQ(ph[1].p_offset, 0x3000u);  // right after the kernel's text
  for (const Elf64_Phdr& p : ph) {
    EXPECT_EQ(p.p_type, static_cast<uint32_t>(PT_LOAD));
    EXPECT_EQ(p.p_flags, static_cast<uint32_t>(PF_R | PF_W | PF_X));
    EXPECT_EQ(p.p_filesz, p.p_memsz);
  }
  ASSERT_EQ(copy.size(), 0x7000u);
  EXPECT_EQ(copy.substr(0x1000, 0x2000), core_.substr(0x1000, 0x2000));
  EXPECT_EQ(copy.substr(0x3000, 0x4000), core_.substr(0x4000, 0x4000));
}

TEST_F(KcoreCopyTest, FailsAndLeavesNothingWithoutKernelText) {
  std::ofstream(proc() + "/kallsyms") << "0000000000000000 T _stext\n0000000000000000 T _etext\n";
  std::string err;
  EXPECT_FALSE(copy_kcore(proc(), out(), err));
  EXPECT_FALSE(err.empty());
  EXPECT_TRUE(fs::is_empty(out()));
}

TEST_F(KcoreCopyTest, ExtractsOneSymbolsBytesAsOneLoad) {
  std::string err;
  ASSERT_TRUE(copy_kcore(proc(), out(), err)) << err;
  const std::string path = extract_kcore_range(out() + "/kcore", kKernel + 0x100, 0x40);
  ASSERT_FALSE(path.empty());
  const std::string x = read(path);
  ::unlink(path.c_str());
  Elf64_Ehdr eh;
  std::memcpy(&eh, x.data(), sizeof eh);
  ASSERT_EQ(eh.e_phnum, 1);
  Elf64_Phdr ph;
  std::memcpy(&ph, x.data() + eh.e_phoff, sizeof ph);
  EXPECT_EQ(ph.p_vaddr, kKernel + 0x100);
  EXPECT_EQ(ph.p_filesz, 0x40u);
  ASSERT_EQ(x.size(), ph.p_offset + 0x40);
  EXPECT_EQ(x.substr(ph.p_offset), core_.substr(0x1100, 0x40));
  // A range that no segment holds gives no file.
  EXPECT_TRUE(extract_kcore_range(out() + "/kcore", kKernel + 0x1f00, 0x200).empty());
}

// The readers' side: a `record --kcore` directory's kallsyms counts as --kallsyms, and the
// kernel's dso is named after the kcore beside it.
TEST_F(KcoreCopyTest, ReadersFindTheCopyOfADataDirectory) {
  std::string err;
  ASSERT_TRUE(copy_kcore(proc(), out(), err)) << err;
  EXPECT_EQ(recorded_kallsyms(dir_), dir_ + "/kcore_dir/kallsyms");
  EXPECT_EQ(recorded_kallsyms(proc() + "/kallsyms"), "");  // a file, not a data directory
  EXPECT_EQ(recorded_kallsyms(proc()), "");                // a directory without kcore_dir
  EXPECT_EQ(kernel_data_name(out() + "/kallsyms"), out() + "/kcore");
  EXPECT_EQ(kernel_data_name(proc() + "/modules"), proc() + "/kcore");
  ::unlink((out() + "/kcore").c_str());
  EXPECT_EQ(kernel_data_name(out() + "/kallsyms"), "[kernel.kallsyms]");
  EXPECT_EQ(kernel_data_name(""), "");
}

}  // namespace
}  // namespace cperf
