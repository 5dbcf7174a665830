#include "trace/tracing_data.h"

#include <cstdlib>
#include <cstring>

namespace cperf {

namespace {

// A cursor that remembers the first failure (position and what was being read).
class Cursor {
 public:
  Cursor(Bytes data, TracingDataError& err) : data_(data), err_(err) {}

  bool ok() const { return ok_; }
  size_t pos() const { return pos_; }
  void set_swap(bool swap) { swap_ = swap; }

  bool expect(std::string_view tag, const char* what) {
    std::string_view got = text(tag.size(), what);
    if (ok_ && got != tag) return fail(pos_ - tag.size(), std::string("bad ") + what);
    return ok_;
  }
  uint8_t u8(const char* what) {
    std::string_view b = text(1, what);
    return ok_ ? static_cast<uint8_t>(b[0]) : 0;
  }
  uint32_t u32(const char* what) {
    uint32_t v = 0;
    std::string_view b = text(4, what);
    if (ok_) std::memcpy(&v, b.data(), 4);
    return swap_ ? bswap32(v) : v;
  }
  uint64_t u64(const char* what) {
    uint64_t v = 0;
    std::string_view b = text(8, what);
    if (ok_) std::memcpy(&v, b.data(), 8);
    return swap_ ? bswap64(v) : v;
  }
  std::string_view cstring(const char* what) {
    if (!ok_) return {};
    const char* p = reinterpret_cast<const char*>(data_.data()) + pos_;
    size_t left = data_.size() - pos_;
    size_t n = strnlen(p, left);
    if (n == left) {
      fail(pos_, std::string("unterminated ") + what);
      return {};
    }
    pos_ += n + 1;
    return {p, n};
  }
  // The next n bytes as text.
  std::string_view text(uint64_t n, const char* what) {
    if (!ok_) return {};
    size_t left = data_.size() - pos_;
    if (n > left) {
      fail(pos_, std::string("truncated ") + what + " (needs " + std::to_string(n) + " bytes, " +
                     std::to_string(left) + " left)");
      return {};
    }
    std::string_view s(reinterpret_cast<const char*>(data_.data()) + pos_, n);
    pos_ += n;
    return s;
  }

 private:
  bool fail(size_t pos, std::string what) {
    if (ok_) {
      err_.pos = pos;
      err_.what = std::move(what);
    }
    ok_ = false;
    return false;
  }

  Bytes data_;
  TracingDataError& err_;
  size_t pos_ = 0;
  bool swap_ = false;
  bool ok_ = true;
};

constexpr bool kHostBigEndian = std::endian::native == std::endian::big;

}  // namespace

bool parse_tracing_data(Bytes data, TracingData& out, TracingDataError& err) {
  Cursor c(data, err);
  out = TracingData{};
  c.expect(std::string_view("\x17\x08\x44tracing", 10), "magic");
  out.version = std::string(c.cstring("version"));
  out.big_endian = c.u8("endianness") != 0;
  c.set_swap(out.big_endian != kHostBigEndian);
  out.long_size = c.u8("long size");
  out.page_size = c.u32("page size");
  if (c.ok() && out.page_size == 0) {
    err = {c.pos() - 4, "page size is 0"};
    return false;
  }
  c.expect(std::string_view("header_page\0", 12), "header_page tag");
  out.header_page = c.text(c.u64("header_page size"), "header_page");
  c.expect(std::string_view("header_event\0", 13), "header_event tag");
  out.header_event = c.text(c.u64("header_event size"), "header_event");

  // Counts are bounded by the data: every entry consumes at least one byte, so a hostile count
  // ends at the first short read.
  uint32_t n = c.u32("ftrace format count");
  for (uint32_t i = 0; i < n && c.ok(); ++i) {
    std::string_view t = c.text(c.u64("ftrace format size"), "ftrace format");
    if (c.ok()) out.ftrace_formats.push_back(t);
  }
  uint32_t systems = c.u32("system count");
  for (uint32_t s = 0; s < systems && c.ok(); ++s) {
    std::string_view sys = c.cstring("system name");
    uint32_t count = c.u32("event format count");
    for (uint32_t i = 0; i < count && c.ok(); ++i) {
      std::string_view t = c.text(c.u64("event format size"), "event format");
      if (c.ok()) out.event_formats.push_back({sys, t});
    }
  }
  out.kallsyms = c.text(c.u32("kallsyms size"), "kallsyms");
  out.printk_formats = c.text(c.u32("printk formats size"), "printk formats");
  if (std::strtod(out.version.c_str(), nullptr) >= 0.6)
    out.saved_cmdlines = c.text(c.u64("saved cmdlines size"), "saved cmdlines");
  out.size = c.pos();
  return c.ok();
}

}  // namespace cperf
