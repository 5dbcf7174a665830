#include "convert/json_export.h"

#include <sys/utsname.h>
#include <traceevent/event-parse.h>

#include <algorithm>
#include <cinttypes>
#include <ctime>

#include "base/byte_reader.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "header/build_id_table.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "record/sample.h"
#include "record/side_band.h"
#include "writer/features.h"

namespace cperf {

std::string json_string(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        // perf compares the (signed) char: bytes of UTF-8 sequences pass through
        if (static_cast<signed char>(c) <= 0x1f && static_cast<signed char>(c) >= 0) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          out += buf;
        } else {
          out += c;
        }
    }
  }
  return out + "\"";
}

namespace {

// perf's layout: each value on its own line, indented by tabs, the comma ending the line
// before it.
void next_line(std::FILE* out, bool comma, int depth) {
  if (comma) std::fputc(',', out);
  std::fputc('\n', out);
  for (int i = 0; i < depth; ++i) std::fputc('\t', out);
}

void key_raw(std::FILE* out, bool comma, int depth, const char* key, const std::string& value) {
  next_line(out, comma, depth);
  std::fprintf(out, "%s: %s", json_string(key).c_str(), value.c_str());
}

void key_string(std::FILE* out, bool comma, int depth, const char* key, const std::string& value) {
  key_raw(out, comma, depth, key, json_string(value));
}

// A header string feature (u32 length, then the NUL-padded text); "" when absent.
// A string feature's text ("" without one); present: whether the file has the section at all.
std::string feature_text_or_empty(PerfDataReader& reader, int feat, bool* present = nullptr) {
  auto it = reader.features().find(feat);
  if (present) *present = it != reader.features().end() && !it->second.empty();
  return feature_string(reader, feat).value_or("");
}

}  // namespace

void write_json_headers(std::FILE* out, PerfDataReader& reader, long long input_mtime) {
  const bool pipe = reader.is_pipe();
  std::fputc('{', out);
  next_line(out, false, 1);
  std::fputs("\"linux-perf-json-version\": 1", out);
  next_line(out, true, 1);
  std::fputs("\"headers\": {", out);
  key_raw(out, false, 2, "header-version", reader.header().magic == kPerfMagic1 ? "0" : "1");
  if (input_mtime >= 0) {
    std::time_t t = static_cast<std::time_t>(input_mtime);
    char buf[64];
    std::strftime(buf, sizeof buf, "%FT%TZ", std::gmtime(&t));
    key_string(out, true, 2, "captured-on", buf);
  }
  const FileHeader& h = reader.header();
  uint64_t data_offset = pipe ? 0 : h.data.offset, data_size = pipe ? 0 : h.data.size;
  key_raw(out, true, 2, "data-offset", std::to_string(data_offset));
  key_raw(out, true, 2, "data-size", std::to_string(data_size));
  key_raw(out, true, 2, "feat-offset", std::to_string(pipe ? 0 : data_offset + data_size));
  // Where the file has no such feature (a pipe's come with its records, after this), perf
  // shows this machine's kernel release and cpuid, and empty values for the others.
  struct utsname u{};
  ::uname(&u);
  key_string(out, true, 2, "hostname", feature_text_or_empty(reader, HEADER_HOSTNAME));
  bool has_release = false, has_cpuid = false;
  std::string release = feature_text_or_empty(reader, HEADER_OSRELEASE, &has_release);
  key_string(out, true, 2, "os-release", has_release ? release : std::string(u.release));
  key_string(out, true, 2, "arch", feature_text_or_empty(reader, HEADER_ARCH));
  bool has_desc = false;
  std::string desc = feature_text_or_empty(reader, HEADER_CPUDESC, &has_desc);
  if (has_desc) key_string(out, true, 2, "cpu-desc", desc);
  std::string cpuid = feature_text_or_empty(reader, HEADER_CPUID, &has_cpuid);
  key_string(out, true, 2, "cpuid", has_cpuid ? cpuid : cpu_id_string());
  // a file without the count: perf's MAX_NR_CPUS (it warns so); a pipe's comes later
  uint32_t avail = pipe ? 0 : 4096, online = 0;
  if (auto it = reader.features().find(HEADER_NRCPUS); it != reader.features().end()) {
    ByteReader r(it->second, reader.swapped());
    avail = r.u32();
    online = r.u32();
    if (!r.ok()) avail = online = 0;
  }
  key_raw(out, true, 2, "nrcpus-online", std::to_string(online));
  key_raw(out, true, 2, "nrcpus-avail", std::to_string(avail));
  if (auto it = reader.features().find(HEADER_CLOCK_DATA); it != reader.features().end()) {
    ByteReader r(it->second, reader.swapped());
    r.u32();  // version
    uint32_t clockid = r.u32();
    uint64_t tod_ns = r.u64(), clock_ns = r.u64();
    if (r.ok()) {
      key_raw(out, true, 2, "clockid", std::to_string(clockid));
      key_raw(out, true, 2, "clock-time", std::to_string(clock_ns));
      key_raw(out, true, 2, "real-time", std::to_string(tod_ns));
    }
  }
  key_string(out, true, 2, "perf-version", feature_text_or_empty(reader, HEADER_VERSION));
  key_raw(out, true, 2, "cmdline", "[");
  if (auto it = reader.features().find(HEADER_CMDLINE); it != reader.features().end()) {
    ByteReader r(it->second, reader.swapped());
    uint32_t n = r.u32();
    for (uint32_t i = 0; i < n && r.ok(); ++i) {
      uint32_t len = r.u32();
      Bytes b = r.bytes(len);
      if (!r.ok()) break;
      const char* p = reinterpret_cast<const char*>(b.data());
      next_line(out, i != 0, 3);
      std::fputs(json_string(std::string(p, strnlen(p, b.size()))).c_str(), out);
    }
  }
  next_line(out, false, 2);
  std::fputc(']', out);
  next_line(out, false, 1);
  std::fputc('}', out);
  next_line(out, true, 1);
  std::fputs("\"samples\": [", out);
}

