#include "inject/chain_rewrite.h"

#include <algorithm>
#include <cstring>

#include "format/file_header.h"
#include "record/callchain_rewrite.h"
#include "record/sample.h"
#include "writer/byte_buffer.h"
#include "writer/perf_data_writer.h"

namespace cperf {

bool rewrite_deferred_chain(Bytes sample, bool swap, const perf_event_attr& attr,
                            const std::vector<uint64_t>* user_ips, std::vector<std::byte>& out) {
  DecodedSample ds;
  if (!decode_sample(sample, swap, attr, ds).empty() || !ds.deferred_callchain) return false;
  // The marker and cookie give way to an ordinary user part, or to nothing if none arrived.
  std::vector<uint64_t> tail;
  if (user_ips && !user_ips->empty()) {
    tail.push_back(PERF_CONTEXT_USER);
    tail.insert(tail.end(), user_ips->begin(), user_ips->end());
  }
  return replace_callchain_tail(sample, swap, attr, 2, tail, out);
}

perf_event_attr clear_defer_bits(const perf_event_attr& attr) {
  perf_event_attr a = attr;
  a.defer_callchain = 0;
  a.defer_output = 0;
  return a;
}

perf_event_attr drop_dwarf_bits(const perf_event_attr& attr) {
  perf_event_attr a = attr;
  a.sample_type &= ~static_cast<uint64_t>(PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER);
  a.sample_regs_user = 0;
  a.sample_stack_user = 0;
  a.exclude_callchain_user = 0;
  return a;
}

bool convert_dwarf_sample(Bytes sample, bool swap, const perf_event_attr& attr,
                          const std::vector<uint64_t>& user_ips, std::vector<std::byte>& out) {
  DecodedSample ds;
  if (!(attr.sample_type & PERF_SAMPLE_CALLCHAIN)) return false;
  if (!decode_sample(sample, swap, attr, ds).empty()) return false;
  // The kernel part stays; whatever user part there was gives way to the unwound one.
  size_t keep = 0;
  while (keep < ds.callchain.size() && ds.callchain[keep] != PERF_CONTEXT_USER) ++keep;
  std::vector<uint64_t> tail{PERF_CONTEXT_USER};
  tail.insert(tail.end(), user_ips.begin(), user_ips.end());
  std::vector<std::byte> chained;
  if (!replace_callchain_tail(sample, swap, attr, ds.callchain.size() - keep, tail, chained))
    return false;
  // The same sample again, now to cut out the registers and the stack copy.
  DecodedSample again;
  if (!decode_sample(Bytes(chained.data(), chained.size()), swap, attr, again).empty()) return false;
  const size_t cut = again.user_dwarf_end - again.user_dwarf_begin;
  out.assign(chained.begin(), chained.begin() + static_cast<ptrdiff_t>(again.user_dwarf_begin));
  out.insert(out.end(), chained.begin() + static_cast<ptrdiff_t>(again.user_dwarf_end), chained.end());
  uint16_t size = static_cast<uint16_t>(chained.size() - cut);
  if (swap) size = bswap16(size);
  std::memcpy(out.data() + 6, &size, 2);
  return true;
}

std::vector<std::byte> rewrite_event_desc(Bytes payload, bool swap,
                                          perf_event_attr (*change)(const perf_event_attr&)) {
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
    e.attr = change(e.attr);
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
