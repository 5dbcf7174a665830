// ObjectArena<T>: default-made objects handed out one at a time, living (at fixed addresses)
// until the arena goes. The first objects come from the heap, so that small reports stay
// small; once a profile is big enough to fill that, from huge-page chunks (base/huge_pages.h).
#pragma once
#include <cstddef>
#include <new>
#include <utility>
#include <vector>

#include "base/huge_pages.h"

namespace cperf {

template <typename T>
class ObjectArena {
 public:
  ObjectArena() = default;
  ObjectArena(const ObjectArena&) = delete;
  ObjectArena& operator=(const ObjectArena&) = delete;
  // The objects stay where they are: only their ownership moves.
  ObjectArena(ObjectArena&& o) noexcept
      : chunks_(std::move(o.chunks_)), used_(std::exchange(o.used_, 0)), cap_(std::exchange(o.cap_, 0)) {
    o.chunks_.clear();
  }
  ObjectArena& operator=(ObjectArena&& o) noexcept {
    ObjectArena gone(std::move(*this));
    chunks_ = std::move(o.chunks_);
    o.chunks_.clear();
    used_ = std::exchange(o.used_, 0);
    cap_ = std::exchange(o.cap_, 0);
    return *this;
  }
  ~ObjectArena() {
    for (size_t c = 0; c < chunks_.size(); ++c) {
      Chunk& k = chunks_[c];
      size_t made = c + 1 == chunks_.size() ? used_ : k.cap;
      for (size_t i = 0; i < made; ++i) k.at[i].~T();
      if (c == 0) ::operator delete(k.at, std::align_val_t{alignof(T)});
      else unmap_huge(k.at, kChunkBytes);
    }
  }

  T* make() {
    if (used_ == cap_) grow();
    return new (&chunks_.back().at[used_++]) T();
  }

 private:
  static constexpr size_t kFirstBytes = size_t{256} << 10;
  static constexpr size_t kChunkBytes = kHugePage;
  static_assert(sizeof(T) <= kFirstBytes);
  struct Chunk {
    T* at;
    size_t cap;
  };
  void grow() {
    if (chunks_.empty()) {
      cap_ = kFirstBytes / sizeof(T);
      chunks_.push_back({static_cast<T*>(::operator new(cap_ * sizeof(T), std::align_val_t{alignof(T)})), cap_});
    } else {
      cap_ = kChunkBytes / sizeof(T);
      chunks_.push_back({static_cast<T*>(map_huge(kChunkBytes)), cap_});
    }
    used_ = 0;
  }
  std::vector<Chunk> chunks_;
  size_t used_ = 0, cap_ = 0;
};

}  // namespace cperf
