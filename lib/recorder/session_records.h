// The records perf record writes to describe the session itself, before the side band:
// ID_INDEX (which ring, CPU and thread each sample id belongs to), EVENT_UPDATE (an event's
// unit, scale and CPUs), THREAD_MAP and CPU_MAP (the targets), and the workload's first COMM
// ("perf-exec", its name between fork and exec).
#pragma once
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

#include "recorder/synthesize.h"

namespace cperf {

struct IdIndexEntry {
  uint64_t id = 0, ring = 0;
  int64_t cpu = -1, tid = -1;
};

void synthesize_id_index(const std::vector<IdIndexEntry>& entries, const RecordSink& out);

// For one event (known by its first id): perf's unit and scale of the software clocks
// (cpu-clock, task-clock: "msec", 1e-6), then its CPUs.
void synthesize_event_update(uint64_t id, bool software_clock, const std::vector<int>& cpus,
                             const RecordSink& out);

void synthesize_thread_map(const std::vector<pid_t>& threads, const RecordSink& out);
void synthesize_cpu_map(const std::vector<int>& cpus, const RecordSink& out);

// The workload's COMM before its exec: perf names it "perf-exec".
void synthesize_workload_comm(pid_t pid, size_t id_hdr_size, const RecordSink& out);

}  // namespace cperf
