// Reads a perf.data file's 104-byte header alone, for the choices perf makes from its feature
// bits before cperf opens the file for real (report's branch mode decides which sort keys
// are valid).
#pragma once
#include <string>

namespace cperf {

// Whether the regular file at `path` is a perf.data file (not a pipe) whose header sets bit
// `feature` of its features. Others, unreadable or damaged files: false (opening them
// later reports why).
bool file_header_has_feature(const std::string& path, int feature);

}  // namespace cperf