void write_json_end(std::FILE* out) {
  next_line(out, false, 1);
  std::fputc(']', out);
  next_line(out, false, 0);
  std::fputs("}\n", out);
}

JsonExportTool::JsonExportTool(std::FILE* out, const JsonExportOptions& o)
    : out_(out), opts_(o), symbols_(o.symfs, o.kallsyms) {
  symbols_.set_kernel_maps(&machine_.kernel_maps());
  symbols_.set_inline_frames(false);
  symbols_.set_quiet_kernel(true);
}

void JsonExportTool::user_record(const RawRecord& rec, Session& s) {
  name_kernel_dsos(machine_, rec, s.swapped());
  if (rec.type == PERF_RECORD_HEADER_FEATURE) return check_feature_record(rec, s.reader());
  if (rec.type != PERF_RECORD_HEADER_TRACING_DATA) return;
  TracingDataError err;
  trace_tried_ = true;
  trace_.load_blob(rec.payload, err);
}

void JsonExportTool::record(Event& ev, Session& s) {
  symbols_.use_build_ids(s.reader(), &machine_);
  const RawRecord& rec = ev.raw;
  if (rec.type == PERF_RECORD_SAMPLE) return write_sample(ev, s);
  if (rec.type == PERF_RECORD_HEADER_TRACING_DATA) return user_record(rec, s);
  SideBand sb;
  if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
  if (rec.type == PERF_RECORD_LOST_SAMPLES) lost_samples_ += sb.lost;
  apply_side_band(machine_, rec, sb, ev.time);
  // perf forgets an exited thread: a later sample of its tid starts a fresh one (":tid")
  if (rec.type == PERF_RECORD_EXIT) machine_.remove_thread(sb.tid);
}

