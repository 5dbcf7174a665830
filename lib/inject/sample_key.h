// Per-sample results of inject's first pass, found again in its second by the sample's key.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <tuple>
#include <vector>

namespace cperf {

// Identifies a sample across two reads of the same input: its offset (shared by the records of
// one COMPRESSED chunk), time and tid. Entries under one key are taken in order.
using SampleKey = std::tuple<uint64_t, uint64_t, uint32_t>;
using MergeResults = std::map<SampleKey, std::deque<std::optional<std::vector<uint64_t>>>>;

}  // namespace cperf
