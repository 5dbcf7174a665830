// The payload of a tracepoint sample as perf's Python handlers receive it: one Python object
// per format field, in format order (numbers as int, arrays of numbers as list, printable
// char arrays as str, other arrays as bytearray), and the flag/symbol tables of an event's
// print format announced through define_flag_field/define_flag_value/define_symbolic_*.
// Needs the GIL.
#pragma once
#include <functional>
#include <string>
#include <utility>
#include <vector>

struct tep_handle;
struct tep_event;
typedef struct _object PyObject;

namespace cperf {

// (field name, new reference) for each field of `event`; data must be readable for every
// offset a field (or a __data_loc) names: pass TraceEvents' padded copy.
std::vector<std::pair<const char*, PyObject*>> tracepoint_field_values(tep_handle* tep,
                                                                        tep_event* event,
                                                                        const void* data);

// Walks the event's print format and calls `call(handler_name, args)` (args: a new tuple) for
// each flag/symbolic table, as perf does the first time it sees an event.
using HandlerCall = std::function<void(const char* handler, PyObject* args)>;
void define_event_symbols(tep_event* event, const std::string& handler_name, const HandlerCall& call);

}  // namespace cperf
