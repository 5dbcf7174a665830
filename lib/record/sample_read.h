// SampleReadSplitter: samples of events recorded with the S modifier (PERF_SAMPLE_READ) carry
// counter values instead of a period. Like perf's deliver_sample_value/_group, each value with
// an id becomes one sample of the event that id belongs to, with the counter's growth since
// that counter's previous sample (per thread when the counters are inherited) as its period;
// values that did not grow give no sample.
#pragma once
#include <cstdint>
#include <functional>
#include <map>
#include <utility>
#include <vector>

#include "record/sample.h"

namespace cperf {

struct ReadSample {
  int attr_index = -1;
  uint64_t period = 0;
};

class SampleReadSplitter {
 public:
  // The samples `ds` stands for (its attr has PERF_SAMPLE_READ), in the values' order;
  // id_to_attr gives the attr index of a sample id (-1: unknown).
  std::vector<ReadSample> split(const DecodedSample& ds, const perf_event_attr& attr, bool swap,
                                const std::function<int(uint64_t)>& id_to_attr);

 private:
  std::map<std::pair<uint64_t, int64_t>, uint64_t> last_;  // (id, tid or -1) -> last value
};

}  // namespace cperf
