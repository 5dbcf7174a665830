// `data convert --to-json`: perf 7.2's JSON export of a perf.data file. The layout (keys,
// order, tab indentation, where commas and newlines go) is perf's, so tools that parse
// perf's output read cperf's:
//   {"linux-perf-json-version": 1, "headers": {...}, "samples": [{...}, ...]}
// Headers: the file header's offsets, the recording machine's features (a pipe's arrive
// only with its records, so perf shows its own fallbacks there), the command line. Samples,
// in time order (deferred user callchains merged as everywhere): time, pid, tid, cpu (when
// sampled), comm, the callchain (each frame's ip, and its symbol and dso when it has one),
// and a tracepoint's fields by name as libtraceevent prints them.
#pragma once
#include <cstdint>
#include <cstdio>
#include <string>

#include "script/kernel_map_finder.h"
#include "script/symbols.h"
#include "script/time_ranges.h"
#include "session/session.h"
#include "machine/machine.h"
#include "trace/trace_events.h"

namespace cperf {

// A JSON string value: quoted, with RFC 8259's escapes (control characters as \u00XX).
std::string json_string(const std::string& s);

struct JsonExportOptions {
  std::string symfs, kallsyms;  // cperf's additions (perf has none here)
  TimeRanges time;              // --time: samples outside are skipped (and counted)
};

// Writes everything up to the samples' "[" (perf prints its headers before any record).
// input_mtime: the input's modification time ("captured-on"); <0: not known (left out).
void write_json_headers(std::FILE* out, PerfDataReader& reader, long long input_mtime);
// Closes the samples array and the object.
void write_json_end(std::FILE* out);

class JsonExportTool : public SessionTool {
 public:
  JsonExportTool(std::FILE* out, const JsonExportOptions& o);
  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;
  uint64_t samples() const { return samples_; }
  uint64_t skipped() const { return skipped_; }
  uint64_t lost_samples() const { return lost_samples_; }  // LOST_SAMPLES' sum

 private:
  void write_sample(Event& ev, Session& s);
  void write_frame(uint64_t ip, const Thread& t, uint8_t cpumode, bool first);
  void write_trace_fields(Session& s, const perf_event_attr& attr, Bytes raw);

  std::FILE* out_;
  JsonExportOptions opts_;
  Machine machine_;
  ScriptSymbols symbols_;
  KernelMapFinder kernel_maps_{machine_, symbols_};
  TraceEvents trace_;
  bool trace_tried_ = false;
  bool first_ = true;
  // perf asks whether any event samples the cpu: worked out again only when attrs come
  size_t attrs_seen_ = 0;
  bool any_cpu_ = false;
  uint64_t samples_ = 0, skipped_ = 0, lost_samples_ = 0;
};

}  // namespace cperf
