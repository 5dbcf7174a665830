// ByteBuffer: an append-only, host-endian byte builder for perf.data structures.
#pragma once
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>
#include <vector>

namespace cperf {

class ByteBuffer {
 public:
  void u8(uint8_t v) { raw(&v, 1); }
  void u16(uint16_t v) { raw(&v, 2); }
  void u32(uint32_t v) { raw(&v, 4); }
  void u64(uint64_t v) { raw(&v, 8); }
  void raw(const void* p, size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    bytes_.insert(bytes_.end(), b, b + n);
  }
  void zeros(size_t n) { bytes_.resize(bytes_.size() + n); }
  // Pads with zeros to a multiple of `align`.
  void align(size_t a) { zeros((a - bytes_.size() % a) % a); }
  // perf's header string: u32 length (NUL included, rounded up to 64), then the padded text.
  void perf_string(std::string_view s) {
    uint32_t len = static_cast<uint32_t>((s.size() + 1 + 63) / 64 * 64);
    u32(len);
    raw(s.data(), s.size());
    zeros(len - s.size());
  }
  // A NUL-terminated string padded to `align` bytes (record file names).
  void padded_cstring(std::string_view s, size_t a) {
    size_t start = bytes_.size();
    raw(s.data(), s.size());
    u8(0);
    size_t n = bytes_.size() - start;
    zeros((a - n % a) % a);
  }
  // Overwrites a previously appended value in place.
  template <typename T>
  void patch(size_t pos, T v) { std::memcpy(bytes_.data() + pos, &v, sizeof v); }

  size_t size() const { return bytes_.size(); }
  const std::byte* data() const { return bytes_.data(); }
  std::vector<std::byte>& bytes() { return bytes_; }
  const std::vector<std::byte>& bytes() const { return bytes_; }

 private:
  std::vector<std::byte> bytes_;
};

}  // namespace cperf
