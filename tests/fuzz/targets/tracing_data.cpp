// libFuzzer target: a recording's tracing data (HEADER_TRACING_DATA: tracepoint format files,
// kallsyms, printk formats) through cperf's splitter and libtraceevent, then a tracepoint
// sample's raw fields printed with each format. Input: a 4-byte little-endian length L, L
// bytes of tracing data, then the raw sample bytes.
#include <cstring>
#include <string>

#include "trace/trace_events.h"
#include "trace/tracing_data.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 4) return 0;
  uint32_t len;
  std::memcpy(&len, data, 4);
  if (len > size - 4) len = static_cast<uint32_t>(size - 4);
  cperf::Bytes blob(reinterpret_cast<const std::byte*>(data + 4), len);
  cperf::Bytes raw(reinterpret_cast<const std::byte*>(data + 4 + len), size - 4 - len);
  cperf::TracingData td;
  cperf::TracingDataError err;
  if (!cperf::parse_tracing_data(blob, td, err)) return 0;
  cperf::TraceEvents events;
  events.load(td);
  for (const auto& f : td.event_formats) {  // each format's "ID: N" line names its tracepoint
    size_t at = f.text.find("\nID: ");
    if (at == std::string_view::npos) continue;
    uint64_t id = std::strtoull(std::string(f.text.substr(at + 5, 20)).c_str(), nullptr, 10);
    std::string out;
    events.format(id, 0, raw, out);
  }
  return 0;
}
