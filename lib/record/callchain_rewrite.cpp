#include "record/callchain_rewrite.h"

#include <cstring>

#include "record/sample.h"

namespace cperf {

bool replace_callchain_tail(Bytes sample, bool swap, const perf_event_attr& attr, size_t drop,
                            const std::vector<uint64_t>& tail, std::vector<std::byte>& out) {
  if (!(attr.sample_type & PERF_SAMPLE_CALLCHAIN)) return false;
  DecodedSample ds;
  if (!decode_sample(sample, swap, attr, ds).empty() || ds.callchain.size() < drop) return false;
  const size_t n = ds.callchain.size(), keep = n - drop;
  const size_t new_size = sample.size() - drop * 8 + tail.size() * 8;
  if (new_size > 0xffff) return false;
  const size_t prefix = static_cast<size_t>(ds.callchain.data() - 8 - sample.data());  // nr
  const size_t suffix_at = prefix + 8 + n * 8;
  // Written in place into `out` (its capacity is reused by callers that merge many samples).
  out.resize(new_size);
  std::byte* p = out.data();
  std::memcpy(p, sample.data(), prefix);
  p += prefix;
  uint64_t nr = keep + tail.size();
  if (swap) nr = bswap64(nr);
  std::memcpy(p, &nr, 8);
  p += 8;
  if (keep) std::memcpy(p, ds.callchain.data(), keep * 8);  // an empty chain's data() may be null
  p += keep * 8;
  if (swap) {
    for (uint64_t ip : tail) {
      ip = bswap64(ip);
      std::memcpy(p, &ip, 8);
      p += 8;
    }
  } else {
    if (!tail.empty()) std::memcpy(p, tail.data(), tail.size() * 8);
    p += tail.size() * 8;
  }
  std::memcpy(p, sample.data() + suffix_at, sample.size() - suffix_at);
  uint16_t size = static_cast<uint16_t>(new_size);
  if (swap) size = bswap16(size);
  std::memcpy(out.data() + 6, &size, 2);
  return true;
}

}  // namespace cperf
