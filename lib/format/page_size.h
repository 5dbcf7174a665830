// perf's page size names (get_page_size_name): the size in the largest unit (B, K, M, G) that
// leaves more than 1 ("1024B" stays, 2048 is "2K", 1 GiB is "1024M"); "N/A" for 0.
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

inline std::string page_size_name(uint64_t size) {
  if (!size) return "N/A";
  const char units[] = "BKMG";
  int i = 0;
  while (size / 1024 > 1 && i < 3) {
    size /= 1024;
    ++i;
  }
  return std::to_string(size) + units[i];
}

}  // namespace cperf
