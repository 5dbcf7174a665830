// DeferredCallchainMerger on synthetic perf.data files: each test writes a tiny file (one
// software event with defer_callchain, sample_id_all), runs Session -> merger -> a recording
// tool, and checks what was delivered, in which order and in which state.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "format/file_header.h"
#include "format/record_types.h"
#include "io/perf_data_reader.h"
#include "record/sample.h"
#include "session/deferred_merger.h"
#include "session/session.h"

namespace cperf {
namespace {

constexpr uint64_t K = PERF_CONTEXT_KERNEL;
constexpr uint64_t UD = PERF_CONTEXT_USER_DEFERRED;

class FileBuilder {
 public:
  FileBuilder() {
    attr_.type = PERF_TYPE_SOFTWARE;
    attr_.size = sizeof(perf_event_attr);
    attr_.sample_type =
        PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_PERIOD;
    attr_.sample_id_all = 1;
    attr_.defer_callchain = 1;
  }
  void sample(uint32_t tid, uint64_t time, std::vector<uint64_t> chain) {
    std::vector<uint64_t> body{0x1000, pidtid(tid), time, /*period*/ 1, chain.size()};
    body.insert(body.end(), chain.begin(), chain.end());
    add(PERF_RECORD_SAMPLE, PERF_RECORD_MISC_KERNEL, body);
  }
  void deferred(uint32_t tid, uint64_t time, uint64_t cookie, std::vector<uint64_t> ips) {
    std::vector<uint64_t> body{cookie, ips.size()};
    body.insert(body.end(), ips.begin(), ips.end());
    body.push_back(pidtid(tid));
    body.push_back(time);
    add(PERF_RECORD_CALLCHAIN_DEFERRED, PERF_RECORD_MISC_USER, body);
  }
  void exit(uint32_t tid, uint64_t time) {
    std::vector<uint64_t> body{pidtid(tid), pidtid(tid), time, pidtid(tid), time};
    add(PERF_RECORD_EXIT, 0, body);
  }
  void round() { add(PERF_RECORD_FINISHED_ROUND, 0, {}); }

  std::string write() {
    char path[] = "/tmp/cperf-merger-test.XXXXXX";
    int fd = mkstemp(path);
    std::vector<uint64_t> ids{};  // no ids: a single attr needs none
    uint64_t attr_size = sizeof(perf_event_attr) + 16;
    uint64_t attrs_off = kFileHeaderSize;
    uint64_t data_off = attrs_off + attr_size;
    std::vector<std::byte> f(kFileHeaderSize);
    auto put = [&](size_t at, uint64_t v) { std::memcpy(f.data() + at, &v, 8); };
    put(0, kPerfMagic2);
    put(8, kFileHeaderSize);
    put(16, attr_size);
    put(24, attrs_off);
    put(32, attr_size);
    put(40, data_off);
    put(48, data_.size());
    const std::byte* a = reinterpret_cast<const std::byte*>(&attr_);
    f.insert(f.end(), a, a + sizeof(attr_));
    std::vector<std::byte> ids_sec(16);  // offset 0, size 0
    f.insert(f.end(), ids_sec.begin(), ids_sec.end());
    f.insert(f.end(), data_.begin(), data_.end());
    EXPECT_EQ(static_cast<ssize_t>(f.size()), ::write(fd, f.data(), f.size()));
    ::close(fd);
    return path;
  }

