// lib/trace: the tracing_data splitter on hand-built blobs (good, every truncation, hostile
// sizes, other byte order) and TraceEvents' perf-script text for a synthetic tracepoint.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "trace/trace_events.h"
#include "trace/tracing_data.h"

namespace cperf {
namespace {

const char kHeaderPage[] =
    "\tfield: u64 timestamp;\toffset:0;\tsize:8;\tsigned:0;\n"
    "\tfield: local_t commit;\toffset:8;\tsize:8;\tsigned:1;\n"
    "\tfield: int overwrite;\toffset:8;\tsize:1;\tsigned:1;\n"
    "\tfield: char data;\toffset:16;\tsize:4080;\tsigned:1;\n";

const char kFormat[] =
    "name: test_event\n"
    "ID: 42\n"
    "format:\n"
    "\tfield:unsigned short common_type;\toffset:0;\tsize:2;\tsigned:0;\n"
    "\tfield:unsigned char common_flags;\toffset:2;\tsize:1;\tsigned:0;\n"
    "\tfield:unsigned char common_preempt_count;\toffset:3;\tsize:1;\tsigned:0;\n"
    "\tfield:int common_pid;\toffset:4;\tsize:4;\tsigned:1;\n"
    "\n"
    "\tfield:char comm[16];\toffset:8;\tsize:16;\tsigned:0;\n"
    "\tfield:int value;\toffset:24;\tsize:4;\tsigned:1;\n"
    "\tfield:__data_loc char[] msg;\toffset:28;\tsize:4;\tsigned:0;\n"
    "\n"
    "print fmt: \"comm=%s value=%d msg=%s\", REC->comm, REC->value, __get_str(msg)\n";

// Writes a tracing_data blob as perf record does, in either byte order.
class Blob {
 public:
  explicit Blob(bool big_endian = false) : big_(big_endian) {}
  Blob& raw(const void* p, size_t n) {
    const auto* b = static_cast<const std::byte*>(p);
    buf_.insert(buf_.end(), b, b + n);
    return *this;
  }
  Blob& str(std::string_view s) { return raw(s.data(), s.size()).raw("", 1); }
  Blob& u8(uint8_t v) { return raw(&v, 1); }
  Blob& u32(uint32_t v) {
    if (big_ != (std::endian::native == std::endian::big)) v = bswap32(v);
    return raw(&v, 4);
  }
  Blob& u64(uint64_t v) {
    if (big_ != (std::endian::native == std::endian::big)) v = bswap64(v);
    return raw(&v, 8);
  }
  Blob& sized8(std::string_view s) { return u64(s.size()).raw(s.data(), s.size()); }
  Bytes bytes() const { return Bytes(buf_.data(), buf_.size()); }
  Bytes prefix(size_t n) const { return Bytes(buf_.data(), n); }

  // A complete blob with one ftrace-less event of system "test".
  static Blob standard(bool big_endian = false, const char* format = kFormat,
                       std::string_view printk = "") {
    Blob b(big_endian);
    b.raw("\x17\x08\x44tracing", 10).str("0.6").u8(big_endian).u8(8).u32(4096);
    b.raw("header_page", 12).sized8(kHeaderPage);
    b.raw("header_event", 13).sized8("# compressed entry header\n");
    b.u32(0);                           // ftrace formats
    b.u32(1).str("test").u32(1).sized8(format);  // one system with one event
    b.u32(0);                           // kallsyms
    b.u32(static_cast<uint32_t>(printk.size())).raw(printk.data(), printk.size());
    b.sized8("1234 worker\n");          // saved cmdlines
    return b;
  }

