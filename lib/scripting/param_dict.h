// The param_dict perf's Python interface passes to process_event() (and, as perf_sample_dict,
// to tracepoint handlers that take one more argument): perf 7.2's keys and value types, built
// from a ScriptSample. Needs an initialized interpreter and the GIL.
#pragma once
#include "scripting/script_sample.h"

typedef struct _object PyObject;

namespace cperf {

// A new reference to the callchain list (perf builds it once per sample and shares it between
// the handler's common_callchain argument and the dict).
PyObject* build_callchain_list(const ScriptSample& s);
// A new reference to the param_dict; `callchain` (a new reference, or nullptr to build one)
// is consumed.
PyObject* build_param_dict(const ScriptSample& s, PyObject* callchain = nullptr);

}  // namespace cperf
