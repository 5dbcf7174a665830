#include "inject/itrace_order.h"

#include <algorithm>

#include "format/record_types.h"

namespace cperf {

uint64_t itrace_data_offset(uint64_t input_data_offset) {
  return (8192 + input_data_offset + 4095) / 4096 * 4096;
}

bool ItraceOrder::drops(uint32_t type) const {
  switch (type) {
    case PERF_RECORD_ID_INDEX:
    case PERF_RECORD_AUXTRACE_INFO:
    case PERF_RECORD_AUXTRACE:
    case PERF_RECORD_AUX:
    case PERF_RECORD_ITRACE_START:
    case PERF_RECORD_AUX_OUTPUT_HW_ID:
      return true;
    case PERF_RECORD_SAMPLE:
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE:
      return strip_;
    default:
      return false;
  }
}

bool ItraceOrder::takes(const RawRecord& rec, uint64_t time) const {
  return ordered_ && rec.type < PERF_RECORD_USER_TYPE_START && time != 0 && time != ~uint64_t{0};
}

bool ItraceOrder::queue(const RawRecord& rec, uint64_t time) {
  if (!takes(rec, time)) return false;
  queued_.push_back({time, std::vector<std::byte>(rec.bytes.begin(), rec.bytes.end())});
  return true;
}

std::vector<std::vector<std::byte>> ItraceOrder::take_sorted() {
  std::stable_sort(queued_.begin(), queued_.end(), [](const Queued& a, const Queued& b) { return a.time < b.time; });
  std::vector<std::vector<std::byte>> out;
  out.reserve(queued_.size());
  for (Queued& q : queued_) out.push_back(std::move(q.bytes));
  queued_.clear();
  return out;
}

}  // namespace cperf
