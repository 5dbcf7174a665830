// Rewriting of deferred-callchain data for `cperf inject --merge-callchains`: the pieces that
// turn a perf 7.x deferred recording into one that tools predating deferral can read.
//
// All functions work on bytes in the file's byte order (`swap` = file is foreign-endian) and
// never keep references to their inputs.
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/byte_reader.h"
#include "linux/perf_event.h"

namespace cperf {

// `sample` is a whole PERF_RECORD_SAMPLE whose callchain ends in PERF_CONTEXT_USER_DEFERRED +
// cookie. Writes to `out` the same record with that two-entry tail replaced by
// PERF_CONTEXT_USER followed by `user_ips` (when user_ips is non-null and non-empty), or simply
// removed (the kernel part stays). Returns false, leaving `out` untouched, if the sample does
// not decode, has no such tail, or the result would not fit a record.
bool rewrite_deferred_chain(Bytes sample, bool swap, const perf_event_attr& attr,
                            const std::vector<uint64_t>* user_ips, std::vector<std::byte>& out);

// The attr with defer_callchain and defer_output cleared.
perf_event_attr clear_defer_bits(const perf_event_attr& attr);

// A HEADER_EVENT_DESC payload with the defer bits cleared in every attr and the attr size
// shrunk to the smallest published size that holds the fields in use. Returns an empty
// vector if the payload does not parse.
std::vector<std::byte> rewrite_event_desc(Bytes payload, bool swap);

}  // namespace cperf
