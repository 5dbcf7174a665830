// The callchain's context markers (PERF_CONTEXT_KERNEL, _USER, ...) as the cpumode the entries
// after them are in.
#pragma once
#include <cstdint>

#include "linux/perf_event.h"

namespace cperf {

// The cpumode a context marker switches to; false for a marker perf does not know (guest
// ones and PERF_CONTEXT_MAX among them).
inline bool context_marker_mode(uint64_t marker, uint8_t& mode) {
  switch (marker) {
    case PERF_CONTEXT_HV: mode = PERF_RECORD_MISC_HYPERVISOR; return true;
    case PERF_CONTEXT_KERNEL: mode = PERF_RECORD_MISC_KERNEL; return true;
    case PERF_CONTEXT_USER:
    case PERF_CONTEXT_USER_DEFERRED: mode = PERF_RECORD_MISC_USER; return true;
    default: return false;
  }
}

}  // namespace cperf
