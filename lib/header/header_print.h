// perf report --header / --header-only: the "# ========" block describing the recording.
#pragma once
#include <cstdio>

#include "io/perf_data_reader.h"

namespace cperf {

// Prints perf's header block. File mode prints every feature section inside the block. Pipe mode
// has no section table: like perf, it prints the frame, then reads the stream up to the
// end-of-features marker and prints each FEATURE record as it arrives, so the reader is advanced.
// `full` is -I: full-only features (topologies, caches) print instead of a one-line hint.
// pipe_features false: a pipe's block only, the stream left unread (report --stats).
// `script_names`: perf script has named a pipe's first event from its attr before the
// EVENT_DESC record comes, so its group lines name that one so ("{cpu-clock:u,task-clock}").
void print_header(std::FILE* out, PerfDataReader& reader, bool full, bool pipe_features = true,
                  bool script_names = false);

}  // namespace cperf
