// Decoders of record payloads other perf versions and tools write: CPU maps in their three
// encodings (and perf's text for them), and the branch entry flags word with perf's names.
#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "format/branch_flags.h"
#include "format/cpu_map.h"
#include "format/file_header.h"

namespace cperf {
namespace {

// Little-endian bytes of a packed perf_record_cpu_map_data.
class Buf {
 public:
  Buf& u8(uint8_t v) { return raw(&v, 1); }
  Buf& u16(uint16_t v) { return raw(&v, 2); }
  Buf& u32(uint32_t v) { return raw(&v, 4); }
  Buf& u64(uint64_t v) { return raw(&v, 8); }
  ByteReader reader() const { return ByteReader(Bytes(b_.data(), b_.size()), false); }

 private:
  Buf& raw(const void* p, size_t n) {
    const auto* c = static_cast<const std::byte*>(p);
    b_.insert(b_.end(), c, c + n);
    return *this;
  }
  std::vector<std::byte> b_;
};

std::string text_of(const Buf& b) {
  ByteReader r = b.reader();
  std::vector<int> cpus;
  if (!read_cpu_map(r, cpus)) return "<failed>";
  return format_cpu_list(cpus);
}

TEST(CpuMap, ListKeepsOrderAndAnyCpu) {
  EXPECT_EQ(text_of(Buf().u16(0).u16(4).u16(0).u16(1).u16(2).u16(5)), "0-2,5");
  EXPECT_EQ(text_of(Buf().u16(0).u16(1).u16(0xffff)), "-1");
  EXPECT_EQ(text_of(Buf().u16(0).u16(2).u16(7).u16(3)), "7,3");
}

TEST(CpuMap, Mask32And64) {
  EXPECT_EQ(text_of(Buf().u16(1).u16(2).u16(4).u32(0xf).u32(0x80000001)), "0-3,32,63");
  Buf wide;
  wide.u16(1).u16(6).u16(8).u32(0);  // 4 pad bytes before the 64-bit words
  for (int i = 0; i < 6; ++i) wide.u64(~0ull);
  EXPECT_EQ(text_of(wide), "0-383");
  EXPECT_EQ(text_of(Buf().u16(1).u16(2).u16(8).u32(0).u64(5).u64(1ull << 63)), "0,2,127");
}

TEST(CpuMap, Range) {
  EXPECT_EQ(text_of(Buf().u16(2).u8(0).u8(0).u16(0).u16(383)), "0-383");
  EXPECT_EQ(text_of(Buf().u16(2).u8(1).u8(0).u16(2).u16(5)), "-1,2-5");
}

TEST(CpuMap, BadInput) {
  EXPECT_EQ(text_of(Buf().u16(3).u16(0)), "<failed>");       // unknown encoding
  EXPECT_EQ(text_of(Buf().u16(0).u16(3).u16(1)), "<failed>");  // nr beyond the record
}

TEST(BranchFlags, Bits) {
  uint64_t w = 1 | 1ull << 3 | 1234ull << 4 | 6ull << 20 | 2ull << 24 | 5ull << 26 | 3ull << 30 |
               7ull << 33;
  BranchFlags f = decode_branch_flags(w);
  EXPECT_TRUE(f.mispred);
  EXPECT_FALSE(f.predicted);
  EXPECT_FALSE(f.in_tx);
  EXPECT_TRUE(f.abort);
  EXPECT_EQ(f.cycles, 1234);
  EXPECT_EQ(f.type, 6);
  EXPECT_EQ(f.spec, 2);
  EXPECT_EQ(f.new_type, 5);
  EXPECT_EQ(f.priv, 3);
  EXPECT_EQ(f.reserved, 7u);
}

TEST(BranchFlags, Names) {
  auto type = [](uint8_t t, uint8_t n = 0) {
    BranchFlags f;
    f.type = t;
    f.new_type = n;
    return std::string(branch_type_text(f));
  };
  EXPECT_EQ(type(0), "");
  EXPECT_EQ(type(1), "COND");
  EXPECT_EQ(type(6), "RET");
  EXPECT_EQ(type(14), "NO_TX");
  EXPECT_EQ(type(15, 1), "FAULT_DATA");
  EXPECT_EQ(type(15, 7), "ARCH_5");
  EXPECT_STREQ(branch_spec_text(0), "N/A");
  EXPECT_STREQ(branch_spec_text(1), "SPEC_WRONG_PATH");
  EXPECT_STREQ(branch_spec_text(3), "SPEC_CORRECT_PATH");
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

// A big-endian host writes the magic u64 "PERFILE2" as the bytes "2ELIFREP".
TEST(FileHeader, BigEndianMagic) {
  std::vector<std::byte> h(104);
  const char magic[] = "2ELIFREP";
  std::memcpy(h.data(), magic, 8);
  h[15] = std::byte{104};  // header size, big-endian
  FileHeader fh;
  bool swapped = false;
  ASSERT_TRUE(read_file_header(Bytes(h.data(), h.size()), fh, swapped));
  EXPECT_TRUE(swapped);
  EXPECT_EQ(fh.size, 104u);
}

}  // namespace
}  // namespace cperf
