// Rewriting the callchain of a PERF_RECORD_SAMPLE in place of its bytes: used to stitch deferred
// user callchains onto their samples (the session merger, inject --merge-callchains).
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "base/byte_reader.h"
#include "linux/perf_event.h"

namespace cperf {

// Writes to `out` a copy of `sample` whose callchain has its last `drop` entries replaced by
// `tail`, with nr and header.size fixed (in the file's byte order). Returns false if the sample
// cannot be decoded, has fewer than `drop` entries, or would outgrow a record (then `out` is
// untouched). `out` is written in place, so it must not hold the bytes of `sample`.
bool replace_callchain_tail(Bytes sample, bool swap, const perf_event_attr& attr, size_t drop,
                            const std::vector<uint64_t>& tail, std::vector<std::byte>& out);

}  // namespace cperf
