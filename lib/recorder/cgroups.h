// record --all-cgroups and -G/--cgroup: the cgroup file system perf uses for perf_event
// (a cgroup v1 hierarchy with the perf_event controller, else the cgroup2 mount), the ids the
// kernel puts in PERF_SAMPLE_CGROUP, and the PERF_RECORD_CGROUP records naming them.
#pragma once
#include <cstdint>
#include <string>

#include "recorder/synthesize.h"

namespace cperf {

// The mount point, or "" when no such cgroup file system is mounted.
std::string perf_event_cgroup_mount();

// The kernel's id of the cgroup at `path` (its file handle), or 0.
uint64_t cgroup_id(const std::string& path);

// One PERF_RECORD_CGROUP for each cgroup below `mount` (the root as "/"), parents first.
void synthesize_cgroups(const std::string& mount, size_t id_hdr_size, const RecordSink& out);

}  // namespace cperf
