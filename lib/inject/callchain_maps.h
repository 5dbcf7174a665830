// The callchain entries inject looks up maps for (-b and -B): perf's walk of a sample's
// callchain, at most PERF_MAX_STACK_DEPTH entries, each in the cpumode of the context marker
// before it (user until a marker says otherwise).
#pragma once
#include <cstddef>
#include <cstdint>

#include "linux/perf_event.h"

namespace cperf {

// Calls fn(ip, cpumode) for each entry of `chain` (a sample's callchain: size() and
// operator[]) that is not a context marker.
template <typename Chain, typename Fn>
void for_each_callchain_entry(const Chain& chain, Fn&& fn) {
  constexpr size_t kMaxStackDepth = 127;  // perf's PERF_MAX_STACK_DEPTH
  uint8_t mode = PERF_RECORD_MISC_USER;
  for (size_t i = 0; i < chain.size() && i < kMaxStackDepth; ++i) {
    uint64_t ip = chain[i];
    if (ip >= PERF_CONTEXT_MAX) {
      if (ip == PERF_CONTEXT_KERNEL) mode = PERF_RECORD_MISC_KERNEL;
      else if (ip == PERF_CONTEXT_USER) mode = PERF_RECORD_MISC_USER;
      continue;
    }
    fn(ip, mode);
  }
}

}  // namespace cperf
