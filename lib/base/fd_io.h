// Whole writes to a file descriptor: write(2) and pwrite(2) may write less than asked, or be
// interrupted by a signal; these retry until all is written or a real error.
#pragma once
#include <cstddef>
#include <cstdint>

namespace cperf {

bool write_fully(int fd, const void* data, size_t size);
bool pwrite_fully(int fd, const void* data, size_t size, uint64_t offset);

}  // namespace cperf
