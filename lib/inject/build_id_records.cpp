#include "inject/build_id_records.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

#include "format/record_types.h"
#include "inject/callchain_maps.h"
#include "record/sample.h"
#include "record/side_band.h"
#include "writer/byte_buffer.h"

namespace cperf {

namespace {

constexpr uint16_t kMiscBuildIdSize = 1 << 15;  // PERF_RECORD_MISC_BUILD_ID_SIZE

// perf's id sample of a sample record: the fields its sample_type selects, from the sample
// (perf writes them whether or not the attr has sample_id_all).
std::vector<std::byte> id_sample_of(const perf_event_attr& attr, const DecodedSample& ds) {
  ByteBuffer b;
  const uint64_t t = attr.sample_type;
  if (t & PERF_SAMPLE_TID) { b.u32(ds.pid); b.u32(ds.tid); }
  if (t & PERF_SAMPLE_TIME) b.u64(ds.time);
  if (t & PERF_SAMPLE_ID) b.u64(ds.id);
  if (t & PERF_SAMPLE_STREAM_ID) b.u64(ds.stream_id);
  if (t & PERF_SAMPLE_CPU) { b.u32(ds.cpu); b.u32(0); }
  if (t & PERF_SAMPLE_IDENTIFIER) b.u64(ds.id);
  return std::move(b.bytes());
}

// ... of a map record: its own trailer; without sample_id_all perf's unset values (-1).
std::vector<std::byte> id_sample_of(const perf_event_attr& attr, const RawRecord& rec) {
  size_t n = sample_id_size(attr);
  if (n && n <= rec.bytes.size()) return {rec.bytes.end() - static_cast<ptrdiff_t>(n), rec.bytes.end()};
  DecodedSample unset;
  unset.pid = unset.tid = unset.cpu = ~uint32_t{0};
  unset.time = unset.id = unset.stream_id = ~uint64_t{0};
  return id_sample_of(attr, unset);
}

}  // namespace

std::vector<std::byte> build_id_record(uint16_t misc, const std::vector<uint8_t>& id,
                                       const std::string& name, Bytes id_sample) {
  ByteBuffer b;
  b.u32(PERF_RECORD_HEADER_BUILD_ID);
  b.u16(static_cast<uint16_t>(misc | kMiscBuildIdSize));
  b.u16(0);
  b.u32(~uint32_t{0});  // the host machine's pid
  std::byte bid[20] = {};
  size_t size = std::min<size_t>(id.size(), 20);
  std::memcpy(bid, id.data(), size);
  b.raw(bid, 20);
  b.u8(static_cast<uint8_t>(size));
  b.zeros(3);
  b.padded_cstring(name, 1);
  b.align(8);
  b.raw(id_sample.data(), id_sample.size());
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  return std::move(b.bytes());
}

void BuildIdRecordCollector::record(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  if (rec.decompressed) return;  // passed on as COMPRESSED records, unread
  if (s.attrs().empty()) return;
  const int idx = ev.attr_index >= 0 ? ev.attr_index : 0;
  const perf_event_attr& attr = s.attrs()[idx].attr;
  const uint8_t cpumode = rec.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  std::vector<std::vector<std::byte>> out;
  if (rec.type != PERF_RECORD_SAMPLE) {
    SideBand sb;
    if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
    apply_side_band(machine_, rec, sb);
    if (!all_ || (rec.type != PERF_RECORD_MMAP && rec.type != PERF_RECORD_MMAP2)) return;
    // perf takes the kernel's own map by the mmap's filename ([kernel.kallsyms]_text): a dso
    // of no file, so of no build id, whatever the table says of [kernel.kallsyms].
    if (cpumode == PERF_RECORD_MISC_KERNEL && sb.name.rfind("[kernel.kallsyms]", 0) == 0) {
      if (kernel_maps_done_.insert(std::string(sb.name)).second) no_build_id(std::string(sb.name));
      return;
    }
    // The map just made: the thread's, or the kernel's.
    Thread& t = machine_.findnew_thread(sb.pid, sb.tid);
    std::vector<std::byte> id_sample = id_sample_of(attr, rec);
    hit(machine_.find_map(t, cpumode, sb.start), cpumode, Bytes(id_sample.data(), id_sample.size()), out);
    if (!out.empty()) results[{rec.offset, 0, 0}] = std::move(out);
    return;
  }
  if (all_ || ev.attr_index < 0) return;
  DecodedSample ds;
  if (!decode_sample(rec.bytes, s.swapped(), attr, ds).empty()) return;
  std::vector<std::byte> id_sample = id_sample_of(attr, ds);
  Bytes ids(id_sample.data(), id_sample.size());
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  hit(machine_.find_map(t, cpumode, ds.ip), cpumode, ids, out);
  for_each_callchain_entry(ds.callchain, [&](uint64_t ip, uint8_t mode) {
    hit(machine_.find_map(t, mode, ip), mode, ids, out);  // the entry's own mode (not -B's)
  });
  if (!out.empty()) results[{rec.offset, ds.time, ds.tid}] = std::move(out);
}

void BuildIdRecordCollector::hit(const Map* m, uint16_t misc, Bytes id_sample,
                                 std::vector<std::vector<std::byte>>& out) {
  if (!m || !m->dso || !done_.insert(m->dso).second) return;
  // perf skips anonymous and no-dso memory (//anon, [heap], [stack], ...) without a word
  if (is_jit_candidate(m->dso->long_name)) return;
  std::vector<uint8_t> id = build_id_of_(*m->dso);
  if (id.empty()) return no_build_id(m->dso->long_name);
  any_build_id = true;
  out.push_back(build_id_record(misc, id, m->dso->long_name, id_sample));
}

void BuildIdRecordCollector::no_build_id(const std::string& name) {
  if (verbose_) std::fprintf(stderr, "no build_id found for %s\n", name.c_str());
}

}  // namespace cperf
