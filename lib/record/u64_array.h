// U64Array: a zero-copy view of n u64 values inside a record, in the file's byte order.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>

#include "base/byte_reader.h"

namespace cperf {

class U64Array {
 public:
  U64Array() = default;
  U64Array(const std::byte* p, size_t n, bool swap) : p_(p), n_(n), swap_(swap) {}
  size_t size() const { return n_; }
  bool empty() const { return n_ == 0; }
  uint64_t operator[](size_t i) const {
    uint64_t v;
    std::memcpy(&v, p_ + i * 8, 8);
    return swap_ ? bswap64(v) : v;
  }
  uint64_t back() const { return (*this)[n_ - 1]; }
  U64Array first(size_t n) const { return {p_, n < n_ ? n : n_, swap_}; }
  const std::byte* data() const { return p_; }
  bool swapped() const { return swap_; }

 private:
  const std::byte* p_ = nullptr;
  size_t n_ = 0;
  bool swap_ = false;
};

}  // namespace cperf