 private:
  bool big_;
  std::vector<std::byte> buf_;
};

TEST(TracingData, SplitsEveryPart) {
  Blob b = Blob::standard();
  TracingData td;
  TracingDataError err;
  ASSERT_TRUE(parse_tracing_data(b.bytes(), td, err)) << err.what;
  EXPECT_EQ(td.version, "0.6");
  EXPECT_FALSE(td.big_endian);
  EXPECT_EQ(td.long_size, 8);
  EXPECT_EQ(td.page_size, 4096u);
  EXPECT_EQ(td.header_page, kHeaderPage);
  ASSERT_EQ(td.event_formats.size(), 1u);
  EXPECT_EQ(td.event_formats[0].system, "test");
  EXPECT_EQ(td.event_formats[0].text, kFormat);
  EXPECT_EQ(td.saved_cmdlines, "1234 worker\n");
  EXPECT_EQ(td.size, b.bytes().size());
}

TEST(TracingData, ReadsBigEndianSizes) {
  Blob b = Blob::standard(/*big_endian=*/true);
  TracingData td;
  TracingDataError err;
  ASSERT_TRUE(parse_tracing_data(b.bytes(), td, err)) << err.what;
  EXPECT_TRUE(td.big_endian);
  EXPECT_EQ(td.page_size, 4096u);
  ASSERT_EQ(td.event_formats.size(), 1u);
  EXPECT_EQ(td.event_formats[0].text, kFormat);
}

TEST(TracingData, EveryTruncationIsAnError) {
  Blob b = Blob::standard();
  for (size_t n = 0; n < b.bytes().size(); ++n) {
    TracingData td;
    TracingDataError err;
    EXPECT_FALSE(parse_tracing_data(b.prefix(n), td, err)) << "prefix " << n;
    EXPECT_FALSE(err.what.empty()) << "prefix " << n;
    EXPECT_LE(err.pos, n) << "prefix " << n;
  }
}

TEST(TracingData, VersionBefore06HasNoSavedCmdlines) {
  Blob b;
  b.raw("\x17\x08\x44tracing", 10).str("0.5").u8(0).u8(8).u32(4096);
  b.raw("header_page", 12).sized8(kHeaderPage).raw("header_event", 13).sized8("");
  b.u32(0).u32(0).u32(0).u32(0);
  TracingData td;
  TracingDataError err;
  ASSERT_TRUE(parse_tracing_data(b.bytes(), td, err)) << err.what;
  EXPECT_TRUE(td.saved_cmdlines.empty());
  EXPECT_EQ(td.size, b.bytes().size());
}

TEST(TracingData, HostileInputGivesClearErrors) {
  TracingData td;
  TracingDataError err;
  Blob bad_magic;
  bad_magic.raw("\x17\x08\x44tracinG", 10).str("0.6");
  EXPECT_FALSE(parse_tracing_data(bad_magic.bytes(), td, err));
  EXPECT_EQ(err.what, "bad magic");
  EXPECT_EQ(err.pos, 0u);

  Blob no_nul;
  no_nul.raw("\x17\x08\x44tracing", 10).raw("0.6", 3);
  EXPECT_FALSE(parse_tracing_data(no_nul.bytes(), td, err));
  EXPECT_EQ(err.what, "unterminated version");

  Blob zero_page;
  zero_page.raw("\x17\x08\x44tracing", 10).str("0.6").u8(0).u8(8).u32(0);
  EXPECT_FALSE(parse_tracing_data(zero_page.bytes(), td, err));
  EXPECT_EQ(err.what, "page size is 0");

  Blob huge;  // a header_page size near 2^64 must not wrap around
  huge.raw("\x17\x08\x44tracing", 10).str("0.6").u8(0).u8(8).u32(4096);
  huge.raw("header_page", 12).u64(~uint64_t{0} - 3).raw("xxxx", 4);
  EXPECT_FALSE(parse_tracing_data(huge.bytes(), td, err));
  EXPECT_EQ(err.what.rfind("truncated header_page (needs 18446744073709551612 bytes", 0), 0u)
      << err.what;

  Blob many;  // 4 billion systems announced, none present
  many.raw("\x17\x08\x44tracing", 10).str("0.6").u8(0).u8(8).u32(4096);
  many.raw("header_page", 12).sized8(kHeaderPage).raw("header_event", 13).sized8("");
  many.u32(0).u32(0xffffffff);
  EXPECT_FALSE(parse_tracing_data(many.bytes(), td, err));
  EXPECT_EQ(err.what, "unterminated system name");

  Blob wrong_tag = Blob();
  wrong_tag.raw("\x17\x08\x44tracing", 10).str("0.6").u8(0).u8(8).u32(4096);
  wrong_tag.raw("header_pagX", 12);
  EXPECT_FALSE(parse_tracing_data(wrong_tag.bytes(), td, err));
  EXPECT_EQ(err.what, "bad header_page tag");
}

// Raw sample data of test_event: common fields, comm, value, then the __data_loc string.
std::vector<std::byte> raw_event(const char* comm, int32_t value, const char* msg,
                                 uint16_t loc_offset = 32) {
  std::vector<std::byte> r(32 + std::strlen(msg) + 1 + 4);
  uint16_t type = 42;
  std::memcpy(&r[0], &type, 2);
  int32_t pid = 1234;
  std::memcpy(&r[4], &pid, 4);
  std::strncpy(reinterpret_cast<char*>(&r[8]), comm, 16);
  std::memcpy(&r[24], &value, 4);
  uint32_t loc = (static_cast<uint32_t>(std::strlen(msg) + 1) << 16) | loc_offset;
  std::memcpy(&r[28], &loc, 4);
  std::memcpy(&r[32], msg, std::strlen(msg) + 1);
  return r;
}

TEST(TraceEvents, FormatsFieldsWithThePrintFmt) {
  Blob b = Blob::standard();
  TraceEvents te;
  TracingDataError err;
  ASSERT_TRUE(te.load_blob(b.bytes(), err)) << err.what;
  EXPECT_TRUE(te.has_event(42));
  EXPECT_FALSE(te.has_event(43));
  EXPECT_EQ(te.event_name(42), "test:test_event");
  auto raw = raw_event("sleep", -7, "hello");
  std::string out;
  ASSERT_TRUE(te.format(42, 0, Bytes(raw.data(), raw.size()), out));
  EXPECT_EQ(out, "comm=sleep value=-7 msg=hello");
  out.clear();
  EXPECT_FALSE(te.format(43, 0, Bytes(raw.data(), raw.size()), out));
  EXPECT_EQ(out, "");
}

TEST(TraceEvents, HostileRawDataDoesNotReadOutside) {
  Blob b = Blob::standard();
  TraceEvents te;
  TracingDataError err;
  ASSERT_TRUE(te.load_blob(b.bytes(), err)) << err.what;
  // A __data_loc far past the record, then records cut short at every length: zeros are read
  // instead of foreign memory (the sanitizer build would catch an overread).
  auto raw = raw_event("x", 1, "abc", 0xfff0);
  std::string out;
  EXPECT_TRUE(te.format(42, 1, Bytes(raw.data(), raw.size()), out));
  for (size_t n = 0; n <= raw.size(); ++n) {
    out.clear();
    te.format(42, 1, Bytes(raw.data(), n), out);
  }
  // After a long record, a short one must not see the long one's leftover bytes.
  auto long_raw = raw_event("longcomm", 5, "a long message");
  out.clear();
  te.format(42, 0, Bytes(long_raw.data(), long_raw.size()), out);
  out.clear();
  te.format(42, 0, Bytes(long_raw.data(), 12), out);
  EXPECT_EQ(out.find("message"), std::string::npos) << out;
}

TEST(TraceEvents, OddPrintkFormatLinesAreSkipped) {
  // libtraceevent reads before formats shorter than 3 characters (a sanitizer build catches
  // it); lines without " : " have no format at all.
  Blob b = Blob::standard(false, kFormat,
                          "0xffffffff81000000 : \"ok %d\\n\"\n0x1 : \"\"\n0x2 : \"\n0x3 :\nno colon\n");
  TraceEvents te;
  TracingDataError err;
  ASSERT_TRUE(te.load_blob(b.bytes(), err)) << err.what;
  EXPECT_TRUE(te.has_event(42));
}

TEST(TraceEvents, UnparsableFormatIsSkipped) {
  Blob b = Blob::standard(false, "name: broken\nID: 7\nformat:\n\tfield:int");
  TraceEvents te;
  TracingDataError err;
  ASSERT_TRUE(te.load_blob(b.bytes(), err)) << err.what;
  std::string out;
  std::vector<std::byte> raw(8);
  te.format(7, 0, Bytes(raw.data(), raw.size()), out);  // must not crash
}

}  // namespace
}  // namespace cperf
