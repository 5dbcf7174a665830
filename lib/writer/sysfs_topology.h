// The CACHE, MEM_TOPOLOGY, CPU_PMU_CAPS and PMU_CAPS header features, read from /sys as
// perf 7.2 reads them.
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace cperf {

// HEADER_CACHE: u32 version (1), u32 count, then per distinct cache (over every CPU's
// cache/index0..3, duplicates shared between CPUs written once, stably sorted by level):
// u32 level, line_size, sets, ways; strings type, size, shared CPU list.
// Empty optional when no CPU shows cache information (perf then leaves the feature out).
std::optional<std::vector<std::byte>> encode_cache(const std::string& sysfs = "/sys");

// HEADER_MEM_TOPOLOGY: u64 version (1), u64 memory block size, u64 node count, then per node
// (by node number): u64 node, u64 bits, and the memory-block bitmap as u64 bits + u64 words.
// Empty optional without /sys/devices/system/memory (perf then leaves the feature out).
std::optional<std::vector<std::byte>> encode_mem_topology(const std::string& sysfs = "/sys");

// HEADER_CPU_PMU_CAPS: u32 count, then (name, value) strings of the core PMU's caps/ files, in
// directory order (perf 7.2 writes a count of 0 when there are none).
std::vector<std::byte> encode_cpu_pmu_caps(const std::string& sysfs = "/sys");
// HEADER_PMU_CAPS: u32 number of other PMUs with caps/ files, then for each: u32 count,
// (name, value) strings, and the PMU's name.
std::vector<std::byte> encode_pmu_caps(const std::string& sysfs = "/sys");

}  // namespace cperf
