// TraceContext: what the `context` argument of perf's tracepoint handlers (and the module-level
// perf_script_context) stands for — the sample being handed to the script. The
// perf_trace_context module's functions (common_pc(context), ...) read it. One lives in the
// PythonEngine and is updated before every handler call.
#pragma once
#include <string>
#include <cstddef>
#include <cstdint>

struct tep_handle;
struct tep_event;

namespace cperf {

struct TraceContext {
  tep_handle* tep = nullptr;
  tep_event* event = nullptr;  // the tracepoint's format, when the sample is one
  const void* raw = nullptr;   // the sample's raw data (padded copy)
  size_t raw_size = 0;
  const std::string* insn = nullptr;  // the sample's instruction bytes (empty: none)
};

// Registers the built-in module "perf_trace_context"; call before the interpreter starts.
void register_perf_trace_context_module();

}  // namespace cperf
