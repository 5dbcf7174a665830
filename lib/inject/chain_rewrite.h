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

// inject --convert-callchain: the attr of a --call-graph dwarf event as it is once its samples
// carry their user frames in the callchain: no REGS_USER/STACK_USER, user callchains allowed.
perf_event_attr drop_dwarf_bits(const perf_event_attr& attr);

// `sample` (a DWARF sample of `attr`) with its callchain's kernel part followed by
// PERF_CONTEXT_USER and `user_ips` (perf 7.2 adds the marker even without frames), and without
// its REGS_USER and STACK_USER fields. Returns false, leaving `out` untouched, if the sample
// does not decode or the result would not fit a record.
bool convert_dwarf_sample(Bytes sample, bool swap, const perf_event_attr& attr,
                          const std::vector<uint64_t>& user_ips, std::vector<std::byte>& out);

// A HEADER_EVENT_DESC payload with `change` applied to every attr (clear_defer_bits by default)
// and the attr size shrunk to the smallest published size that holds the fields in use.
// Returns an empty vector if the payload does not parse.
std::vector<std::byte> rewrite_event_desc(Bytes payload, bool swap,
                                          perf_event_attr (*change)(const perf_event_attr&) = clear_defer_bits);

}  // namespace cperf