 private:
  static uint64_t pidtid(uint32_t tid) { return (uint64_t{tid} << 32) | tid; }
  void add(uint32_t type, uint16_t misc, const std::vector<uint64_t>& body) {
    perf_event_header h{type, misc, static_cast<uint16_t>(8 + body.size() * 8)};
    const std::byte* hp = reinterpret_cast<const std::byte*>(&h);
    data_.insert(data_.end(), hp, hp + sizeof(h));
    const std::byte* bp = reinterpret_cast<const std::byte*>(body.data());
    data_.insert(data_.end(), bp, bp + body.size() * 8);
  }
  perf_event_attr attr_{};
  std::vector<std::byte> data_;
};

struct Delivered {
  uint32_t type;
  uint32_t tid;
  uint64_t time;
  DeferredState state;
  std::vector<uint64_t> chain;
  bool deferred_flag;
};

class Recorder : public SessionTool {
 public:
  const DeferredCallchainMerger* merger = nullptr;
  std::vector<Delivered> got;
  void record(Event& ev, Session& s) override {
    Delivered d{ev.raw.type, ev.sid.tid, ev.time, merger->state(), {}, false};
    if (ev.raw.type == PERF_RECORD_SAMPLE) {
      DecodedSample ds;
      ASSERT_EQ("", decode_sample(ev.raw.bytes, s.swapped(), s.attrs()[0].attr, ds));
      d.tid = ds.tid;
      for (size_t i = 0; i < ds.callchain.size(); ++i) d.chain.push_back(ds.callchain[i]);
      d.deferred_flag = ds.deferred_callchain;
    }
    got.push_back(d);
  }
};

struct Result {
  std::vector<Delivered> got;
  DeferredMergerStats stats;
};

Result run(FileBuilder& b, DeferredMergerOptions opts = {}) {
  std::string path = b.write();
  PerfDataReader reader(path);
  Recorder rec;
  DeferredCallchainMerger merger(rec, opts);
  rec.merger = &merger;
  Session session(reader, SessionOptions{}, merger);
  session.run();
  ::unlink(path.c_str());
  EXPECT_EQ(0u, merger.parked_samples());
  EXPECT_EQ(0u, merger.parked_bytes());
  return {rec.got, merger.stats()};
}

std::vector<Delivered> samples(const Result& r) {
  std::vector<Delivered> out;
  for (const auto& d : r.got)
    if (d.type == PERF_RECORD_SAMPLE) out.push_back(d);
  return out;
}

TEST(DeferredMerger, MergesMatchingCookie) {
  FileBuilder b;
  b.sample(10, 100, {K, 0xffffffff81000000, UD, 0x500000001});
  b.deferred(10, 200, 0x500000001, {0x401000, 0x402000});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(1u, s.size());
  EXPECT_EQ(DeferredState::kMerged, s[0].state);
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffffffff81000000, UD, 0x401000, 0x402000}), s[0].chain);
  EXPECT_EQ(100u, s[0].time);
  EXPECT_EQ(1u, r.stats.merged);
  // The record is consumed.
  EXPECT_EQ(1u, r.got.size());
}

TEST(DeferredMerger, CookieMismatchReleasesUnmerged) {
  FileBuilder b;
  b.sample(10, 100, {K, 0xffffffff81000000, UD, 0x500000001});
  b.deferred(10, 200, 0x700000001, {0x401000});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(1u, s.size());
  EXPECT_EQ(DeferredState::kMismatch, s[0].state);
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffffffff81000000, UD, 0x500000001}), s[0].chain);
  EXPECT_EQ(1u, r.stats.mismatched);
}

TEST(DeferredMerger, TwoWaitingSamplesOfOneThreadMergeInOrder) {
  FileBuilder b;
  b.sample(10, 100, {K, 0xffffffff81000001, UD, 0x900000001});
  b.sample(11, 120, {K, 0xffffffff81000005});  // another thread, not deferred
  b.sample(10, 150, {K, 0xffffffff81000002, UD, 0x900000001});
  b.deferred(10, 200, 0x900000001, {0x401000});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(3u, s.size());
  // The plain sample goes out first; the parked ones when their record arrives, oldest first.
  EXPECT_EQ(11u, s[0].tid);
  EXPECT_EQ(DeferredState::kNone, s[0].state);
  EXPECT_EQ(100u, s[1].time);
  EXPECT_EQ(150u, s[2].time);
  EXPECT_EQ(DeferredState::kMerged, s[1].state);
  EXPECT_EQ(DeferredState::kMerged, s[2].state);
  EXPECT_EQ((std::vector<uint64_t>{K, 0xffffffff81000002, UD, 0x401000}), s[2].chain);
}

TEST(DeferredMerger, RecordNeverArrivingFlushesAtEnd) {
  FileBuilder b;
  b.sample(10, 100, {UD, 0x300000001});
  b.sample(12, 110, {K, 0xffffffff81000000, UD, 0x300000002});
  b.sample(11, 120, {K, 0xffffffff81000005});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(3u, s.size());
  EXPECT_EQ(11u, s[0].tid);
  // Flushed in arrival order across threads, deferred flag kept.
  EXPECT_EQ(10u, s[1].tid);
  EXPECT_EQ(12u, s[2].tid);
  EXPECT_EQ(DeferredState::kFlushed, s[1].state);
  EXPECT_TRUE(s[1].deferred_flag);
  EXPECT_EQ(2u, r.stats.flushed);
}

TEST(DeferredMerger, DuplicateRecordIsAppliedOnce) {
  FileBuilder b;
  b.sample(10, 100, {K, 0xffffffff81000000, UD, 0x500000001});
  b.deferred(10, 200, 0x500000001, {0x401000});
  b.deferred(10, 200, 0x500000001, {0x401000});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(1u, s.size());
  EXPECT_EQ(DeferredState::kMerged, s[0].state);
  EXPECT_EQ(2u, r.stats.records);
  EXPECT_EQ(1u, r.stats.records_unmatched);
}

