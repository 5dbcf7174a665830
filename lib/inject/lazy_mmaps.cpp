#include "inject/lazy_mmaps.h"

#include <algorithm>
#include <cstring>

#include "inject/callchain_maps.h"
#include "record/side_band.h"
#include "writer/byte_buffer.h"

namespace cperf {

namespace {

// -B: the build-id MMAP2 perf synthesizes for a map a sample hits first, with the sample's
// thread, time and sample_id fields. misc: the cpumode, PERF_RECORD_MISC_MMAP_BUILD_ID added.
std::vector<std::byte> synthesized_mmap2(const Map& map, const std::vector<uint8_t>& id, uint16_t misc,
                                         const perf_event_attr& attr, const DecodedSample& ds) {
  ByteBuffer b;
  b.u32(PERF_RECORD_MMAP2);
  b.u16(static_cast<uint16_t>(misc | PERF_RECORD_MISC_MMAP_BUILD_ID));
  b.u16(0);
  b.u32(ds.pid);
  b.u32(ds.tid);
  // perf's kernel maps are made without the record's pgoff and protection.
  const bool kernel = map.dso->kernel;
  b.u64(map.start);
  b.u64(map.end - map.start);
  b.u64(kernel ? 0 : map.pgoff);
  b.u8(static_cast<uint8_t>(id.size()));
  b.u8(0);
  b.u16(0);
  std::byte bid[20] = {};
  std::memcpy(bid, id.data(), std::min<size_t>(id.size(), 20));
  b.raw(bid, 20);
  b.u32(kernel ? 0 : map.prot);
  b.u32(map.flags);
  b.padded_cstring(map.dso->long_name, 8);
  if (attr.sample_id_all) {
    const uint64_t t = attr.sample_type;
    if (t & PERF_SAMPLE_TID) { b.u32(ds.pid); b.u32(ds.tid); }
    if (t & PERF_SAMPLE_TIME) b.u64(ds.time);
    if (t & PERF_SAMPLE_ID) b.u64(ds.id);
    if (t & PERF_SAMPLE_STREAM_ID) b.u64(ds.stream_id);
    if (t & PERF_SAMPLE_CPU) { b.u32(ds.cpu); b.u32(ds.cpu_res); }
    if (t & PERF_SAMPLE_IDENTIFIER) b.u64(ds.id);
  }
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  return std::move(b.bytes());
}

// perf's mark_dso_hit for a map met in the callchain: the sample's cpumode with the map's
// kernel/user mode, where perf tests for guest modes with GUEST_KERNEL|GUEST_USER as a bit
// mask, so a kernel-mode sample's maps come out as guest ones (misc 4 or 5), as in perf 7.2.
uint16_t callchain_misc(uint16_t cpumode, bool kernel_map) {
  constexpr uint16_t kGuestMask = PERF_RECORD_MISC_GUEST_KERNEL | PERF_RECORD_MISC_GUEST_USER;
  uint16_t misc = cpumode & PERF_RECORD_MISC_HYPERVISOR;
  if (cpumode & kGuestMask)
    return misc | (kernel_map ? PERF_RECORD_MISC_GUEST_KERNEL : PERF_RECORD_MISC_GUEST_USER);
  return misc | (kernel_map ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER);
}

// For -B: follows the maps in time order and notes, for each sample, the build-id MMAP2s of
// the maps it (its ip, then its callchain) is the first to hit.

}  // namespace

void MapHitCollector::record(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  if (rec.decompressed) return;  // perf 7.2 passes COMPRESSED records on unread
  if (rec.type != PERF_RECORD_SAMPLE) {
    SideBand sb;
    if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
    apply_side_band(machine_, rec, sb);
    if (rec.type == PERF_RECORD_FORK) inherit_hits(sb.ptid, sb.tid);
    return;
  }
  if (ev.attr_index < 0) return;
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  DecodedSample ds;
  if (!decode_sample(rec.bytes, s.swapped(), attr, ds).empty()) return;
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  std::vector<std::vector<std::byte>> out;
  const uint8_t cpumode = rec.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  hit(machine_.find_map(t, cpumode, ds.ip), cpumode, attr, ds, out);
  for_each_callchain_entry(ds.callchain, [&](uint64_t ip, uint8_t mode) {
    const Map* m = machine_.find_map(t, mode, ip);
    hit(m, callchain_misc(cpumode, m && m->dso && m->dso->kernel), attr, ds, out);
  });
  if (!out.empty()) results[{rec.offset, ds.time, ds.tid}].push_back(std::move(out));
}

void MapHitCollector::hit(const Map* m, uint16_t misc, const perf_event_attr& attr,
                          const DecodedSample& ds, std::vector<std::vector<std::byte>>& out) {
  if (!m || !m->dso || !hit_.insert(m).second) return;
  const std::vector<uint8_t>& id = build_id_of_(m->dso->long_name);
  if (!id.empty()) out.push_back(synthesized_mmap2(*m, id, misc, attr, ds));
}

// perf clones a parent's maps into a forked process with their flags, "hit" included.
void MapHitCollector::inherit_hits(int32_t parent_tid, int32_t child_tid) {
  const Thread* parent = machine_.find_thread(parent_tid);
  const Thread* child = machine_.find_thread(child_tid);
  if (!parent || !child || !parent->maps || !child->maps || parent->maps == child->maps) return;
  for (const auto& [start, pm] : parent->maps->maps()) {
    if (!hit_.count(&pm)) continue;
    if (const Map* cm = child->maps->find(start); cm && cm->start == pm.start) hit_.insert(cm);
  }
}

}  // namespace cperf
