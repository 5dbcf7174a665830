// cperf inject --merge-callchains: the chain rewriting (rewrite_deferred_chain), the attr and
// event_desc rewriting, and run_inject on small synthetic files.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstring>
#include <string>
#include <vector>

#include "base/byte_reader.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "inject/chain_rewrite.h"
#include "inject/inject.h"
#include "io/perf_data_reader.h"
#include "perf_data_builder.h"
#include "record/sample.h"
#include "writer/byte_buffer.h"
#include "writer/perf_data_writer.h"

namespace cperf {
namespace {

constexpr uint64_t K = PERF_CONTEXT_KERNEL;
constexpr uint64_t U = PERF_CONTEXT_USER;
constexpr uint64_t UD = PERF_CONTEXT_USER_DEFERRED;
constexpr uint64_t kSampleType =
    PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_WEIGHT;

perf_event_attr defer_attr() {
  perf_event_attr a{};
  a.type = PERF_TYPE_SOFTWARE;
  a.size = sizeof a;
  a.sample_type = kSampleType;
  a.sample_id_all = 1;
  a.defer_callchain = 1;
  a.defer_output = 1;
  return a;
}

// A PERF_RECORD_SAMPLE of kSampleType: ip, tid, time, chain, weight 0x77.
std::vector<std::byte> sample(uint32_t tid, uint64_t time, const std::vector<uint64_t>& chain) {
  ByteBuffer b;
  b.u32(PERF_RECORD_SAMPLE);
  b.u16(PERF_RECORD_MISC_KERNEL);
  b.u16(0);
  b.u64(0xffffffff81000000ULL);
  b.u32(tid);
  b.u32(tid);
  b.u64(time);
  b.u64(chain.size());
  for (uint64_t ip : chain) b.u64(ip);
  b.u64(0x77);
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  return std::move(b.bytes());
}

struct Decoded {
  std::vector<uint64_t> chain;
  uint64_t weight = 0, time = 0;
  uint32_t tid = 0;
  bool deferred = false;
};

Decoded decode(const std::vector<std::byte>& rec, const perf_event_attr& attr) {
  DecodedSample ds;
  EXPECT_EQ("", decode_sample(Bytes(rec.data(), rec.size()), false, attr, ds));
  Decoded d;
  for (size_t i = 0; i < ds.callchain.size(); ++i) d.chain.push_back(ds.callchain[i]);
  d.weight = ds.weight;
  d.time = ds.time;
  d.tid = ds.tid;
  d.deferred = ds.deferred_callchain;
  uint16_t size;
  std::memcpy(&size, rec.data() + 6, 2);
  EXPECT_EQ(rec.size(), size);
  return d;
}

TEST(InjectChain, MergedChainGetsContextUserAndUserIps) {
  perf_event_attr a = defer_attr();
  auto in = sample(7, 100, {K, 0xffff1, 0xffff2, UD, 0x500000001});
  std::vector<uint64_t> ips{0x401000, 0x401100, 0x401200};
  std::vector<std::byte> out;
  ASSERT_TRUE(rewrite_deferred_chain(Bytes(in.data(), in.size()), false, a, &ips, out));
  Decoded d = decode(out, clear_defer_bits(a));
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffff1, 0xffff2, U, 0x401000, 0x401100, 0x401200}), d.chain);
  EXPECT_EQ(0x77u, d.weight);  // fields after the chain survive
  EXPECT_EQ(100u, d.time);
  EXPECT_EQ(7u, d.tid);
  EXPECT_EQ(in.size() - 16 + 4 * 8, out.size());
}

TEST(InjectChain, UnmatchedSampleKeepsItsKernelPart) {
  perf_event_attr a = defer_attr();
  auto in = sample(7, 100, {K, 0xffff1, UD, 0x500000001});
  std::vector<std::byte> out;
  ASSERT_TRUE(rewrite_deferred_chain(Bytes(in.data(), in.size()), false, a, nullptr, out));
  Decoded d = decode(out, a);
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffff1}), d.chain);
  EXPECT_FALSE(d.deferred);
  EXPECT_EQ(0x77u, d.weight);
}

