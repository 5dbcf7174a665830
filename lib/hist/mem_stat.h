// perf 7.2's memory-statistics columns (-F op,cache,memory,snoop,dtlb with --mem-mode): each
// splits an entry's weight by one part of the samples' data source into up to 8 categories,
// shown as percentages of the total, one 7-character sub-column per category that has any
// weight in the report.
#pragma once

#include <array>
#include <cstdint>

namespace cperf {

enum class MemStatType { kOp, kCache, kMemory, kSnoop, kDtlb };
constexpr int kMemStatTypes = 5;
constexpr int kMemStatLen = 8;        // categories per type (perf's MEM_STAT_LEN)
constexpr int kMemStatPrintLen = 7;   // a sub-column: " 100.0%"

// An entry's weights by type and category.
using MemStats = std::array<std::array<uint64_t, kMemStatLen>, kMemStatTypes>;

// The category of a data source (perf's mem_stat_index).
int mem_stat_index(MemStatType type, uint64_t data_src);
// A category's sub-column header, and a type's title over its sub-columns.
const char* mem_stat_name(MemStatType type, int index);
const char* mem_stat_title(MemStatType type);

}  // namespace cperf
