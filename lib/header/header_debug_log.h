// The lines perf's -v prints on stderr while it reads a file's header: one per build-id
// entry ("build id event received for ..."), and the note of empty PMU capability features.
// Only what comes from the file: perf's other debug lines describe the machine it runs on.
#pragma once
#include <cstdio>

#include "io/perf_data_reader.h"

namespace cperf {

// The file's feature sections, in perf's feature order.
void print_header_debug_log(const PerfDataReader& reader, std::FILE* out);
// A pipe's PERF_RECORD_HEADER_BUILD_ID record (others: nothing), as perf reads it.
void print_build_id_record_log(const RawRecord& rec, bool swap, std::FILE* out);

}  // namespace cperf
