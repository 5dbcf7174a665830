// Build ids for `cperf inject -b`: which DSOs the samples hit, and their build ids read from
// this machine (MMAP2 build ids first, then the files themselves, /sys notes for the kernel).
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "io/perf_data_reader.h"
#include "writer/features.h"

namespace cperf {

// Filenames already listed in a HEADER_BUILD_ID payload (a series of build-id records).
std::set<std::string> build_id_filenames(Bytes payload, bool swap);

// A HEADER_BUILD_ID payload without the core kernel's entry ([kernel.kallsyms]): what perf 7.2's
// --buildid-all keeps of a file's table, since it takes the kernel's map by its mmap name
// ([kernel.kallsyms]_text, no build id) and so never marks the kernel's dso hit.
std::vector<std::byte> without_core_kernel(Bytes payload, bool swap);

// Runs over the whole input of `reader` (which must be fresh) and returns an entry for every
// DSO hit by a sample's ip or callchain (all mapped DSOs with `all`) whose build id can be found and whose
// name is not in `known`.
// `given`: ids that replace the dsos' own (--known-build-ids).
std::vector<BuildIdEntry> collect_hit_build_ids(PerfDataReader& reader, bool all,
                                                const std::set<std::string>& known,
                                                const std::map<std::string, std::vector<uint8_t>>& given = {});

// perf buildid-list: the (build id hex, DSO name) pairs the file itself knows, sorted by name.
// From the header's build-id table, unless with_hits or the file has no table (a pipe): then
// the events are read and the DSOs some sample's ip falls in are listed, with the build id of
// the table, a pipe's HEADER_BUILD_ID records or MMAP2, else none (""). Reads `reader` to the
// end.
std::vector<std::pair<std::string, std::string>> file_build_ids(PerfDataReader& reader,
                                                                bool with_hits);

}  // namespace cperf
