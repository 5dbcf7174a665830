// Prints a perf_event_attr as perf does: only non-zero fields, in ABI order, with symbolic names
// for type, config, sample_type, read_format and branch_sample_type.
#pragma once
#include <functional>
#include <string>

#include "linux/perf_event.h"

namespace cperf {

// Calls emit(name, value) for each field perf prints.
void for_each_printed_attr_field(const perf_event_attr& attr,
                                 const std::function<void(const char*, const std::string&)>& emit);

// "type: 1 (PERF_TYPE_SOFTWARE), size: 144, ..." joined with `sep` between name and value.
std::string format_attr(const perf_event_attr& attr, const char* sep);

// perf's -vv block for an attr it opens: a rule, "perf_event_attr:", one "  NAME  VALUE" line
// per printed field (the name in 32 columns), a rule.
std::string attr_verbose_block(const perf_event_attr& attr);

// Names of bits, as perf spells them: "IP|TID|TIME".
std::string sample_type_names(uint64_t v);
std::string read_format_names(uint64_t v);
std::string branch_sample_type_names(uint64_t v);

}  // namespace cperf
