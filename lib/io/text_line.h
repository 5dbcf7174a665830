// TextLine: builds a piece of output text in a fixed stack buffer with hand-written number
// formatting, then hands it to a FILE* in one unlocked fwrite. script and report print millions
// of short fields; printf's format parsing and per-call stream locking cost more than the work.
//
// Writing straight to the FILE* (rather than an own buffer across calls) keeps the output in
// order with any other stdio call on the same stream. Text that does not fit is written out
// early, so any length works. Not thread-safe (like the unlocked stdio calls it uses).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace cperf {

class TextLine {
 public:
  explicit TextLine(std::FILE* out) : out_(out) {}
  ~TextLine() { flush(); }
  TextLine(const TextLine&) = delete;
  TextLine& operator=(const TextLine&) = delete;

  TextLine& put(char c) {
    if (len_ == kCap) flush();
    buf_[len_++] = c;
    return *this;
  }
  TextLine& put(std::string_view s) {
    if (s.size() > kCap - len_) {
      flush();
      if (s.size() > kCap) {
        fwrite_unlocked(s.data(), 1, s.size(), out_);
        ++writes_;
        return *this;
      }
    }
    std::memcpy(buf_ + len_, s.data(), s.size());
    len_ += s.size();
    return *this;
  }
  TextLine& put(const std::string& s) { return put(std::string_view(s)); }
  TextLine& put(const char* s) { return put(std::string_view(s)); }

  // Lowercase hex without prefix, right-aligned in `width` with spaces (printf "%*lx").
  TextLine& hex(uint64_t v, int width = 0) {
    // Digits go to a local array first: stores into buf_ could alias len_ and force reloads.
    int n = (64 - __builtin_clzll(v | 1) + 3) / 4;
    char tmp[16];
    for (int i = 15; i >= 16 - n; --i, v >>= 4) tmp[i] = "0123456789abcdef"[v & 0xf];
    pad(width - n);
    return put(std::string_view(tmp + 16 - n, static_cast<size_t>(n)));
  }
  // Decimal, right-aligned in `width` (printf "%*lu"), or left-aligned for a negative width.
  TextLine& dec(uint64_t v, int width = 0) {
    char tmp[20];
    int n = 0;
    // Two digits per division: pids, times and periods are several digits long.
    while (v >= 100) {
      const char* d = kDigitPairs + 2 * (v % 100);
      v /= 100;
      tmp[19 - n++] = d[1];
      tmp[19 - n++] = d[0];
    }
    if (v >= 10) {
      tmp[19 - n++] = kDigitPairs[2 * v + 1];
      tmp[19 - n++] = kDigitPairs[2 * v];
    } else {
      tmp[19 - n++] = static_cast<char>('0' + v);
    }
    return aligned(std::string_view(tmp + 20 - n, n), width);
  }
  TextLine& sdec(int64_t v, int width = 0) {
    if (v >= 0) return dec(static_cast<uint64_t>(v), width);
    char tmp[21];
    int n = 0;
    uint64_t u = 0 - static_cast<uint64_t>(v);
    do {
      tmp[20 - n++] = static_cast<char>('0' + u % 10);
      u /= 10;
    } while (u);
    tmp[20 - n++] = '-';
    return aligned(std::string_view(tmp + 21 - n, n), width);
  }
  // Decimal with exactly `digits` digits, zero-filled (printf "%0*lu").
  TextLine& dec0(uint64_t v, int digits) {
    char tmp[20];
    int i = digits - 1;
    for (; i >= 1; i -= 2) {
      const char* d = kDigitPairs + 2 * (v % 100);
      v /= 100;
      tmp[i] = d[1];
      tmp[i - 1] = d[0];
    }
    if (i == 0) tmp[0] = static_cast<char>('0' + v % 10);
    return put(std::string_view(tmp, static_cast<size_t>(digits)));
  }
  // `s` right-aligned in `width` (printf "%*s"), or left-aligned for a negative width.
  TextLine& aligned(std::string_view s, int width) {
    int n = static_cast<int>(s.size());
    if (width >= 0) return pad(width - n).put(s);
    put(s);
    return pad(-width - n);
  }
  TextLine& pad(int n) {
    while (n > 0) {
      if (len_ == kCap) flush();
      size_t k = std::min(static_cast<size_t>(n), kCap - len_);
      std::memset(buf_ + len_, ' ', k);
      len_ += k;
      n -= static_cast<int>(k);
    }
    return *this;
  }

  void flush() {
    if (len_) fwrite_unlocked(buf_, 1, len_, out_);
    len_ = 0;
    ++writes_;
  }

  // A position in the text. since(m) is the text added after it, or nullopt when part of that
  // was already handed to the stream (the caller can then not copy it from here).
  struct Mark {
    size_t len;
    uint64_t writes;
  };
  Mark mark() const { return {len_, writes_}; }
  std::optional<std::string_view> since(Mark m) const {
    if (m.writes != writes_) return std::nullopt;
    return std::string_view(buf_ + m.len, len_ - m.len);
  }

 private:
  static constexpr size_t kCap = 1024;
  static constexpr char kDigitPairs[] =
      "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
      "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
      "8081828384858687888990919293949596979899";
  std::FILE* out_;
  size_t len_ = 0;
  uint64_t writes_ = 0;
  char buf_[kCap];
};

}  // namespace cperf
