// TraceEvents: the tracepoint formats of a recording, held in a libtraceevent tep_handle, and
// perf script's text for a tracepoint sample's raw data (perf's event_format__fprintf: the
// event's print format applied to the fields, tep_print_event's "INFO").
//
// Like upstream perf as Debian builds it, no libtraceevent plugins are loaded, so every event
// prints through its own print fmt (e.g. sched_switch prints "prev_comm=... ==> next_comm=...").
//
// Not thread-safe. Raw data passed to format() is copied into a zero-padded buffer first, so a
// record whose fields (or __data_loc offsets) point past its end reads zeros, never foreign
// memory.
#pragma once
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "base/byte_reader.h"
#include "trace/tracing_data.h"

struct tep_handle;
struct tep_event;

namespace cperf {

class TraceEvents {
 public:
  TraceEvents();
  ~TraceEvents();
  TraceEvents(const TraceEvents&) = delete;
  TraceEvents& operator=(const TraceEvents&) = delete;

  // Feeds the formats of a split tracing_data blob to libtraceevent (perf's trace_report).
  // An event format libtraceevent rejects is left out (its samples print no fields); returns
  // the number of formats that failed.
  int load(const TracingData& td);
  // parse_tracing_data() + load(). Returns false (and err) for a malformed blob.
  bool load_blob(Bytes blob, TracingDataError& err);
  bool loaded() const { return loaded_; }

  // Resolves kernel text addresses for %pS-style fields: given an address, returns the symbol
  // name (or nullptr) and sets addr to the symbol's start. Set before formatting.
  using KernelSymbolizer = std::function<const char*(uint64_t& addr)>;
  void set_kernel_symbolizer(KernelSymbolizer f);

  // Does a format for tracepoint id (attr.config) exist?
  bool has_event(uint64_t id) const;
  // "sys:name" of a tracepoint id, or empty.
  std::string event_name(uint64_t id) const;

  // Appends perf script's field text for one sample to `out`. Returns false when the id has
  // no format (nothing appended).
  bool format(uint64_t id, int cpu, Bytes raw, std::string& out);
  // The same without the print format: each field as " name=value" (perf's --raw-trace).
  bool format_fields(uint64_t id, Bytes raw, std::string& out);

  // For scripting engines: the libtraceevent handle, the format of a tracepoint id (or
  // nullptr), and a zero-padded copy of raw data (valid until the next padded()/format()).
  tep_handle* tep() const { return tep_; }
  tep_event* event(uint64_t id) const;
  const void* padded(Bytes raw);

 private:
  static char* resolve_function(void* priv, unsigned long long* addr, char** mod);

  tep_handle* tep_ = nullptr;
  bool loaded_ = false;
  KernelSymbolizer symbolizer_;
  std::vector<char> buf_;    // padded copy of the raw data being formatted
  size_t buf_dirty_ = 0;     // bytes at the start of buf_ that may be non-zero
};

}  // namespace cperf