TEST(DeferredMerger, RecordInLaterRound) {
  FileBuilder b;
  b.sample(10, 100, {K, 0xffffffff81000000, UD, 0x500000001});
  b.round();
  b.sample(11, 300, {K, 0xffffffff81000005});
  b.round();
  b.round();
  b.deferred(10, 400, 0x500000001, {0x401000});
  b.round();
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(2u, s.size());
  EXPECT_EQ(11u, s[0].tid);
  EXPECT_EQ(DeferredState::kMerged, s[1].state);
  EXPECT_EQ(100u, s[1].time);
}

TEST(DeferredMerger, ThreadExitingBeforeReturnToUser) {
  FileBuilder b;
  b.sample(10, 100, {K, 0xffffffff81000000, UD, 0x500000001});
  b.exit(10, 150);
  Result r = run(b);
  ASSERT_EQ(2u, r.got.size());
  EXPECT_EQ(static_cast<uint32_t>(PERF_RECORD_EXIT), r.got[0].type);
  EXPECT_EQ(static_cast<uint32_t>(PERF_RECORD_SAMPLE), r.got[1].type);
  EXPECT_EQ(DeferredState::kFlushed, r.got[1].state);
}

TEST(DeferredMerger, OldSampleOfSameThreadReleasedByNewerRecord) {
  FileBuilder b;
  b.sample(10, 100, {UD, 0x300000001});  // its record was lost
  b.sample(10, 200, {UD, 0x500000001});
  b.deferred(10, 250, 0x500000001, {0x401000});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(2u, s.size());
  EXPECT_EQ(DeferredState::kMismatch, s[0].state);
  EXPECT_EQ(DeferredState::kMerged, s[1].state);
  EXPECT_EQ((std::vector<uint64_t>{UD, 0x401000}), s[1].chain);
}

TEST(DeferredMerger, UnknownTidRecordVanishes) {
  FileBuilder b;
  b.sample(10, 100, {UD, 0x300000001});
  b.deferred(99, 150, 0x300000001, {0x401000});
  Result r = run(b);
  auto s = samples(r);
  ASSERT_EQ(1u, s.size());
  EXPECT_EQ(DeferredState::kFlushed, s[0].state);
  EXPECT_EQ(1u, r.stats.records_unmatched);
}

TEST(DeferredMerger, MemoryBoundReleasesOldest) {
  FileBuilder b;
  for (int i = 0; i < 5; ++i) b.sample(10, 100 + i, {UD, 0x300000001});
  b.deferred(10, 200, 0x300000001, {0x401000});
  DeferredMergerOptions opts;
  opts.max_per_tid = 2;
  Result r = run(b, opts);
  auto s = samples(r);
  ASSERT_EQ(5u, s.size());
  EXPECT_EQ(3u, r.stats.evicted);
  EXPECT_EQ(2u, r.stats.merged);
  for (int i = 0; i < 3; ++i) EXPECT_EQ(DeferredState::kEvicted, s[i].state);
  EXPECT_EQ(DeferredState::kMerged, s[4].state);

  FileBuilder b2;
  for (int i = 0; i < 5; ++i) b2.sample(20 + i, 100 + i, {UD, 0x300000001});
  DeferredMergerOptions bytes;
  bytes.max_bytes = 2 * 64;  // each sample record is 64 bytes
  Result r2 = run(b2, bytes);
  EXPECT_EQ(3u, r2.stats.evicted);
  auto s2 = samples(r2);
  ASSERT_EQ(5u, s2.size());
  EXPECT_EQ(20u, s2[0].tid);
  EXPECT_EQ(DeferredState::kFlushed, s2[4].state);
}

TEST(DeferredMerger, BuildMergedRewritesTheChain) {
  perf_event_attr attr{};
  attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_PERIOD;
  attr.defer_callchain = 1;
  std::vector<uint64_t> words{0, 0x1234, 777, 3, K, UD, 0xabc};
  perf_event_header h{PERF_RECORD_SAMPLE, 0, static_cast<uint16_t>(words.size() * 8)};
  std::memcpy(words.data(), &h, 8);
  Bytes in(reinterpret_cast<const std::byte*>(words.data()), words.size() * 8);
  std::vector<uint64_t> user{0x401000, 0x402000, 0x403000};
  U64Array ips(reinterpret_cast<const std::byte*>(user.data()), user.size(), false);
  std::vector<std::byte> out;
  ASSERT_TRUE(DeferredCallchainMerger::build_merged(in, false, attr, ips, out));
  DecodedSample ds;
  ASSERT_EQ("", decode_sample(out, false, attr, ds));
  EXPECT_EQ(0x1234u, ds.ip);
  EXPECT_EQ(777u, ds.period);
  ASSERT_EQ(5u, ds.callchain.size());
  EXPECT_EQ(0x403000u, ds.callchain[4]);
  EXPECT_FALSE(ds.deferred_callchain);
}

}  // namespace
}  // namespace cperf
