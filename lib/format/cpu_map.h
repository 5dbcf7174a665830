// CPU maps as perf stores them in records (PERF_RECORD_CPU_MAP, EVENT_UPDATE's cpus): the
// three encodings of perf_record_cpu_map_data, and the "0-3,5" text perf prints for a map.
#pragma once
#include <string>
#include <vector>

#include "base/byte_reader.h"

namespace cperf {

// Reads one perf_record_cpu_map_data at r's position (packed: u16 type, then
//   0 CPUS:  u16 nr, u16 cpu[nr]                       0xffff is "any cpu" (-1)
//   1 MASK:  u16 nr, u16 long_size (4 or 8), words     8-byte words follow 4 pad bytes
//   2 RANGE: u8 any_cpu, u8 pad, u16 start, u16 end    perf 6.2+; any_cpu puts -1 first)
// into cpus, in the record's order (a list is not sorted). False for an unknown type or a
// record too short for its counts.
bool read_cpu_map(ByteReader& r, std::vector<int>& cpus);

// perf's text of a map: runs of values that grow by one become "a-b", joined by commas, in the
// map's order ("-1,2-5", "0-383").
std::string format_cpu_list(const std::vector<int>& cpus);

}  // namespace cperf
