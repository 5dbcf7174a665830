// Memory for large, long-lived arenas (call-graph nodes, histogram entries), asked to be
// backed by transparent huge pages.
//
// Why: a report of a big profile makes hundreds of MB of small objects and then walks them at
// random. With 4 KiB pages every first touch is a page fault (costly in virtual machines, where
// each one exits to the hypervisor) and nearly every step of a tree search misses the TLB; one
// 2 MiB page replaces 512 of both. Where the kernel has no THP, or only for madvised memory
// (Debian's default), madvise makes the difference; where THP is off it is ordinary memory.
// Sanitizer builds use the ordinary heap, so that overflows stay visible.
#pragma once
#include <cstddef>
#include <cstdlib>
#include <new>
#include <type_traits>
#include <utility>

namespace cperf {

inline constexpr size_t kHugePage = size_t{2} << 20;

// `bytes` (a multiple of kHugePage) of zeroed memory, aligned to kHugePage; throws bad_alloc.
void* map_huge(size_t bytes);
void unmap_huge(void* p, size_t bytes);
// Asks for huge pages in the whole 2 MiB pages inside [p, p + bytes) of memory not yet
// touched (a large heap block about to be filled: glibc maps it apart). A hint; never fails.
void advise_huge(const void* p, size_t bytes);

// A fixed-size array of T (a table: memos, hash indexes, chunks of records) whose elements
// start as all-zero bytes, which must be a valid, empty T. At least a huge page: in huge-page
// memory; smaller: on the heap. Pages nobody writes are never made. Moves, never copies.
template <typename T>
class LargeArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>);
  static_assert(alignof(T) <= alignof(std::max_align_t));

 public:
  LargeArray() = default;
  explicit LargeArray(size_t n) : n_(n) {
    size_t bytes = n * sizeof(T);
    if (bytes >= kHugePage) {
      mapped_ = (bytes + kHugePage - 1) / kHugePage * kHugePage;
      at_ = static_cast<T*>(map_huge(mapped_));
    } else if (n) {
      at_ = static_cast<T*>(std::calloc(n, sizeof(T)));
      if (!at_) throw std::bad_alloc();
    }
  }
  LargeArray(LargeArray&& o) noexcept { swap(o); }
  LargeArray& operator=(LargeArray&& o) noexcept {
    LargeArray gone(std::move(*this));
    swap(o);
    return *this;
  }
  ~LargeArray() {
    if (mapped_) unmap_huge(at_, mapped_);
    else std::free(at_);
  }
  T& operator[](size_t i) { return at_[i]; }
  const T& operator[](size_t i) const { return at_[i]; }
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  T* begin() { return at_; }
  T* end() { return at_ + n_; }
  const T* begin() const { return at_; }
  const T* end() const { return at_ + n_; }

 private:
  void swap(LargeArray& o) noexcept {
    std::swap(at_, o.at_);
    std::swap(n_, o.n_);
    std::swap(mapped_, o.mapped_);
  }
  T* at_ = nullptr;
  size_t n_ = 0;
  size_t mapped_ = 0;  // bytes mapped by map_huge; 0: heap (or nothing)
};

}  // namespace cperf
