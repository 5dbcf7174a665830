#include "recorder/session_records.h"

#include "linux/perf_event.h"
#include "writer/byte_buffer.h"

namespace cperf {

namespace {

enum : uint32_t { kRecordIdIndex = 69, kRecordThreadMap = 73, kRecordCpuMap = 74, kRecordEventUpdate = 78 };
enum : uint64_t { kUpdateUnit = 0, kUpdateScale = 1, kUpdateCpus = 3 };
// perf's event_update record is sized as header, type, id and a 16-byte union before its data.
constexpr size_t kEventUpdateHead = 40;

void finish(ByteBuffer& b, uint32_t type, const RecordSink& out) {
  b.align(8);
  b.patch<uint32_t>(0, type);
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  out(b.data(), b.size());
}

ByteBuffer start_record() {
  ByteBuffer b;
  b.zeros(8);  // the header, patched by finish()
  return b;
}

// perf's cpu map data: a range when the CPUs are consecutive, else their list.
void put_cpu_map(ByteBuffer& b, const std::vector<int>& cpus) {
  bool range = !cpus.empty() && cpus.front() >= 0;
  for (size_t i = 1; i < cpus.size() && range; i++) range = cpus[i] == cpus[i - 1] + 1;
  if (range) {
    b.u16(2);  // PERF_CPU_MAP__RANGE_CPUS
    b.u8(0);   // any_cpu
    b.u8(0);
    b.u16(static_cast<uint16_t>(cpus.front()));
    b.u16(static_cast<uint16_t>(cpus.back()));
    return;
  }
  b.u16(0);  // PERF_CPU_MAP__CPUS
  b.u16(static_cast<uint16_t>(cpus.size()));
  for (int c : cpus) b.u16(static_cast<uint16_t>(c));  // -1 (any CPU) as 0xffff, as perf
}

}  // namespace

void synthesize_id_index(const std::vector<IdIndexEntry>& entries, const RecordSink& out) {
  if (entries.empty()) return;
  ByteBuffer b = start_record();
  b.u64(entries.size());
  for (const IdIndexEntry& e : entries) {
    b.u64(e.id);
    b.u64(e.ring);
    b.u64(static_cast<uint64_t>(e.cpu));
    b.u64(static_cast<uint64_t>(e.tid));
  }
  finish(b, kRecordIdIndex, out);
}

void synthesize_event_update(uint64_t id, bool software_clock, const std::vector<int>& cpus,
                             const RecordSink& out) {
  if (software_clock) {
    ByteBuffer u = start_record();
    u.u64(kUpdateUnit);
    u.u64(id);
    u.raw("msec", 5);
    while (u.size() < kEventUpdateHead + 5) u.u8(0);
    finish(u, kRecordEventUpdate, out);
    ByteBuffer s = start_record();
    s.u64(kUpdateScale);
    s.u64(id);
    double scale = 1e-6;
    s.raw(&scale, sizeof scale);
    while (s.size() < kEventUpdateHead + 8) s.u8(0);
    finish(s, kRecordEventUpdate, out);
  }
  ByteBuffer c = start_record();
  c.u64(kUpdateCpus);
  c.u64(id);
  put_cpu_map(c, cpus);
  finish(c, kRecordEventUpdate, out);
}

void synthesize_thread_map(const std::vector<pid_t>& threads, const RecordSink& out) {
  ByteBuffer b = start_record();
  b.u64(threads.size());
  for (pid_t t : threads) {
    b.u64(static_cast<uint64_t>(static_cast<int64_t>(t)));
    b.zeros(16);  // comm: perf leaves it empty
  }
  finish(b, kRecordThreadMap, out);
}

void synthesize_cpu_map(const std::vector<int>& cpus, const RecordSink& out) {
  ByteBuffer b = start_record();
  put_cpu_map(b, cpus);
  finish(b, kRecordCpuMap, out);
}

void synthesize_workload_comm(pid_t pid, size_t id_hdr_size, const RecordSink& out) {
  ByteBuffer b = start_record();
  b.u32(static_cast<uint32_t>(pid));
  b.u32(static_cast<uint32_t>(pid));
  b.padded_cstring("perf-exec", 8);
  b.zeros(id_hdr_size);
  finish(b, PERF_RECORD_COMM, out);
}

}  // namespace cperf
