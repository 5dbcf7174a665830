// The tracing_data blob that perf record stores for tracepoint events: HEADER_TRACING_DATA in
// files, the payload of PERF_RECORD_HEADER_TRACING_DATA in pipes (perf's
// util/trace-event-read.c reads it; lib/writer/tracing_data.cpp writes it). Layout:
//
//   "\x17\x08\x44" "tracing"  version "0.5"/"0.6" NUL  u8 big_endian  u8 long_size  u32 page_size
//   "header_page\0"  u64 size  text        "header_event\0"  u64 size  text
//   u32 n  n x (u64 size, ftrace format text)
//   u32 nsys  nsys x (system NUL, u32 n, n x (u64 size, event format text))
//   u32 size  kallsyms text          u32 size  printk formats text
//   (version >= 0.6)  u64 size  saved cmdlines text
//
// Every number after the endianness byte is in the blob's byte order. parse_tracing_data()
// only splits the blob; the texts are views into it and live as long as its bytes.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "base/byte_reader.h"

namespace cperf {

struct TracingData {
  std::string version;
  bool big_endian = false;
  uint8_t long_size = 0;
  uint32_t page_size = 0;
  std::string_view header_page, header_event;
  std::vector<std::string_view> ftrace_formats;
  struct EventFormat {
    std::string_view system;
    std::string_view text;
  };
  std::vector<EventFormat> event_formats;
  std::string_view kallsyms, printk_formats, saved_cmdlines;
  size_t size = 0;  // bytes the blob takes (pipe records pad it to 8)
};

struct TracingDataError {
  size_t pos = 0;    // byte offset inside the blob where reading failed
  std::string what;  // e.g. "truncated event format (needs 1234 bytes, 20 left)"
};

// Splits `data` into its parts. Returns false and sets `err` on a bad magic or a part that does
// not fit in the bytes given. Never reads outside `data`.
bool parse_tracing_data(Bytes data, TracingData& out, TracingDataError& err);

}  // namespace cperf
