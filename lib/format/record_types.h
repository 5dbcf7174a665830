// Record type numbers beyond the kernel's (perf's own "user" records, 64+) and record names.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>

#include "linux/perf_event.h"

namespace cperf {

// perf's synthesized records; they never come from the kernel.
enum UserRecordType : uint32_t {
  PERF_RECORD_USER_TYPE_START = 64,
  PERF_RECORD_HEADER_ATTR = 64,
  PERF_RECORD_HEADER_EVENT_TYPE = 65, /* obsolete */
  PERF_RECORD_HEADER_TRACING_DATA = 66,
  PERF_RECORD_HEADER_BUILD_ID = 67,
  PERF_RECORD_FINISHED_ROUND = 68,
  PERF_RECORD_ID_INDEX = 69,
  PERF_RECORD_AUXTRACE_INFO = 70,
  PERF_RECORD_AUXTRACE = 71,
  PERF_RECORD_AUXTRACE_ERROR = 72,
  PERF_RECORD_THREAD_MAP = 73,
  PERF_RECORD_CPU_MAP = 74,
  PERF_RECORD_STAT_CONFIG = 75,
  PERF_RECORD_STAT = 76,
  PERF_RECORD_STAT_ROUND = 77,
  PERF_RECORD_EVENT_UPDATE = 78,
  PERF_RECORD_TIME_CONV = 79,
  PERF_RECORD_HEADER_FEATURE = 80,
  PERF_RECORD_COMPRESSED = 81,
  PERF_RECORD_FINISHED_INIT = 82,
  PERF_RECORD_COMPRESSED2 = 83,
  PERF_RECORD_BPF_METADATA = 84,
  PERF_RECORD_SCHEDSTAT_CPU = 85,
  PERF_RECORD_SCHEDSTAT_DOMAIN = 86,
  PERF_RECORD_HEADER_MAX,
};

// perf's name for a record type ("MMAP2", "CALLCHAIN_DEFERRED", "FINISHED_ROUND"), or nullptr.
const char* record_type_name(uint32_t type);
// "PERF_RECORD_<name>" or "record type N" for error messages.
std::string record_type_label(uint32_t type);

// The smallest size a record of this type can have (the fixed part of its layout, plus one
// byte of its name for records ending in a string), as perf checks it before processing;
// 0 when perf sets no minimum (SAMPLE, FINISHED_ROUND, ...).
uint32_t record_min_size(uint32_t type);

}  // namespace cperf