TEST(InjectChain, EmptyDeferredChainAddsNoUserMarker) {
  perf_event_attr a = defer_attr();
  auto in = sample(7, 100, {K, 0xffff1, UD, 0x500000001});
  std::vector<uint64_t> none;
  std::vector<std::byte> out;
  ASSERT_TRUE(rewrite_deferred_chain(Bytes(in.data(), in.size()), false, a, &none, out));
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffff1}), decode(out, a).chain);
}

TEST(InjectChain, UserModeSampleBecomesAPlainUserChain) {
  perf_event_attr a = defer_attr();
  auto in = sample(7, 100, {UD, 0x900000001});
  std::vector<uint64_t> ips{0x401000};
  std::vector<std::byte> out;
  ASSERT_TRUE(rewrite_deferred_chain(Bytes(in.data(), in.size()), false, a, &ips, out));
  EXPECT_EQ((std::vector<uint64_t>{U, 0x401000}), decode(out, a).chain);
}

TEST(InjectChain, LeavesOrdinaryChainsAlone) {
  perf_event_attr a = defer_attr();
  auto in = sample(7, 100, {K, 0xffff1, U, 0x401000});
  std::vector<std::byte> out{std::byte{1}};
  EXPECT_FALSE(rewrite_deferred_chain(Bytes(in.data(), in.size()), false, a, nullptr, out));
  EXPECT_EQ(1u, out.size());
  perf_event_attr plain = a;
  plain.defer_callchain = 0;  // the marker means nothing without the attr bit
  auto marked = sample(7, 100, {K, 0xffff1, UD, 0x500000001});
  EXPECT_FALSE(rewrite_deferred_chain(Bytes(marked.data(), marked.size()), false, plain, nullptr, out));
}

TEST(InjectChain, ClearDeferBits) {
  perf_event_attr a = clear_defer_bits(defer_attr());
  EXPECT_EQ(0u, a.defer_callchain);
  EXPECT_EQ(0u, a.defer_output);
  EXPECT_EQ(1u, a.sample_id_all);
  EXPECT_EQ(kSampleType, a.sample_type);
}

TEST(InjectChain, EventDescLosesDeferBitsAndShrinks) {
  ByteBuffer b;
  b.u32(2);
  b.u32(sizeof(perf_event_attr));
  for (int i = 0; i < 2; i++) {
    perf_event_attr a = defer_attr();
    a.config = static_cast<uint64_t>(i);
    b.raw(&a, sizeof a);
    b.u32(2);  // ids
    b.perf_string(i ? "task-clock" : "cpu-clock");
    b.u64(10 + i);
    b.u64(20 + i);
  }
  std::vector<std::byte> out = rewrite_event_desc(Bytes(b.data(), b.size()), false);
  ASSERT_FALSE(out.empty());
  ByteReader r(Bytes(out.data(), out.size()), false);
  EXPECT_EQ(2u, r.u32());
  uint32_t sz = r.u32();
  EXPECT_EQ(minimal_attr_size(clear_defer_bits(defer_attr())), sz);
  EXPECT_LT(sz, sizeof(perf_event_attr));
  for (int i = 0; i < 2; i++) {
    perf_event_attr a{};
    ASSERT_TRUE(read_attr(r, sz, a));
    EXPECT_EQ(0u, a.defer_callchain);
    EXPECT_EQ(0u, a.defer_output);
    EXPECT_EQ(sz, a.size);
    EXPECT_EQ(static_cast<uint64_t>(i), a.config);
    EXPECT_EQ(2u, r.u32());
    uint32_t len = r.u32();
    Bytes name = r.bytes(len);
    EXPECT_STREQ(i ? "task-clock" : "cpu-clock", reinterpret_cast<const char*>(name.data()));
    EXPECT_EQ(10u + i, r.u64());
    EXPECT_EQ(20u + i, r.u64());
  }
  EXPECT_EQ(0u, r.remaining());
  EXPECT_TRUE(rewrite_event_desc(Bytes(out.data(), 6), false).empty());  // truncated
}

