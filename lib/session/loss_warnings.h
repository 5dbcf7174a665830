// perf's warnings about lost events once a file's events are processed: lost chunks
// (PERF_RECORD_LOST), a sample drop rate over 5% (PERF_RECORD_LOST_SAMPLES), and records that
// came after later ones had been delivered in time order ("out of order events"). `report`
// prints them after reading a file; `record` after writing one (perf reads its own file back
// for the build ids and warns then).
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

#include "session/session.h"

namespace cperf {

// The warnings for a session's counts; lost_samples is the sum of LOST_SAMPLES' lost fields.
void print_loss_warnings(std::FILE* out, const SessionStats& stats, uint64_t lost_samples);

// Reads the file at path through a session and prints its warnings to out (nothing when it
// lost nothing). A file that cannot be read prints nothing: the caller has its own errors.
void print_file_loss_warnings(std::FILE* out, const std::string& path);

}  // namespace cperf
