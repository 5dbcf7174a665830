#include "record/callchain_rewrite.h"

#include <cstring>

#include "record/sample.h"

namespace cperf {

namespace {

void put_u64(std::vector<std::byte>& out, uint64_t v, bool swap) {
  if (swap) v = bswap64(v);
  size_t at = out.size();
  out.resize(at + 8);
  std::memcpy(out.data() + at, &v, 8);
}

}  // namespace

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
  std::vector<std::byte> v;
  v.reserve(new_size);
  v.insert(v.end(), sample.begin(), sample.begin() + static_cast<ptrdiff_t>(prefix));
  put_u64(v, keep + tail.size(), swap);
  v.insert(v.end(), ds.callchain.data(), ds.callchain.data() + keep * 8);
  for (uint64_t ip : tail) put_u64(v, ip, swap);
  v.insert(v.end(), sample.begin() + static_cast<ptrdiff_t>(suffix_at), sample.end());
  uint16_t size = static_cast<uint16_t>(v.size());
  if (swap) size = bswap16(size);
  std::memcpy(v.data() + 6, &size, 2);
  out = std::move(v);
  return true;
}

}  // namespace cperf
