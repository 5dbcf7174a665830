// Names perf 7.2 takes from the machine it runs on rather than from the file: a tracepoint's
// "system:name" from tracefs by its id, and a PMU's name from sysfs by its type. Like perf,
// the TRACEFS_PATH and SYSFS_PATH environment variables say where those file systems are
// (a path that does not exist: none, as in a chroot without them).
#pragma once
#include <cstdint>
#include <optional>
#include <string>

namespace cperf {

// "sched:sched_switch" for the tracepoint with this id here; nullopt if tracefs has none.
std::optional<std::string> local_tracepoint_name(uint64_t id);

// "msr" for the PMU with this type here; nullopt if sysfs has none.
std::optional<std::string> local_pmu_name(uint32_t type);

// The PMU perf 7.2 says has this type: sysfs's, else for type 4 (PERF_TYPE_RAW) its placeholder
// core PMU "cpu".
std::optional<std::string> pmu_of_type(uint32_t type);

}  // namespace cperf
