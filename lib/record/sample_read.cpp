#include "record/sample_read.h"

#include "base/byte_reader.h"

namespace cperf {

std::vector<ReadSample> SampleReadSplitter::split(const DecodedSample& ds, const perf_event_attr& attr,
                                                  bool swap, const std::function<int(uint64_t)>& id_to_attr) {
  std::vector<ReadSample> out;
  uint64_t fmt = attr.read_format;
  bool per_thread = attr.inherit && (attr.sample_type & PERF_SAMPLE_TID);
  int64_t thread = per_thread ? static_cast<int64_t>(ds.tid) : -1;
  auto take = [&](uint64_t value, uint64_t id) {
    int index = id_to_attr(id);
    if (index < 0) return;
    uint64_t& last = last_[{id, thread}];
    uint64_t period = value - last;
    last = value;
    if (period) out.push_back({index, period});
  };
  if (!(fmt & PERF_FORMAT_ID)) return out;  // without ids perf cannot tell the events apart
  if (fmt & PERF_FORMAT_GROUP) {
    ByteReader r(ds.read.values, swap);
    for (uint64_t i = 0; i < ds.read.nr && r.ok(); ++i) {
      uint64_t value = r.u64(), id = r.u64();
      if (fmt & PERF_FORMAT_LOST) r.u64();
      if (r.ok()) take(value, id);
    }
  } else {
    take(ds.read.value, ds.read.id);
  }
  return out;
}

}  // namespace cperf
