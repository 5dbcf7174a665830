// report -T's table (perf's perf_read_values): the counter values of PERF_RECORD_READ records
// (written at thread exit by `record -s`), summed per thread and event, threads and events in
// the order they first appear.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

namespace cperf {

class ReadValues {
 public:
  void add(int32_t pid, int32_t tid, int event, uint64_t value);
  // "# PID  TID  <event>..." and a row per thread, each column as wide as its widest value
  // (at least its heading). event_names: by the event index given to add().
  void print(std::FILE* out, const std::vector<std::string>& event_names) const;

 private:
  struct Thread {
    int32_t pid, tid;
    std::vector<uint64_t> values;  // by column
  };
  std::vector<Thread> threads_;
  std::vector<int> events_;  // column -> event index
};

}  // namespace cperf
