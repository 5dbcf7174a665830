// perf report --header / --header-only: the "# ========" block describing the recording.
#pragma once
#include <cstdio>

#include "io/perf_data_reader.h"

namespace cperf {

void print_header(std::FILE* out, const PerfDataReader& reader, bool full);

}  // namespace cperf
