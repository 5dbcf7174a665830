// The sort keys of a sample's own values (weights, latencies, addresses, times, sizes) and
// --mem-mode's data-source and data-address keys: perf 7.2's comparisons, headers, widths and
// texts for them. Hists calls these for every key is_sample_key() names.
#pragma once
#include <cstdint>
#include <string>

#include "hist/hists.h"

namespace cperf {

// perf 7.2's data-type keys: type, typeoff, typecln.
bool is_data_type_key(SortKey key);
// perf's se_cmp of the key, `l` being the entry already in the tree (also its output sort).
int64_t sample_key_cmp(SortKey key, const HistSample& l, const HistSample& r);
const char* sample_key_header(SortKey key, LatencyNames names);
// The column's width before any entry: perf's hists__new_col_len constant or its header's.
size_t sample_key_base_width(SortKey key, bool nanosecs, LatencyNames names);
// The width one entry needs (keys whose texts vary in length); 0: none beyond the base.
size_t sample_key_entry_width(SortKey key, const HistSample& s);
// The column text. samples: the entry's sample count (the global weights are the per-sample
// value times it); width: the column's; align: another column follows.
std::string sample_key_text(SortKey key, const HistSample& s, uint64_t samples, size_t width, bool align,
                            bool nanosecs);

}  // namespace cperf
