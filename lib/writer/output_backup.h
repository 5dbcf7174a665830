// What perf does before it writes a perf.data over an older one: the older file (or perf
// data directory) is kept as NAME.old, replacing an earlier NAME.old. Nothing recorded
// before is lost to a second `record` with the same -o.
#pragma once
#include <string>

namespace cperf {

// Moves a non-empty `path` to `path`.old. On failure returns false and sets `error` to
// perf's line: "Can't remove old data: REASON (OLD)" or "Can't move data: REASON (PATH to OLD)".
// "-" (a pipe) and a missing or empty file need nothing.
bool keep_previous_output(const std::string& path, std::string& error);

}  // namespace cperf
