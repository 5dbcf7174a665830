// The parameters `report -D` prints after "PERF_RECORD_AUXTRACE_INFO type: N" for the AUX area
// tracers whose info cperf knows (Intel PT). The trace itself is not decoded.
#pragma once
#include <cstdint>
#include <cstdio>

#include "base/byte_reader.h"

namespace cperf {

// r is positioned at priv[0]; record_size is the record's header.size. Prints nothing for a
// type other than Intel PT (1) or a record too short for its fixed part.
void print_auxtrace_info(std::FILE* out, ByteReader& r, uint32_t type, size_t record_size);

}  // namespace cperf