// run_inject on a synthetic file: two samples of tid 5 share a cookie, a sample of tid 6 never
// gets its chain, the record of tid 5 comes last in the stream.
class InjectRun : public ::testing::Test {
 protected:
  void SetUp() override {
    char in[] = "/tmp/cperf-inject-test-in.XXXXXX";
    char out[] = "/tmp/cperf-inject-test-out.XXXXXX";
    ::close(mkstemp(in));
    ::close(mkstemp(out));
    in_ = in;
    out_ = out;
    test::PerfDataBuilder b;
    perf_event_attr& a = b.add_attr(kSampleType);
    a.defer_callchain = 1;
    a.defer_output = 1;
    attr_ = a;
    auto add = [&](const std::vector<std::byte>& r) {
      b.add_raw(std::vector<uint8_t>(reinterpret_cast<const uint8_t*>(r.data()),
                                     reinterpret_cast<const uint8_t*>(r.data()) + r.size()));
    };
    add(sample(5, 100, {K, 0xffff1, UD, 0xb00000001}));
    add(sample(6, 110, {K, 0xffff2, UD, 0xc00000001}));
    add(sample(5, 120, {K, 0xffff3, UD, 0xb00000001}));
    b.add_record(PERF_RECORD_CALLCHAIN_DEFERRED, PERF_RECORD_MISC_USER,
                 {0xb00000001, 2, 0x401000, 0x401100, (uint64_t{5} << 32) | 5, 130});
    b.add_record(999, 0, {1, 2});  // an unknown record type goes through
    b.write(in_);
  }
  void TearDown() override {
    ::unlink(in_.c_str());
    ::unlink(out_.c_str());
  }
  std::vector<RawRecord> read_out(PerfDataReader& r) {
    std::vector<RawRecord> v;
    while (auto rec = r.next()) v.push_back(*rec);
    return v;
  }
  std::string in_, out_;
  perf_event_attr attr_{};
};

TEST_F(InjectRun, MergeStitchesInPlaceAndDropsDeferredRecords) {
  InjectOptions o;
  o.input = in_;
  o.output = out_;
  o.merge_callchains = true;
  ASSERT_EQ(0, run_inject(o));
  PerfDataReader r(out_);
  ASSERT_EQ(1u, r.attrs().size());
  EXPECT_EQ(0u, r.attrs()[0].attr.defer_callchain);
  EXPECT_EQ(0u, r.attrs()[0].attr.defer_output);
  EXPECT_EQ(minimal_attr_size(r.attrs()[0].attr), r.attrs()[0].file_attr_size);
  std::vector<RawRecord> recs = read_out(r);
  ASSERT_EQ(4u, recs.size());  // three samples in their places, the unknown record
  const perf_event_attr& a = r.attrs()[0].attr;
  auto chain = [&](const RawRecord& rec) {
    return decode(std::vector<std::byte>(rec.bytes.begin(), rec.bytes.end()), a).chain;
  };
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffff1, U, 0x401000, 0x401100}), chain(recs[0]));
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffff2}), chain(recs[1]));
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffff3, U, 0x401000, 0x401100}), chain(recs[2]));
  EXPECT_EQ(999u, recs[3].type);
}

TEST_F(InjectRun, PassThroughKeepsEveryRecordByteForByte) {
  InjectOptions o;
  o.input = in_;
  o.output = out_;
  ASSERT_EQ(0, run_inject(o));
  PerfDataReader in(in_), out(out_);
  EXPECT_EQ(1u, out.attrs()[0].attr.defer_callchain);
  EXPECT_EQ(1u, out.attrs()[0].attr.defer_output);
  std::vector<RawRecord> a = read_out(in), b = read_out(out);
  ASSERT_EQ(a.size(), b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].bytes.size(), b[i].bytes.size());
    EXPECT_EQ(0, std::memcmp(a[i].bytes.data(), b[i].bytes.data(), a[i].bytes.size())) << i;
  }
}

}  // namespace
}  // namespace cperf
