// A record of a file in the other byte order, as perf's dump shows its bytes: perf swaps each
// record in place before printing it, field by field for the kinds it knows (u32 pairs as
// u32s, strings untouched, everything else as u64 words), only the header for the rest.
#pragma once
#include <cstddef>
#include <vector>

#include "io/perf_data_reader.h"

namespace cperf {

// sample_id_all: the records carry the sample_id trailer (swapped as u64 words).
std::vector<std::byte> perf_swapped_image(const RawRecord& rec, bool sample_id_all);

}  // namespace cperf
