// The CACHE and MEM_TOPOLOGY header features, read from /sys as perf 7.2 reads them.
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

}  // namespace cperf
