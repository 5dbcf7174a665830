#include "base/huge_pages.h"

#include <sys/mman.h>

#include <cstdint>
#include <cstdlib>
#include <new>

namespace cperf {

#if defined(__SANITIZE_ADDRESS__)
void* map_huge(size_t bytes) {
  void* p = std::aligned_alloc(kHugePage, bytes);
  if (!p) throw std::bad_alloc();
  return __builtin_memset(p, 0, bytes);
}
void unmap_huge(void* p, size_t) { std::free(p); }
void advise_huge(const void*, size_t) {}
#else
void* map_huge(size_t bytes) {
  // Over-map by one huge page and trim both ends, so that the kept range is aligned.
  size_t span = bytes + kHugePage;
  void* raw = mmap(nullptr, span, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  auto start = reinterpret_cast<uintptr_t>(raw);
  uintptr_t aligned = (start + kHugePage - 1) & ~(kHugePage - 1);
  if (aligned > start) munmap(raw, aligned - start);
  uintptr_t end = start + span, kept_end = aligned + bytes;
  if (end > kept_end) munmap(reinterpret_cast<void*>(kept_end), end - kept_end);
  madvise(reinterpret_cast<void*>(aligned), bytes, MADV_HUGEPAGE);  // a hint: failure is fine
  return reinterpret_cast<void*>(aligned);
}
void unmap_huge(void* p, size_t bytes) { munmap(p, bytes); }
void advise_huge(const void* p, size_t bytes) {
  auto start = reinterpret_cast<uintptr_t>(p);
  uintptr_t lo = (start + kHugePage - 1) & ~(kHugePage - 1), hi = (start + bytes) & ~(kHugePage - 1);
  if (hi > lo) madvise(reinterpret_cast<void*>(lo), hi - lo, MADV_HUGEPAGE);
}
#endif

}  // namespace cperf
