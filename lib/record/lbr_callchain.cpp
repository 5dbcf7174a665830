#include "record/lbr_callchain.h"

#include <algorithm>
#include <cstddef>

namespace cperf {

bool has_lbr_callstack(const perf_event_attr& attr) {
  return (attr.sample_type & PERF_SAMPLE_BRANCH_STACK) &&
         (attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK);
}

namespace {

// The cpumode a context marker switches to; false for a marker perf does not know.
bool marker_mode(uint64_t marker, uint8_t& mode) {
  switch (marker) {
    case PERF_CONTEXT_HV: mode = PERF_RECORD_MISC_HYPERVISOR; return true;
    case PERF_CONTEXT_KERNEL: mode = PERF_RECORD_MISC_KERNEL; return true;
    case PERF_CONTEXT_USER:
    case PERF_CONTEXT_USER_DEFERRED: mode = PERF_RECORD_MISC_USER; return true;
    default: return false;
  }
}

// chain[0..user_at], forwards or backwards, each marker setting the mode of the ips after it
// (mode starts as user, as perf's does). False on an unknown marker.
bool add_kernel_part(const U64Array& chain, size_t user_at, bool backwards,
                     std::vector<LbrFrame>& out) {
  uint8_t mode = PERF_RECORD_MISC_USER;
  for (size_t n = 0; n <= user_at; ++n) {
    uint64_t ip = chain[backwards ? user_at - n : n];
    if (ip >= PERF_CONTEXT_MAX) {
      if (!marker_mode(ip, mode)) return false;
      continue;
    }
    out.push_back({ip, mode});
  }
  return true;
}

}  // namespace

size_t find_user_context(const U64Array& chain, size_t limit) {
  limit = std::min(limit, chain.size());
  size_t i = 0;
  while (i < limit && chain[i] != PERF_CONTEXT_USER) ++i;
  return i;
}

bool lbr_callchain(const U64Array& chain, uint64_t ip, const U64Array& branches, int max_stack,
                   bool caller_order, std::vector<LbrFrame>& out) {
  out.clear();
  size_t limit = max_stack > 0 ? std::min(chain.size(), static_cast<size_t>(max_stack)) : 0;
  size_t user_at = find_user_context(chain, limit);
  if (user_at == limit) return false;

  const size_t nr = branches.size() / 3;
  auto from = [&](size_t k) { return LbrFrame{branches[3 * k], PERF_RECORD_MISC_USER}; };
  bool ok = true;
  if (!caller_order) {
    ok = add_kernel_part(chain, user_at, false, out);
    out.push_back({ip, PERF_RECORD_MISC_USER});
    for (size_t k = 0; k < nr; ++k) out.push_back(from(k));
  } else {
    for (size_t k = nr; k-- > 0;) out.push_back(from(k));
    if (nr > 0) out.push_back({ip, PERF_RECORD_MISC_USER});
    ok = add_kernel_part(chain, user_at, true, out);
  }
  if (!ok) out.clear();
  return ok;
}

}  // namespace cperf
