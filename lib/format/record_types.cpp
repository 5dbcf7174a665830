#include "format/record_types.h"

#include <string>

namespace cperf {

const char* record_type_name(uint32_t type) {
  switch (type) {
    case 0: return "TOTAL";
    case PERF_RECORD_MMAP: return "MMAP";
    case PERF_RECORD_LOST: return "LOST";
    case PERF_RECORD_COMM: return "COMM";
    case PERF_RECORD_EXIT: return "EXIT";
    case PERF_RECORD_THROTTLE: return "THROTTLE";
    case PERF_RECORD_UNTHROTTLE: return "UNTHROTTLE";
    case PERF_RECORD_FORK: return "FORK";
    case PERF_RECORD_READ: return "READ";
    case PERF_RECORD_SAMPLE: return "SAMPLE";
    case PERF_RECORD_MMAP2: return "MMAP2";
    case PERF_RECORD_AUX: return "AUX";
    case PERF_RECORD_ITRACE_START: return "ITRACE_START";
    case PERF_RECORD_LOST_SAMPLES: return "LOST_SAMPLES";
    case PERF_RECORD_SWITCH: return "SWITCH";
    case PERF_RECORD_SWITCH_CPU_WIDE: return "SWITCH_CPU_WIDE";
    case PERF_RECORD_NAMESPACES: return "NAMESPACES";
    case PERF_RECORD_KSYMBOL: return "KSYMBOL";
    case PERF_RECORD_BPF_EVENT: return "BPF_EVENT";
    case PERF_RECORD_CGROUP: return "CGROUP";
    case PERF_RECORD_TEXT_POKE: return "TEXT_POKE";
    case PERF_RECORD_AUX_OUTPUT_HW_ID: return "AUX_OUTPUT_HW_ID";
    case PERF_RECORD_CALLCHAIN_DEFERRED: return "CALLCHAIN_DEFERRED";
    case PERF_RECORD_HEADER_ATTR: return "ATTR";
    case PERF_RECORD_HEADER_EVENT_TYPE: return "EVENT_TYPE";
    case PERF_RECORD_HEADER_TRACING_DATA: return "TRACING_DATA";
    case PERF_RECORD_HEADER_BUILD_ID: return "BUILD_ID";
    case PERF_RECORD_FINISHED_ROUND: return "FINISHED_ROUND";
    case PERF_RECORD_ID_INDEX: return "ID_INDEX";
    case PERF_RECORD_AUXTRACE_INFO: return "AUXTRACE_INFO";
    case PERF_RECORD_AUXTRACE: return "AUXTRACE";
    case PERF_RECORD_AUXTRACE_ERROR: return "AUXTRACE_ERROR";
    case PERF_RECORD_THREAD_MAP: return "THREAD_MAP";
    case PERF_RECORD_CPU_MAP: return "CPU_MAP";
    case PERF_RECORD_STAT_CONFIG: return "STAT_CONFIG";
    case PERF_RECORD_STAT: return "STAT";
    case PERF_RECORD_STAT_ROUND: return "STAT_ROUND";
    case PERF_RECORD_EVENT_UPDATE: return "EVENT_UPDATE";
    case PERF_RECORD_TIME_CONV: return "TIME_CONV";
    case PERF_RECORD_HEADER_FEATURE: return "FEATURE";
    case PERF_RECORD_COMPRESSED: return "COMPRESSED";
    case PERF_RECORD_FINISHED_INIT: return "FINISHED_INIT";
    case PERF_RECORD_COMPRESSED2: return "COMPRESSED2";
    case PERF_RECORD_BPF_METADATA: return "BPF_METADATA";
    case PERF_RECORD_SCHEDSTAT_CPU: return "SCHEDSTAT_CPU";
    case PERF_RECORD_SCHEDSTAT_DOMAIN: return "SCHEDSTAT_DOMAIN";
    default: return nullptr;
  }
}

std::string record_type_label(uint32_t type) {
  if (const char* n = record_type_name(type); n && type != 0) return std::string("PERF_RECORD_") + n;
  return "record type " + std::to_string(type);
}

uint32_t record_min_size(uint32_t type) {
  // Sizes from the record layouts (uapi/linux/perf_event.h and perf's own records): an
  // 8-byte header, then the fixed fields; "+ 1" where a name string follows.
  switch (type) {
    case PERF_RECORD_MMAP: return 8 + 8 + 24 + 1;                 // pid tid addr len pgoff name
    case PERF_RECORD_LOST: return 8 + 16;                          // id lost
    case PERF_RECORD_COMM: return 8 + 8 + 1;                       // pid tid comm
    case PERF_RECORD_EXIT:
    case PERF_RECORD_FORK: return 8 + 16 + 8;                      // pid ppid tid ptid time
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE: return 8 + 24;                    // time id stream_id
    case PERF_RECORD_READ: return 8 + 8 + 8;                       // pid tid value
    case PERF_RECORD_MMAP2: return 8 + 8 + 24 + 8 + 8 + 8 + 8 + 1;  // ... maj min ino gen prot flags name
    case PERF_RECORD_AUX: return 8 + 24;                           // offset size flags
    case PERF_RECORD_ITRACE_START: return 8 + 8;                   // pid tid
    case PERF_RECORD_LOST_SAMPLES: return 8 + 8;                   // lost
    case PERF_RECORD_SWITCH: return 8;
    case PERF_RECORD_SWITCH_CPU_WIDE: return 8 + 8;                // next_prev pid tid
    case PERF_RECORD_NAMESPACES: return 8 + 8 + 8;                 // pid tid nr
    case PERF_RECORD_KSYMBOL: return 8 + 16 + 1;                   // addr len type flags name
    case PERF_RECORD_BPF_EVENT: return 8 + 16;                     // type flags id tag
    case PERF_RECORD_CGROUP: return 8 + 8 + 1;                     // id path
    case PERF_RECORD_TEXT_POKE: return 8 + 16;                     // addr old_len new_len (padded)
    case PERF_RECORD_AUX_OUTPUT_HW_ID: return 8 + 8;               // hw_id
    case PERF_RECORD_CALLCHAIN_DEFERRED: return 8 + 8;             // cookie
    case PERF_RECORD_HEADER_ATTR: return 8 + 64;                   // the first attr layout
    case PERF_RECORD_HEADER_EVENT_TYPE: return 8 + 8 + 64;         // id name[64]
    case PERF_RECORD_HEADER_TRACING_DATA: return 8 + 4;            // size (old files lack the pad)
    case PERF_RECORD_HEADER_BUILD_ID: return 8 + 4 + 24;           // pid build_id[24]
    case PERF_RECORD_ID_INDEX: return 8 + 8;                       // nr
    case PERF_RECORD_AUXTRACE_INFO: return 8 + 8;                  // type reserved
    case PERF_RECORD_AUXTRACE: return 8 + 24 + 16;                 // size offset ref idx tid cpu
    case PERF_RECORD_AUXTRACE_ERROR: return 8 + 24 + 16 + 1;       // type code cpu pid tid fmt ip time msg
    case PERF_RECORD_THREAD_MAP: return 8 + 8;                     // nr
    case PERF_RECORD_CPU_MAP: return 8 + 2 + 6;                    // type, the smallest (range) form
    case PERF_RECORD_STAT_CONFIG: return 8 + 8;                    // nr
    case PERF_RECORD_STAT: return 8 + 8 + 8 + 24;                  // id cpu thread values
    case PERF_RECORD_STAT_ROUND: return 8 + 16;                    // type time
    case PERF_RECORD_EVENT_UPDATE: return 8 + 16;                  // type id
    case PERF_RECORD_TIME_CONV: return 8 + 24;                     // shift mult zero
    case PERF_RECORD_HEADER_FEATURE: return 8 + 8;                 // feat_id
    case PERF_RECORD_COMPRESSED2: return 8 + 8;                    // data_size
    default: return 0;
  }
}

}  // namespace cperf
