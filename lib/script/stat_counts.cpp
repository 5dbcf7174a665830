#include "script/stat_counts.h"

#include <cinttypes>

#include "format/cpu_map.h"

namespace cperf {

bool StatCounts::thread_map(ByteReader& r) {
  if (have_threads_) return false;
  uint64_t nr = r.u64();
  for (uint64_t i = 0; i < nr && r.remaining() >= 24; ++i) {
    threads_.push_back(static_cast<int64_t>(r.u64()));
    r.skip(16);  // comm
  }
  have_threads_ = true;
  return true;
}

bool StatCounts::cpu_map(ByteReader& r) {
  if (have_cpus_) return false;
  have_cpus_ = read_cpu_map(r, cpus_);
  return true;
}

void StatCounts::config(ByteReader& r) {
  uint64_t nr = r.u64();
  for (uint64_t i = 0; i < nr && r.remaining() >= 16; ++i) {
    uint64_t tag = r.u64(), val = r.u64();
    if (tag == 1) interval_ = val;
    else if (tag == 2) scale_ = val != 0;
  }
}

void StatCounts::stat(ByteReader& r, int attr_index) {
  uint64_t id = r.u64();
  (void)id;
  uint32_t cpu = r.u32(), thread = r.u32();
  Values v;
  v.val = r.u64();
  v.ena = r.u64();
  v.run = r.u64();
  if (!r.ok() || attr_index < 0) return;
  counts_[{attr_index, {cpu, thread}}] = v;
}

// In interval mode the count becomes the change since the last round (the previous raw values
// are the count as it was before this round's processing); then a count that ran part of the
// time it was enabled is scaled up, and one that never ran is zero.
void StatCounts::process(Values& count, Values& prev) const {
  if (interval_) {
    Values before = prev;
    prev = count;
    count.val -= before.val;
    count.ena -= before.ena;
    count.run -= before.run;
  }
  if (!scale_) return;
  if (count.run == 0) count.val = 0;
  else if (count.run < count.ena) {
    // perf's scaling; a product beyond 64 bits (only in a damaged file) saturates, as a
    // conversion out of range would be undefined.
    double scaled = static_cast<double>(count.val) * static_cast<double>(count.ena) / static_cast<double>(count.run);
    count.val = scaled >= 18446744073709551615.0 ? ~uint64_t{0} : static_cast<uint64_t>(scaled);
  }
}

void StatCounts::round(ByteReader& r, const std::vector<std::string>& names) {
  r.skip(8);  // type
  uint64_t time = r.u64();
  if (!have_cpus_ || !have_threads_) return;
  for (size_t e = 0; e < names.size(); ++e) {
    if (!header_printed_) {
      std::fprintf(out_, "%3s %8s %15s %15s %15s %15s %s\n", "CPU", "THREAD", "VAL", "ENA", "RUN",
                   "TIME", "EVENT");
      header_printed_ = true;
    }
    for (size_t t = 0; t < threads_.size(); ++t) {
      for (size_t c = 0; c < cpus_.size(); ++c) {
        Key k{static_cast<int>(e), {c, t}};
        Values& count = counts_[k];
        process(count, prev_[k]);
        std::fprintf(out_, "%3d %8d %15" PRIu64 " %15" PRIu64 " %15" PRIu64 " %15" PRIu64 " %s\n",
                     cpus_[c], static_cast<int>(threads_[t]), count.val, count.ena, count.run,
                     time, names[e].c_str());
      }
    }
  }
}

}  // namespace cperf
