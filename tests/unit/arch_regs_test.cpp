// Register names by machine (arch/), the ELF machine reader, and the byte image perf's dump
// shows of a record from a file in the other byte order. The names are checked whole against
// perf 7.2 by the tests/data/arch goldens; these pin the rules.
#include <elf.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "arch/regs.h"
#include "dump/record_swap.h"
#include "linux/perf_event.h"
#include "script/field_set.h"
#include "symbol/elf_machine.h"

namespace cperf {
namespace {

TEST(PerfRegName, EachMachineHasItsOwnTable) {
  EXPECT_STREQ("AX", perf_reg_name(0, EM_X86_64));
  EXPECT_STREQ("AX", perf_reg_name(0, EM_386));
  EXPECT_STREQ("x0", perf_reg_name(0, EM_AARCH64));
  EXPECT_STREQ("pc", perf_reg_name(32, EM_AARCH64));
  EXPECT_STREQ("vg", perf_reg_name(46, EM_AARCH64));
  EXPECT_STREQ("fp", perf_reg_name(11, EM_ARM));
  EXPECT_STREQ("nip", perf_reg_name(32, EM_PPC64));
  EXPECT_STREQ("pc", perf_reg_name(0, EM_RISCV));
  EXPECT_STREQ("MASK", perf_reg_name(32, EM_S390));
  EXPECT_STREQ("$31", perf_reg_name(31, EM_MIPS));
  EXPECT_STREQ("%r31", perf_reg_name(31, EM_LOONGARCH));
}

TEST(PerfRegName, XmmRegistersNameBothHalves) {
  EXPECT_STREQ("XMM0", perf_reg_name(32, EM_X86_64));
  EXPECT_STREQ("XMM0", perf_reg_name(33, EM_X86_64));
  EXPECT_STREQ("XMM15", perf_reg_name(63, EM_X86_64));
}

TEST(PerfRegName, GapsAndUnknownMachinesAreUnknown) {
  EXPECT_STREQ("unknown", perf_reg_name(24, EM_X86_64));
  EXPECT_STREQ("unknown", perf_reg_name(33, EM_AARCH64));
  EXPECT_STREQ("unknown", perf_reg_name(16, EM_ARM));
  EXPECT_STREQ("unknown", perf_reg_name(26, EM_MIPS));
  EXPECT_STREQ("unknown", perf_reg_name(0, EM_SPARC));
}

class ElfMachine : public ::testing::Test {
 protected:
  std::string path = ::testing::TempDir() + "elf_machine_test.bin";
  void write(std::vector<unsigned char> bytes) {
    std::ofstream(path, std::ios::binary).write(reinterpret_cast<const char*>(bytes.data()),
                                                static_cast<std::streamsize>(bytes.size()));
  }
  void TearDown() override { ::unlink(path.c_str()); }
  static std::vector<unsigned char> header(unsigned char cls, unsigned char data, uint16_t m) {
    std::vector<unsigned char> h = {0x7f, 'E', 'L', 'F', cls, data, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                    2, 0};
    if (data == ELFDATA2LSB)
      h.insert(h.end(), {static_cast<unsigned char>(m), static_cast<unsigned char>(m >> 8)});
    else
      h.insert(h.end(), {static_cast<unsigned char>(m >> 8), static_cast<unsigned char>(m)});
    return h;
  }
};

TEST_F(ElfMachine, ReadsEitherByteOrder) {
  write(header(ELFCLASS64, ELFDATA2LSB, EM_AARCH64));
  EXPECT_EQ(EM_AARCH64, read_elf_machine(path));
  write(header(ELFCLASS64, ELFDATA2MSB, EM_S390));
  EXPECT_EQ(EM_S390, read_elf_machine(path));
  write(header(ELFCLASS32, ELFDATA2LSB, EM_ARM));
  EXPECT_EQ(EM_ARM, read_elf_machine(path));
}

TEST_F(ElfMachine, RejectsWhatIsNotAValidElfHeader) {
  EXPECT_EQ(EM_NONE, read_elf_machine(path + ".missing"));
  write({'n', 'o', 't', ' ', 'e', 'l', 'f'});
  EXPECT_EQ(EM_NONE, read_elf_machine(path));
  write(header(3, ELFDATA2LSB, EM_X86_64));  // bad class
  EXPECT_EQ(EM_NONE, read_elf_machine(path));
  write(header(ELFCLASS64, ELFDATA2LSB, EM_NUM));  // machine out of range
  EXPECT_EQ(EM_NONE, read_elf_machine(path));
}

std::vector<std::byte> bytes(std::initializer_list<int> v) {
  std::vector<std::byte> out;
  for (int x : v) out.push_back(static_cast<std::byte>(x));
  return out;
}

TEST(PerfSwappedImage, CommSwapsItsPidsAndTrailerNotItsName) {
  // A big-endian COMM: header, pid 1, tid 2, "ab" padded to 8, an 8-byte trailer word.
  std::vector<std::byte> rec = bytes({0, 0, 0, 3, 0, 0, 0, 32, 0, 0, 0, 1, 0, 0, 0, 2,
                                      'a', 'b', 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8});
  RawRecord r;
  r.type = PERF_RECORD_COMM;
  r.size = 32;
  r.bytes = Bytes(rec.data(), rec.size());
  EXPECT_EQ(bytes({3, 0, 0, 0, 0, 0, 32, 0, 1, 0, 0, 0, 2, 0, 0, 0,
                   'a', 'b', 0, 0, 0, 0, 0, 0, 8, 7, 6, 5, 4, 3, 2, 1}),
            perf_swapped_image(r, true));
  // Without sample_id_all the trailer is left alone.
  EXPECT_EQ(bytes({3, 0, 0, 0, 0, 0, 32, 0, 1, 0, 0, 0, 2, 0, 0, 0,
                   'a', 'b', 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6, 7, 8}),
            perf_swapped_image(r, false));
}

TEST(PerfSwappedImage, SampleIsSwappedAsU64Words) {
  std::vector<std::byte> rec = bytes({0, 0, 0, 9, 0, 2, 0, 16, 0, 0, 0, 1, 0, 0, 0, 2});
  RawRecord r;
  r.type = PERF_RECORD_SAMPLE;
  r.bytes = Bytes(rec.data(), rec.size());
  EXPECT_EQ(bytes({9, 0, 0, 0, 2, 0, 16, 0, 2, 0, 0, 0, 1, 0, 0, 0}), perf_swapped_image(r, true));
}

TEST(FieldSet, RegisterFieldsNeedTheirSampleBits) {
  FieldSet f;
  ASSERT_EQ("", f.parse("ip,iregs"));
  perf_event_attr attr{};
  attr.sample_type = PERF_SAMPLE_IP;
  EXPECT_EQ("Samples for 'cycles' event do not have IREGS attribute set. Cannot print 'iregs' "
            "field.",
            f.check(attr, "cycles", false));
  FieldSet g;
  ASSERT_EQ("", g.parse("ip,uregs"));
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_REGS_USER;
  EXPECT_EQ("", g.check(attr, "cycles", false));
  EXPECT_TRUE(g.has(kOutHw, kFieldUregs));
}

}  // namespace
}  // namespace cperf
