// perf's decoded text for its own record types (64+) and for the optional sample fields, as
// `perf report -D` prints them after "PERF_RECORD_<NAME>".
#pragma once
#include <cstdio>

#include "machine/machine.h"
#include "record/sample.h"
#include "session/session.h"

namespace cperf {

// script_view: as `perf script -D` prints it (script handles the thread and CPU maps and the
// stat records, so they get no ": unhandled!" line).
// unordered: delivered unsorted (FINISHED_ROUND is then not perf's round handler).
// no_event_update: the tool has no EVENT_UPDATE handler (perf annotate): perf's stub says so.
void print_user_record(std::FILE* out, const RawRecord& rec, Session& s, bool script_view = false,
                       bool unordered = false, bool no_event_update = false);

// perf's " ... thread:" and " ...... dso:" lines of a resolved sample (report -D prints them
// with the sample, script -D where script resolves it). The dso line has perf's long name:
// a kernel the build-id table names by a path keeps that path unless perf has read kallsyms
// (kernel_data: machine.h's kernel_data_name() of the --kallsyms file), which renames it.
void print_sample_location(std::FILE* out, const Thread& t, const Map* map, uint8_t cpumode,
                           const std::string& kernel_data = "[kernel.kallsyms]");

// Branch stack, registers, user stack, weight, data_src, ... of a sample, in perf's order.
void print_sample_extras(std::FILE* out, const perf_event_attr& attr, const DecodedSample& ds,
                         bool swap);

}  // namespace cperf
