// The counts of a `perf stat record` file as perf script prints them: THREAD_MAP, CPU_MAP and
// STAT_CONFIG set the maps and the mode, STAT records store raw counts per (cpu index, thread
// index), and each STAT_ROUND prints every event's counts, after perf's processing (interval
// deltas, then scaling by enabled/running time, both in place, as perf does).
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "base/byte_reader.h"

namespace cperf {

class StatCounts {
 public:
  explicit StatCounts(std::FILE* out) : out_(out) {}

  // r is positioned after the record header. The first THREAD_MAP and CPU_MAP are kept (perf
  // ignores later ones).
  // The first map counts; false for a later one (perf ignores it, with a warning).
  bool thread_map(ByteReader& r);
  bool cpu_map(ByteReader& r);
  void config(ByteReader& r);
  // attr_index: the event the record's id names.
  void stat(ByteReader& r, int attr_index);
  // Prints the counts of every event (names by attr index) at the round's time.
  void round(ByteReader& r, const std::vector<std::string>& names);

 private:
  struct Values {
    uint64_t val = 0, ena = 0, run = 0;
  };
  using Key = std::pair<int, std::pair<size_t, size_t>>;  // attr index, (cpu idx, thread idx)
  void process(Values& count, Values& prev) const;

  std::FILE* out_;
  std::vector<int> cpus_;
  std::vector<int64_t> threads_;  // pids
  bool have_cpus_ = false, have_threads_ = false;
  uint64_t interval_ = 0;
  bool scale_ = false;
  std::map<Key, Values> counts_, prev_;
  bool header_printed_ = false;
};

}  // namespace cperf
