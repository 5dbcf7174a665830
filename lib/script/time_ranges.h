// TimeRanges: perf script's --time filter. Either one absolute "start,stop" span (seconds with up
// to 9 decimals, either side may be empty) or percent slices of the file's sample time span
// (HEADER_SAMPLE_TIME): "10%/2" (the 2nd 10% slice), "0%-10%,30%-40%" (ranges), "25%" (= 25%/1).
// Like perf, a sample with time 0 is never dropped.
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cperf {

class PerfDataReader;

// HEADER_SAMPLE_TIME: the file's first and last sample times (0, 0 when absent).
std::pair<uint64_t, uint64_t> sample_time_span(const PerfDataReader& reader);

class TimeRanges {
 public:
  enum class ParseResult { kOk, kInvalid, kNoSampleTime };
  // first/last: the file's first and last sample times (0, 0 when unknown).
  ParseResult parse(const std::string& spec, uint64_t first, uint64_t last);
  bool empty() const { return ranges_.empty(); }
  bool skip(uint64_t time) const;

 private:
  std::vector<std::pair<uint64_t, uint64_t>> ranges_;  // [start, end], 0 = open
};

}  // namespace cperf
