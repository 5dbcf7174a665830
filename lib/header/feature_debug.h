// The lines perf 7.2 prints with -v while it reads a file's feature sections (its pr_debug
// calls of header processing), in feature order: one per build-id table entry, and the notes
// on empty PMU capability sections.
#pragma once
#include <string>

namespace cperf {
class PerfDataReader;

// Those lines for the file `reader` has opened (none for a pipe: its features come as records).
std::string feature_debug_lines(const PerfDataReader& reader);

}  // namespace cperf
