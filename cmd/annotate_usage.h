// perf 7.2's `annotate` options and usage text (cmd/annotate.cpp parses with them).
#pragma once
#include "commands.h"
#include "perf_options.h"

namespace cperf {

// Every option of perf 7.2's annotate, in its -h order.
const PerfOptionParser& annotate_parser();

// -n with --show-total-period: perf's message for exclusive options, naming the later one
// (as given: a switch or an option) and listing it first; returns 129.
int exclusive_columns(const Args& args);

}  // namespace cperf
