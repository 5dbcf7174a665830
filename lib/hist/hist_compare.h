// The value compares perf's sort keys are made of (its cmp_null, field and string compares),
// shared by the histogram's search, collapse and output sorts.
#pragma once
#include <cstdint>

#include "base/string_pool.h"

namespace cperf {

// perf's cmp_null: a missing value sorts before a present one.
inline int64_t cmp_null(bool l_present, bool r_present) {
  if (!l_present && !r_present) return 0;
  return !l_present ? -1 : 1;
}

inline int64_t field_cmp(uint64_t a, uint64_t b) { return a > b ? 1 : (a < b ? -1 : 0); }

inline int64_t str_cmp(const Text& a, const Text& b) {
  int c = a.compare(b);
  return c < 0 ? -1 : (c > 0 ? 1 : 0);
}

// perf's _sort__dso_cmp of two maps given as (has_map, short name): no dso first, then by name.
inline int64_t dso_name_cmp(bool l_map, const Text& l_dso, bool r_map, const Text& r_dso) {
  if (!l_map || !r_map) return cmp_null(r_map, l_map);
  return str_cmp(l_dso, r_dso);
}

}  // namespace cperf
