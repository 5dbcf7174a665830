#include "inject/chain_rewrite.h"

#include <algorithm>
#include <cstring>

#include "format/file_header.h"
#include "record/sample.h"
#include "writer/byte_buffer.h"
#include "writer/perf_data_writer.h"

namespace cperf {

namespace {

void put_u64(std::vector<std::byte>& out, uint64_t v, bool swap) {
  if (swap) v = bswap64(v);
  size_t at = out.size();
  out.resize(at + 8);
  std::memcpy(out.data() + at, &v, 8);
}

}  // namespace

bool rewrite_deferred_chain(Bytes sample, bool swap, const perf_event_attr& attr,
                            const std::vector<uint64_t>* user_ips, std::vector<std::byte>& out) {
  DecodedSample ds;
  if (!decode_sample(sample, swap, attr, ds).empty() || !ds.deferred_callchain) return false;
  size_t n = ds.callchain.size();
  size_t keep = n - 2;  // drop the USER_DEFERRED marker and the cookie
  size_t add = (user_ips && !user_ips->empty()) ? 1 + user_ips->size() : 0;
  size_t new_size = sample.size() - 16 + add * 8;
  if (new_size > 0xffff) return false;
  size_t prefix = static_cast<size_t>(ds.callchain.data() - 8 - sample.data());
  size_t suffix_at = prefix + 8 + n * 8;
  std::vector<std::byte> v;
  v.reserve(new_size);
  v.insert(v.end(), sample.begin(), sample.begin() + static_cast<ptrdiff_t>(prefix));
  put_u64(v, keep + add, swap);
  v.insert(v.end(), ds.callchain.data(), ds.callchain.data() + keep * 8);
  if (add) {
    put_u64(v, PERF_CONTEXT_USER, swap);
    for (uint64_t ip : *user_ips) put_u64(v, ip, swap);
  }
  v.insert(v.end(), sample.begin() + static_cast<ptrdiff_t>(suffix_at), sample.end());
  uint16_t sz = static_cast<uint16_t>(v.size());
  if (swap) sz = bswap16(sz);
  std::memcpy(v.data() + 6, &sz, 2);
  out = std::move(v);
  return true;
}

perf_event_attr clear_defer_bits(const perf_event_attr& attr) {
  perf_event_attr a = attr;
  a.defer_callchain = 0;
  a.defer_output = 0;
  return a;
}

std::vector<std::byte> rewrite_event_desc(Bytes payload, bool swap) {
  if (swap) return {};  // the writer only produces host-endian files
  struct Entry {
    perf_event_attr attr{};
    std::vector<std::byte> rest;  // nr_ids, name string, ids: copied as they are
  };
  ByteReader r(payload, swap);
  uint32_t nr = r.u32(), sz = r.u32();
  if (!r.ok() || sz < PERF_ATTR_SIZE_VER0 || nr > payload.size() / sz) return {};
  std::vector<Entry> entries(nr);
  uint32_t new_size = PERF_ATTR_SIZE_VER0;
  for (Entry& e : entries) {
    if (!read_attr(r, sz, e.attr)) return {};
    e.attr = clear_defer_bits(e.attr);
    new_size = std::max(new_size, minimal_attr_size(e.attr));
    size_t start = r.pos();
    uint32_t nr_ids = r.u32();
    uint32_t len = r.u32();
    r.skip(len);
    r.skip(uint64_t{nr_ids} * 8);
    if (!r.ok()) return {};
    e.rest.assign(payload.begin() + static_cast<ptrdiff_t>(start),
                  payload.begin() + static_cast<ptrdiff_t>(r.pos()));
  }
  ByteBuffer b;
  b.u32(nr);
  b.u32(new_size);
  for (Entry& e : entries) {
    e.attr.size = new_size;
    b.raw(&e.attr, std::min<size_t>(new_size, sizeof e.attr));
    if (new_size > sizeof e.attr) b.zeros(new_size - sizeof e.attr);
    b.raw(e.rest.data(), e.rest.size());
  }
  return std::move(b.bytes());
}

}  // namespace cperf
