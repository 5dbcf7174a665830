// perf's --itrace option string (report, script, inject): which events to synthesize from
// instruction-trace (AUX) data. cperf decodes no AUX trace yet, so the string only has to be
// checked as perf checks it: a file without AUX data reads the same whatever it says.
#pragma once
#include <string_view>

namespace cperf {

// True when perf accepts the string: option letters, each 'i'/'y' with an optional period and
// unit, 'g'/'G'/'l'/'L' with an optional size (1-1024), 's' with a count, 'e'/'d' with
// +/- flags (a lower-case letter each), separated by nothing, spaces or commas.
bool itrace_options_valid(std::string_view s);

}  // namespace cperf
