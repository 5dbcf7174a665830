// The -s keys and --time spans that report and diff read alike.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "hist/hists.h"

namespace cperf {

// A -s name as perf's sort key; false: not one (a number column, or unknown).
bool sort_key_of(const std::string& k, SortKey& key);
// perf's number columns (hpp fields) by name; "latency" and "period" are handled as keys.
bool number_field_of(const std::string& k, OutputField& f);
// Keys perf 7.2 knows that only its branch mode (-b) or --mem-mode takes: elsewhere they are
// "Invalid", where unknown names are "Unknown".
bool is_branch_key(const std::string& k);
bool is_mem_key(const std::string& k);

// perf's parse_nsec_time: "SEC[.FRACTION]" (up to 9 fraction digits) in ns; "" is 0.
bool parse_nsec(const std::string& s, uint64_t& ns);
// --time START,STOP (either may be empty). perf's percent forms are not supported.
bool parse_time_range(const std::string& s, uint64_t& start, uint64_t& stop);
// diff's --time for several files: one span per file, separated by ':'.
std::vector<std::string> split_time_list(const std::string& s);

}  // namespace cperf
