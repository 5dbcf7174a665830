// The tracing_data blob (HEADER_TRACING_DATA in files, PERF_RECORD_HEADER_TRACING_DATA in
// pipes): tracefs header_page/header_event and the format files of the recorded
// tracepoints, so readers can decode their raw fields. kallsyms, printk formats and saved
// cmdlines are left empty.
#pragma once
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

namespace cperf {

// `tracepoints`: (system, name) pairs; `events_dir`: tracefs events directory.
// Returns an empty vector if a format file cannot be read.
std::vector<std::byte> build_tracing_data(const std::vector<std::pair<std::string, std::string>>& tracepoints,
                                          const std::string& events_dir);

}  // namespace cperf
