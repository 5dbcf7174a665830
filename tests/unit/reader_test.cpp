#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "base/error.h"
#include "format/file_header.h"
#include "io/perf_data_reader.h"
#include "perf_data_builder.h"
#include "record/sample.h"

namespace cperf {
namespace {

// A file of this test in /tmp; every one made is removed when the test program ends.
std::string tmp_path(const char* name) {
  static struct Made {
    std::vector<std::string> paths;
    ~Made() {
      for (const std::string& p : paths) ::unlink(p.c_str());
    }
  } made;
  made.paths.push_back(std::string("/tmp/cperf-unit-") + std::to_string(getpid()) + "-" + name);
  return made.paths.back();
}

TEST(Reader, ReadsAttrsIdsAndRecordsInOrder) {
  test::PerfDataBuilder b;
  b.add_attr(PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME, {7, 8});
  b.add_record(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_USER, {0x401000, (5ull << 32) | 5, 100});
  b.add_record(68 /* FINISHED_ROUND */, 0, {});
  PerfDataReader r(b.write(tmp_path("ok.data")));
  ASSERT_EQ(r.attrs().size(), 1u);
  EXPECT_EQ(r.attrs()[0].ids, (std::vector<uint64_t>{7, 8}));
  EXPECT_EQ(r.attr_index_of_id(8), 0);
  EXPECT_EQ(r.attr_index_of_id(9), -1);
  auto a = r.next();
  ASSERT_TRUE(a);
  EXPECT_EQ(a->type, PERF_RECORD_SAMPLE);
  auto f = r.next();
  ASSERT_TRUE(f);
  EXPECT_EQ(f->type, 68u);
  EXPECT_FALSE(r.next());
}

TEST(Reader, TruncatedRecordNamesFileOffsetAndType) {
  test::PerfDataBuilder b;
  b.add_attr(PERF_SAMPLE_IP);
  b.add_record(PERF_RECORD_SAMPLE, 0, {1});
  auto bytes = b.file();
  // Claim a bigger record than the data section holds.
  size_t rec = bytes.size() - 16;
  bytes[rec + 6] = 64;
  std::string path = tmp_path("trunc.data");
  FILE* f = fopen(path.c_str(), "wb");
  fwrite(bytes.data(), 1, bytes.size(), f);
  fclose(f);
  PerfDataReader r(path);
  try {
    r.next();
    FAIL() << "no error";
  } catch (const InputError& e) {
    std::string m = e.what();
    EXPECT_NE(m.find(path), std::string::npos) << m;
    EXPECT_NE(m.find("at offset 0x"), std::string::npos) << m;
    EXPECT_NE(m.find("PERF_RECORD_SAMPLE"), std::string::npos) << m;
  }
}

TEST(Reader, RejectsBadMagic) {
  std::string path = tmp_path("bad.data");
  FILE* f = fopen(path.c_str(), "wb");
  fputs("NOTPERF!NOTPERF!NOTPERF!", f);
  fclose(f);
  EXPECT_THROW(PerfDataReader r(path), InputError);
}

// A file header: magic, header size, attr entry size, then attrs/data/event_types sections.
std::vector<std::byte> header_bytes(const char* magic, uint64_t size, uint64_t attr_entry,
                                    bool swap = false) {
  std::vector<std::byte> b(104);
  std::memcpy(b.data(), magic, 8);
  auto put = [&](size_t off, uint64_t v) {
    if (swap) v = __builtin_bswap64(v);
    std::memcpy(b.data() + off, &v, 8);
  };
  put(8, size);
  put(16, attr_entry);
  put(24, 104), put(32, attr_entry), put(40, 104 + attr_entry), put(48, 0);
  b[72] = std::byte{1 << 3};  // a feature bit, which a 72-byte header does not have
  return b;
}

TEST(FileHeader, LegacyMagicTakesItsByteOrderFromTheAttrSize) {
  FileHeader h;
  bool swapped = true;
  std::vector<std::byte> b = header_bytes("PERFFILE", 104, 72 + 16);
  ASSERT_TRUE(read_file_header(b, h, swapped));
  EXPECT_FALSE(swapped);
  EXPECT_EQ(kPerfMagic1, h.magic);
  b = header_bytes("PERFFILE", 104, 72 + 16, true);
  ASSERT_TRUE(read_file_header(b, h, swapped));
  EXPECT_TRUE(swapped);
  EXPECT_EQ(88u, h.attr_size);
  // An attr size perf never wrote with the legacy magic: the byte order cannot be told.
  b = header_bytes("PERFFILE", 104, 136 + 16);
  EXPECT_FALSE(read_file_header(b, h, swapped));
}

TEST(FileHeader, SeventyTwoByteHeaderHasNoFeatures) {
  FileHeader h;
  bool swapped = false;
  std::vector<std::byte> b = header_bytes("PERFILE2", 72, 64 + 16);
  ASSERT_TRUE(read_file_header(b, h, swapped));
  EXPECT_EQ(72u, h.size);
  for (uint64_t w : h.features) EXPECT_EQ(0u, w);
  b = header_bytes("PERFILE2", 104, 64 + 16);
  ASSERT_TRUE(read_file_header(b, h, swapped));
  EXPECT_NE(0u, h.features[0]);
}

TEST(Reader, RecordSizeBelowHeaderIsFatal) {
  test::PerfDataBuilder b;
  b.add_attr(PERF_SAMPLE_IP);
  b.add_raw({9, 0, 0, 0, 0, 0, 4, 0});  // size 4 < 8
  PerfDataReader r(b.write(tmp_path("small.data")));
  EXPECT_THROW(r.next(), InputError);
}

TEST(Attr, ReadsEverySizePerfWrote) {
  for (uint32_t size : {64u, 72u, 80u, 96u, 104u, 112u, 120u, 128u, 136u, 144u, 160u}) {
    std::vector<std::byte> buf(size, std::byte{0});
    uint32_t type = 1;
    uint64_t config = 9;
    std::memcpy(buf.data(), &type, 4);
    std::memcpy(buf.data() + 4, &size, 4);
    std::memcpy(buf.data() + 8, &config, 8);
    buf[40] = std::byte{1};  // disabled
    ByteReader r(Bytes(buf.data(), buf.size()), false);
    perf_event_attr a;
    ASSERT_TRUE(read_attr(r, size, a)) << size;
    EXPECT_EQ(a.config, 9u);
    EXPECT_EQ(a.disabled, 1u);
    EXPECT_EQ(r.pos(), size);
  }
}

TEST(Attr, SwappedFlagBitsAreRestored) {
  // A big-endian writer puts `disabled` (bit 0) in the top bit of the first flag byte.
  std::vector<std::byte> buf(64, std::byte{0});
  buf[3] = std::byte{1};  // type 1, big-endian
  buf[7] = std::byte{64}; // size 64, big-endian
  buf[40] = std::byte{0x80};
  ByteReader r(Bytes(buf.data(), buf.size()), true);
  perf_event_attr a;
  ASSERT_TRUE(read_attr(r, 64, a));
  EXPECT_EQ(a.type, 1u);
  EXPECT_EQ(a.size, 64u);
  EXPECT_EQ(a.disabled, 1u);
  EXPECT_EQ(a.inherit, 0u);
}

std::vector<std::byte> record_bytes(const std::vector<uint64_t>& body) {
  std::vector<std::byte> r(8 + body.size() * 8);
  uint32_t type = PERF_RECORD_SAMPLE;
  uint16_t size = static_cast<uint16_t>(r.size());
  std::memcpy(r.data(), &type, 4);
  std::memcpy(r.data() + 6, &size, 2);
  std::memcpy(r.data() + 8, body.data(), body.size() * 8);
  return r;
}

TEST(Sample, DeferredMarkerNeedsDeferCallchain) {
  perf_event_attr a{};
  a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN;
  auto rec = record_bytes({0x1000, 4, PERF_CONTEXT_KERNEL, 0xffffffff81000000ull,
                           PERF_CONTEXT_USER_DEFERRED, 0x300000001ull});
  DecodedSample s;
  ASSERT_EQ(decode_sample(Bytes(rec.data(), rec.size()), false, a, s), "");
  EXPECT_FALSE(s.deferred_callchain);
  a.defer_callchain = 1;
  DecodedSample d;
  ASSERT_EQ(decode_sample(Bytes(rec.data(), rec.size()), false, a, d), "");
  EXPECT_TRUE(d.deferred_callchain);
  EXPECT_EQ(d.deferred_cookie, 0x300000001ull);
  EXPECT_EQ(d.callchain.size(), 4u);
}

TEST(Sample, CallchainLongerThanRecordIsAnError) {
  perf_event_attr a{};
  a.sample_type = PERF_SAMPLE_CALLCHAIN;
  auto rec = record_bytes({1000000, 1});
  DecodedSample s;
  EXPECT_NE(decode_sample(Bytes(rec.data(), rec.size()), false, a, s), "");
}

TEST(Sample, EveryFieldInOrder) {
  perf_event_attr a{};
  a.sample_type = PERF_SAMPLE_IDENTIFIER | PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME |
                  PERF_SAMPLE_ADDR | PERF_SAMPLE_ID | PERF_SAMPLE_STREAM_ID | PERF_SAMPLE_CPU |
                  PERF_SAMPLE_PERIOD | PERF_SAMPLE_WEIGHT | PERF_SAMPLE_DATA_SRC |
                  PERF_SAMPLE_PHYS_ADDR;
  auto rec = record_bytes({42, 0x401000, (7ull << 32) | 6, 123, 0xdead, 42, 43, 3, 250000, 17,
                           0x1e05, 0x5000});
  DecodedSample s;
  ASSERT_EQ(decode_sample(Bytes(rec.data(), rec.size()), false, a, s), "");
  EXPECT_EQ(s.id, 42u);
  EXPECT_EQ(s.ip, 0x401000u);
  EXPECT_EQ(s.pid, 6u);
  EXPECT_EQ(s.tid, 7u);
  EXPECT_EQ(s.time, 123u);
  EXPECT_EQ(s.addr, 0xdeadu);
  EXPECT_EQ(s.stream_id, 43u);
  EXPECT_EQ(s.cpu, 3u);
  EXPECT_EQ(s.period, 250000u);
  EXPECT_EQ(s.weight, 17u);
  EXPECT_EQ(s.data_src, 0x1e05u);
  EXPECT_EQ(s.phys_addr, 0x5000u);
}

}  // namespace
}  // namespace cperf

