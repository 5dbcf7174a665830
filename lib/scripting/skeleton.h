// perf script -g python: writes a starter script with a handler per tracepoint format of the
// recording (perf's generated text, byte for byte), trace_begin/trace_end, trace_unhandled and
// helpers. `tep` may be nullptr (a recording without tracepoints).
#pragma once
#include <string>

struct tep_handle;

namespace cperf {

// Writes <base>.py; prints "generated Python script: <base>.py" on stderr. false (after
// "couldn't open <file>") when the file cannot be written.
bool write_python_skeleton(tep_handle* tep, const std::string& base);

}  // namespace cperf