// One frame: its address, and its symbol and the symbol's dso when it has one.
void JsonExportTool::write_frame(uint64_t ip, const Thread& t, uint8_t cpumode, bool first) {
  if (!first) std::fputc(',', out_);
  next_line(out_, false, 4);
  std::fputc('{', out_);
  char buf[32];
  std::snprintf(buf, sizeof buf, "\"0x%" PRIx64 "\"", ip);
  key_raw(out_, false, 5, "ip", buf);
  const Map* m = cpumode == PERF_RECORD_MISC_KERNEL ? kernel_maps_.find(ip)
                 : cpumode == PERF_RECORD_MISC_USER && t.maps ? t.maps->find(ip)
                                                               : nullptr;
  if (m) {
    const Symbol* sym = symbols_.find(m, m->map_ip(ip)).sym;
    if (sym && !sym->name.empty()) {
      std::fputc(',', out_);
      key_string(out_, false, 5, "symbol", sym->name);
      if (m->dso && !m->dso->short_name.empty()) {
        std::fputc(',', out_);
        key_string(out_, false, 5, "dso", m->dso->short_name);
      }
    }
  }
  next_line(out_, false, 4);
  std::fputc('}', out_);
}

void JsonExportTool::write_trace_fields(Session& s, const perf_event_attr& attr, Bytes raw) {
  if (!trace_tried_) {
    trace_tried_ = true;
    TracingDataError err;
    if (auto it = s.reader().features().find(HEADER_TRACING_DATA); it != s.reader().features().end())
      trace_.load_blob(it->second, err);
  }
  tep_event* e = trace_.event(attr.config);
  if (!e) return;
  tep_format_field** fields = tep_event_fields(e);
  if (!fields) return;
  const void* data = trace_.padded(raw);
  for (int i = 0; fields[i]; ++i) {
    trace_seq seq;
    trace_seq_init(&seq);
    tep_print_field(&seq, const_cast<void*>(data), fields[i]);
    trace_seq_terminate(&seq);
    key_string(out_, true, 3, fields[i]->name, seq.buffer ? seq.buffer : "");
    trace_seq_destroy(&seq);
  }
  free(fields);
}

void JsonExportTool::write_sample(Event& ev, Session& s) {
  if (ev.attr_index < 0) return;
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  DecodedSample ds;
  if (!decode_sample(ev.raw.bytes, s.swapped(), attr, ds).empty()) return;
  if (opts_.time.skip(ds.time)) {
    ++skipped_;
    return;
  }
  ++samples_;
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  if (!first_) std::fputc(',', out_);
  first_ = false;
  next_line(out_, false, 2);
  std::fputc('{', out_);
  key_raw(out_, false, 3, "timestamp", std::to_string(static_cast<int64_t>(ds.time)));
  key_raw(out_, true, 3, "pid", std::to_string(t.pid));
  key_raw(out_, true, 3, "tid", std::to_string(t.tid));
  if (s.attrs().size() != attrs_seen_) {  // a pipe's attrs may still be arriving
    attrs_seen_ = s.attrs().size();
    any_cpu_ = std::any_of(s.attrs().begin(), s.attrs().end(),
                           [](const EventAttrEntry& a) { return (a.attr.sample_type & PERF_SAMPLE_CPU) != 0; });
  }
  if (any_cpu_) key_raw(out_, true, 3, "cpu", std::to_string(static_cast<int32_t>(ds.cpu)));
  key_string(out_, true, 3, "comm", t.comm_str());
  key_raw(out_, true, 3, "callchain", "[");
  if (ds.sample_type & PERF_SAMPLE_CALLCHAIN) {
    uint8_t cpumode = PERF_RECORD_MISC_USER;  // perf's start, whatever the sample's mode
    bool first = true;
    for (size_t i = 0; i < ds.callchain.size(); ++i) {
      uint64_t ip = ds.callchain[i];
      if (ip >= PERF_CONTEXT_MAX) {
        if (ip == PERF_CONTEXT_HV) cpumode = PERF_RECORD_MISC_HYPERVISOR;
        else if (ip == PERF_CONTEXT_KERNEL) cpumode = PERF_RECORD_MISC_KERNEL;
        else if (ip == PERF_CONTEXT_USER) cpumode = PERF_RECORD_MISC_USER;
        continue;
      }
      write_frame(ip, t, cpumode, first);
      first = false;
    }
  } else {
    write_frame(ds.ip, t, ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK, true);
  }
  next_line(out_, false, 3);
  std::fputc(']', out_);
  if (attr.type == PERF_TYPE_TRACEPOINT && (ds.sample_type & PERF_SAMPLE_RAW)) write_trace_fields(s, attr, ds.raw);
  next_line(out_, false, 2);
  std::fputc('}', out_);
}

}  // namespace cperf