namespace cperf {
namespace {

TEST(Reader, SkipsAuxtraceTraceDataOutsideTheRecord) {
  test::PerfDataBuilder b;
  b.add_attr(PERF_SAMPLE_IP);
  // AUXTRACE: size, offset, reference, idx|tid, cpu|reserved; then `size` bytes of trace.
  b.add_record(71, 0, {16, 0, 0x1234, 0, 0});
  b.add_raw(std::vector<uint8_t>(16, 0xab));
  b.add_record(68, 0, {});
  PerfDataReader r(b.write(tmp_path("aux.data")));
  auto aux = r.next();
  ASSERT_TRUE(aux);
  EXPECT_EQ(aux->type, 71u);
  EXPECT_EQ(aux->payload.size(), 16u);
  auto round = r.next();
  ASSERT_TRUE(round);
  EXPECT_EQ(round->type, 68u);
}

TEST(Reader, AuxtraceDataPastTheEndIsAnError) {
  test::PerfDataBuilder b;
  b.add_attr(PERF_SAMPLE_IP);
  b.add_record(71, 0, {4096, 0, 0, 0, 0});
  PerfDataReader r(b.write(tmp_path("aux-short.data")));
  EXPECT_THROW(r.next(), InputError);
}

}  // namespace
}  // namespace cperf
