#include "inject/guestmount_check.h"

#include <unistd.h>

#include <cstdio>

#include "base/byte_reader.h"
#include "format/record_types.h"
#include "record/sample.h"
#include "record/side_band.h"

namespace cperf {

void GuestMountCheck::user_record(const RawRecord& rec, Session& s) {
  if (rec.type != PERF_RECORD_ID_INDEX || rec.bytes.size() < 16) return;
  ByteReader r(rec.bytes, s.swapped());
  r.skip(8);
  uint64_t nr = r.u64();
  constexpr size_t kEntry = 32, kMachine = 16;  // {id, idx, cpu, tid}; then {machine_pid, vcpu} each
  if (nr > rec.bytes.size() / (kEntry + kMachine) || 16 + nr * (kEntry + kMachine) > rec.bytes.size()) return;
  for (uint64_t i = 0; i < nr; ++i) {
    ByteReader e(rec.bytes.subspan(16 + i * kEntry), s.swapped());
    ByteReader m(rec.bytes.subspan(16 + nr * kEntry + i * kMachine), s.swapped());
    machine_pid_[e.u64()] = m.s64();
  }
}

void GuestMountCheck::record(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  uint8_t mode = rec.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  if (mode != PERF_RECORD_MISC_GUEST_KERNEL && mode != PERF_RECORD_MISC_GUEST_USER) return;
  uint64_t id = ev.sid.valid ? ev.sid.id : 0;
  int64_t pid = ev.sid.valid ? static_cast<int32_t>(ev.sid.pid) : -1;
  if (rec.type == PERF_RECORD_SAMPLE) {
    if (ev.attr_index < 0) return;
    DecodedSample ds;
    if (!decode_sample(rec.bytes, s.swapped(), s.attrs()[ev.attr_index].attr, ds).empty()) return;
    id = ds.id;
    pid = static_cast<int32_t>(ds.pid);
  } else if (rec.type == PERF_RECORD_MMAP || rec.type == PERF_RECORD_MMAP2) {
    SideBand sb;
    if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
    pid = sb.pid;
  }
  if (auto it = machine_pid_.find(id); it != machine_pid_.end() && it->second) pid = it->second;
  check(pid);
}

void GuestMountCheck::check(int64_t pid) {
  // -1: the host's kernel, 0: the default guest (no folder of its own)
  if (pid == -1 || pid == 0) return;
  std::string path = guestmount_ + "/" + std::to_string(static_cast<int32_t>(pid));
  if (::access(path.c_str(), R_OK) != 0 && said_.insert(path).second)
    std::fprintf(stderr, "Can't access file %s\n", path.c_str());
}

}  // namespace cperf
