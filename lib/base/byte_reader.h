// ByteReader: a bounds-checked cursor over bytes that may be in the other byte order.
// It never reads past its span: a short read sets a sticky failure flag and yields zeros,
// so decoders read a whole structure and check ok() once.
#pragma once
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <span>
#include <string_view>

namespace cperf {

inline uint16_t bswap16(uint16_t v) { return static_cast<uint16_t>((v >> 8) | (v << 8)); }
inline uint32_t bswap32(uint32_t v) { return __builtin_bswap32(v); }
inline uint64_t bswap64(uint64_t v) { return __builtin_bswap64(v); }

using Bytes = std::span<const std::byte>;

class ByteReader {
 public:
  ByteReader() = default;
  ByteReader(Bytes data, bool swap) : data_(data), swap_(swap) {}

  bool ok() const { return ok_; }
  bool swapped() const { return swap_; }
  size_t pos() const { return pos_; }
  size_t size() const { return data_.size(); }
  size_t remaining() const { return ok_ ? data_.size() - pos_ : 0; }
  Bytes data() const { return data_; }

  uint8_t u8() { return get<uint8_t>(); }
  uint16_t u16() { uint16_t v = get<uint16_t>(); return swap_ ? bswap16(v) : v; }
  uint32_t u32() { uint32_t v = get<uint32_t>(); return swap_ ? bswap32(v) : v; }
  uint64_t u64() { uint64_t v = get<uint64_t>(); return swap_ ? bswap64(v) : v; }
  int32_t s32() { return static_cast<int32_t>(u32()); }
  int64_t s64() { return static_cast<int64_t>(u64()); }

  // The next n bytes, or an empty span (and failure) if fewer remain.
  Bytes bytes(size_t n) {
    if (!require(n)) return {};
    Bytes b = data_.subspan(pos_, n);
    pos_ += n;
    return b;
  }
  // A NUL-terminated string within the next max_len bytes; consumes max_len bytes.
  // Fails if no NUL is found.
  std::string_view fixed_string(size_t max_len) {
    Bytes b = bytes(max_len);
    if (!ok_ || b.empty()) return {};
    const char* p = reinterpret_cast<const char*>(b.data());
    size_t n = strnlen(p, b.size());
    if (n == b.size()) { ok_ = false; return {}; }
    return {p, n};
  }
  // A NUL-terminated string starting here; consumes it and its NUL.
  std::string_view cstring() {
    if (!ok_ || pos_ >= data_.size()) { ok_ = false; return {}; }
    const char* p = reinterpret_cast<const char*>(data_.data() + pos_);
    size_t n = strnlen(p, data_.size() - pos_);
    if (n == data_.size() - pos_) { ok_ = false; return {}; }
    pos_ += n + 1;
    return {p, n};
  }
  void skip(size_t n) { if (require(n)) pos_ += n; }
  void seek(size_t pos) { if (pos > data_.size()) ok_ = false; else pos_ = pos; }
  void fail() { ok_ = false; }
  bool require(size_t n) {
    if (!ok_ || data_.size() - pos_ < n) { ok_ = false; return false; }
    return true;
  }

 private:
  template <typename T>
  T get() {
    T v{};
    if (require(sizeof(T))) {
      std::memcpy(&v, data_.data() + pos_, sizeof(T));
      pos_ += sizeof(T);
    }
    return v;
  }

  Bytes data_;
  size_t pos_ = 0;
  bool swap_ = false;
  bool ok_ = true;
};

}  // namespace cperf
