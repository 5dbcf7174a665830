#include "convert/ctf_export.h"

#include <babeltrace/ctf-writer/clock.h>
#include <babeltrace/ctf-writer/event-fields.h>
#include <babeltrace/ctf-writer/event-types.h>
#include <babeltrace/ctf-writer/event.h>
#include <babeltrace/ctf-writer/stream-class.h>
#include <babeltrace/ctf-writer/stream.h>
#include <babeltrace/ctf-writer/writer.h>

#include <cstdio>
#include <cstring>

#include "base/byte_reader.h"
#include "format/record_types.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "linux/perf_event.h"
#include "record/sample.h"
#include "record/side_band.h"

namespace cperf {

namespace {

// A stream holds its events until flushed: a packet now and then keeps memory flat.
constexpr uint64_t kFlushEvery = 4096;
constexpr uint32_t kMaxCpus = 4096;  // perf's limit when the file does not say

// One payload field: made, set by `fill`, handed to the event (which keeps its reference).
template <typename Fill>
bool set_field(bt_ctf_event* ev, struct bt_ctf_field_type* type, const char* name, Fill fill) {
  bt_ctf_field* f = bt_ctf_field_create(type);
  if (!f) return false;
  bool ok = fill(f) == 0 && bt_ctf_event_set_payload(ev, name, f) == 0;
  bt_ctf_field_put(f);
  return ok;
}

bool set_u64(bt_ctf_event* ev, struct bt_ctf_field_type* t, const char* name, uint64_t v) {
  return set_field(ev, t, name, [v](bt_ctf_field* f) { return bt_ctf_field_unsigned_integer_set_value(f, v); });
}

bool set_s64(bt_ctf_event* ev, struct bt_ctf_field_type* t, const char* name, int64_t v) {
  return set_field(ev, t, name, [v](bt_ctf_field* f) { return bt_ctf_field_signed_integer_set_value(f, v); });
}

bool set_string(bt_ctf_event* ev, struct bt_ctf_field_type* t, const char* name, std::string_view v) {
  std::string s = ctf_printable(v.data(), v.size());
  return set_field(ev, t, name, [&s](bt_ctf_field* f) { return bt_ctf_field_string_set_value(f, s.c_str()); });
}

// A sequence field: its length field `len_name` (u32) set to values.size(), then the values.
template <typename Values>
bool set_sequence(bt_ctf_event* ev, bt_ctf_event_class* cls, const char* len_name, const char* name,
                  const Values& values, size_t n) {
  struct bt_ctf_field_type* len_type = bt_ctf_event_class_get_field_by_name(cls, len_name);
  struct bt_ctf_field_type* seq_type = bt_ctf_event_class_get_field_by_name(cls, name);
  bt_ctf_field* len = len_type ? bt_ctf_field_create(len_type) : nullptr;
  bt_ctf_field* seq = seq_type ? bt_ctf_field_create(seq_type) : nullptr;
  bool ok = len && seq && bt_ctf_field_unsigned_integer_set_value(len, n) == 0 &&
            bt_ctf_event_set_payload(ev, len_name, len) == 0 && bt_ctf_field_sequence_set_length(seq, len) == 0;
  for (size_t i = 0; ok && i < n; ++i) {
    bt_ctf_field* item = bt_ctf_field_sequence_get_field(seq, i);
    ok = item && bt_ctf_field_unsigned_integer_set_value(item, values(i)) == 0;
    if (item) bt_ctf_field_put(item);
  }
  ok = ok && bt_ctf_event_set_payload(ev, name, seq) == 0;
  for (bt_ctf_field* f : {len, seq})
    if (f) bt_ctf_field_put(f);
  for (struct bt_ctf_field_type* t : {len_type, seq_type})
    if (t) bt_ctf_field_type_put(t);
  return ok;
}

bool is_bpf_output(const perf_event_attr& a) {
  return a.type == PERF_TYPE_SOFTWARE && a.config == PERF_COUNT_SW_BPF_OUTPUT;
}

}  // namespace

CtfExportTool::CtfExportTool(const std::string& dir, const CtfExportOptions& o) : opts_(o), dir_(dir) {}

CtfExportTool::~CtfExportTool() {
  for (auto& [cpu, cs] : streams_)
    if (cs.stream) bt_ctf_stream_put(cs.stream);
  for (EventClass& c : classes_)
    if (c.cls) bt_ctf_event_class_put(c.cls);
  for (auto& [type, cls] : side_band_)
    if (cls) bt_ctf_event_class_put(cls);
  if (stream_class_) bt_ctf_stream_class_put(stream_class_);
  if (clock_) bt_ctf_clock_put(clock_);
  if (writer_) bt_ctf_writer_put(writer_);
}

void CtfExportTool::fail(const std::string& what) {
  if (error_.empty()) error_ = what;
}

bool CtfExportTool::open(PerfDataReader& reader) {
  std::string description = "perf clock";
  int64_t offset = 0;
  if (opts_.tod) {
    auto it = reader.features().find(HEADER_CLOCK_DATA);
    ByteReader r(it == reader.features().end() ? Bytes() : it->second, reader.swapped());
    r.u32();  // version
    uint32_t clockid = r.u32();
    uint64_t tod_ns = r.u64(), clock_ns = r.u64();
    if (it == reader.features().end() || !r.ok()) {
      error_ = "Can't provide --tod time, missing clock data. Please record with -k/--clockid option.";
      return false;
    }
    description = clockid_name(clockid);
    offset = static_cast<int64_t>(tod_ns - clock_ns);
  }
  writer_ = bt_ctf_writer_create(dir_.c_str());
  clock_ = writer_ ? bt_ctf_clock_create("perf_clock") : nullptr;
  bool ok = clock_ && bt_ctf_clock_set_description(clock_, description.c_str()) == 0 &&
            bt_ctf_clock_set_frequency(clock_, 1000000000) == 0 && bt_ctf_clock_set_offset(clock_, offset) == 0 &&
            bt_ctf_clock_set_precision(clock_, 10) == 0 && bt_ctf_clock_set_is_absolute(clock_, 0) == 0;
  stream_class_ = ok ? bt_ctf_stream_class_create("perf_stream") : nullptr;
  ok = stream_class_ && bt_ctf_stream_class_set_clock(stream_class_, clock_) == 0 && types_.make();
  // every packet says which CPU its events ran on
  if (ok) {
    struct bt_ctf_field_type* context = bt_ctf_stream_class_get_packet_context_type(stream_class_);
    ok = context && bt_ctf_field_type_structure_add_field(context, types_.u32, "cpu_id") == 0;
    if (context) bt_ctf_field_type_put(context);
  }
  ok = ok && bt_ctf_writer_add_clock(writer_, clock_) == 0;
  if (!ok) error_ = "Failed to setup CTF writer.";
  return ok;
}

// At the first record: a pipe's attrs, names, features and tracepoint formats have come by then.
bool CtfExportTool::set_up(Session& s) {
  set_up_ = true;
  PerfDataReader& reader = s.reader();
  if (reader.is_pipe()) name_events(reader, true);
  struct {
    const char* name;
    std::string value;
  } env[] = {{"host", feature_string(reader, HEADER_HOSTNAME).value_or("")},
             {"sysname", "Linux"},
             {"release", feature_string(reader, HEADER_OSRELEASE).value_or("")},
             {"version", feature_string(reader, HEADER_VERSION).value_or("")},
             {"machine", feature_string(reader, HEADER_ARCH).value_or("")},
             {"domain", "kernel"},
             {"tracer_name", "perf"}};
  for (const auto& [name, value] : env)
    if (bt_ctf_writer_add_environment_field(writer_, name, value.c_str()) != 0) fail("Failed to setup CTF writer.");
  nr_cpus_ = kMaxCpus;
  if (auto it = reader.features().find(HEADER_NRCPUS); it != reader.features().end()) {
    ByteReader r(it->second, reader.swapped());
    uint32_t avail = r.u32();
    if (r.ok() && avail) nr_cpus_ = avail;
  }
  if (!trace_loaded_)
    if (auto it = reader.features().find(HEADER_TRACING_DATA); it != reader.features().end()) {
      TracingDataError err;
      trace_loaded_ = trace_.load_blob(it->second, err);
    }
  for (const EventAttrEntry& a : reader.attrs())
    if (!add_event_class(a)) return false;
  return !opts_.all || add_side_band_classes();
}

bool CtfExportTool::add_event_class(const EventAttrEntry& a) {
  EventClass c;
  const std::string name = a.name.empty() ? default_event_name(a.attr) : a.name;
  c.sample_type = a.attr.sample_type;
  c.tracepoint = a.attr.type == PERF_TYPE_TRACEPOINT;
  c.bpf_output = is_bpf_output(a.attr);
  c.cls = bt_ctf_event_class_create(name.c_str());
  const uint64_t st = c.sample_type;
  const CtfTypes& t = types_;
  auto add = [&](struct bt_ctf_field_type* type, const char* field) {
    return c.cls && bt_ctf_event_class_add_field(c.cls, type, field) == 0;
  };
  bool ok = c.cls != nullptr;
  if (st & PERF_SAMPLE_IP) ok = ok && add(t.u64_hex, "perf_ip");
  if (st & PERF_SAMPLE_TID) ok = ok && add(t.s32, "perf_tid") && add(t.s32, "perf_pid");
  if (st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER)) ok = ok && add(t.u64, "perf_id");
  if (st & PERF_SAMPLE_STREAM_ID) ok = ok && add(t.u64, "perf_stream_id");
  if (st & PERF_SAMPLE_PERIOD) ok = ok && add(t.u64, "perf_period");
  if (st & PERF_SAMPLE_WEIGHT) ok = ok && add(t.u64, "perf_weight");
  if (st & PERF_SAMPLE_DATA_SRC) ok = ok && add(t.u64, "perf_data_src");
  if (st & PERF_SAMPLE_TRANSACTION) ok = ok && add(t.u64, "perf_transaction");
  if (st & PERF_SAMPLE_CALLCHAIN) {
    struct bt_ctf_field_type* chain = bt_ctf_field_type_sequence_create(t.u64_hex, "perf_callchain_size");
    ok = ok && chain && add(t.u32, "perf_callchain_size") && add(chain, "perf_callchain");
    if (chain) bt_ctf_field_type_put(chain);
  }
  if (c.tracepoint)
    if (tep_event* e = trace_.event(a.attr.config)) ok = ok && add_tracepoint_fields(c.cls, e, t, c.trace);
  if (c.bpf_output) {
    struct bt_ctf_field_type* data = bt_ctf_field_type_sequence_create(t.u32_hex, "raw_len");
    ok = ok && data && add(t.u32, "raw_len") && add(data, "raw_data");
    if (data) bt_ctf_field_type_put(data);
  }
  ok = ok && bt_ctf_stream_class_add_event_class(stream_class_, c.cls) == 0;
  classes_.push_back(c);
  if (!ok) fail("Failed to add event '" + name + "'.");
  return ok;
}

// perf's side-band classes, in its order.
bool CtfExportTool::add_side_band_classes() {
  const CtfTypes& t = types_;
  struct Field {
    struct bt_ctf_field_type* type;
    const char* name;
  };
  const std::vector<Field> task = {{t.u32, "pid"}, {t.u32, "ppid"}, {t.u32, "tid"}, {t.u32, "ptid"}, {t.u64, "time"}};
  const std::vector<Field> map = {{t.u32, "pid"}, {t.u32, "tid"}, {t.u64_hex, "start"}, {t.string, "filename"}};
  const struct {
    uint32_t type;
    const char* name;
    std::vector<Field> fields;
  } classes[] = {{PERF_RECORD_COMM, "perf_comm", {{t.u32, "pid"}, {t.u32, "tid"}, {t.string, "comm"}}},
                 {PERF_RECORD_EXIT, "perf_exit", task},
                 {PERF_RECORD_FORK, "perf_fork", task},
                 {PERF_RECORD_MMAP, "perf_mmap", map},
                 {PERF_RECORD_MMAP2, "perf_mmap2", map}};
  for (const auto& c : classes) {
    bt_ctf_event_class* cls = bt_ctf_event_class_create(c.name);
    bool ok = cls != nullptr;
    for (const Field& f : c.fields) ok = ok && bt_ctf_event_class_add_field(cls, f.type, f.name) == 0;
    ok = ok && bt_ctf_stream_class_add_event_class(stream_class_, cls) == 0;
    side_band_[c.type] = cls;
    if (!ok) {
      fail(std::string("Failed to add event class '") + (c.name + 5) + "' into stream.");
      return false;
    }
  }
  return true;
}

void CtfExportTool::user_record(const RawRecord& rec, Session& s) {
  // a pipe's FEATURE records: what perf says is wrong with one, as the other commands say it
  if (rec.type == PERF_RECORD_HEADER_FEATURE) return check_feature_record(rec, s.reader());
  if (rec.type != PERF_RECORD_HEADER_TRACING_DATA || trace_loaded_) return;
  TracingDataError err;
  trace_loaded_ = trace_.load_blob(rec.payload, err);
}

void CtfExportTool::record(Event& ev, Session& s) {
  if (!error_.empty()) return;
  const uint32_t type = ev.raw.type;
  if (type == PERF_RECORD_HEADER_TRACING_DATA) return user_record(ev.raw, s);
  if (type != PERF_RECORD_SAMPLE && !(opts_.all && (type == PERF_RECORD_COMM || type == PERF_RECORD_EXIT ||
                                                    type == PERF_RECORD_FORK || type == PERF_RECORD_MMAP ||
                                                    type == PERF_RECORD_MMAP2)))
    return;
  if (!set_up_ && !set_up(s)) return;
  if (type == PERF_RECORD_SAMPLE) write_sample(ev, s);
  else write_side_band(ev, s);
}

// An event on its CPU's stream (made at its first event), flushed now and then.
bool CtfExportTool::append(bt_ctf_event* ev, uint32_t cpu) {
  auto [it, fresh] = streams_.try_emplace(cpu);
  CpuStream& cs = it->second;
  if (fresh) {
    cs.stream = bt_ctf_writer_create_stream(writer_, stream_class_);
    bt_ctf_field* context = cs.stream ? bt_ctf_stream_get_packet_context(cs.stream) : nullptr;
    bt_ctf_field* cpu_id = context ? bt_ctf_field_structure_get_field(context, "cpu_id") : nullptr;
    bool ok = cpu_id && bt_ctf_field_unsigned_integer_set_value(cpu_id, cpu) == 0;
    if (cpu_id) bt_ctf_field_put(cpu_id);
    if (context) bt_ctf_field_put(context);
    if (!ok) {
      fail("Failed to create CTF stream");
      return false;
    }
  }
  if (!cs.stream) return false;
  if (cs.pending >= kFlushEvery) {
    cs.pending = 0;
    if (bt_ctf_stream_flush(cs.stream) != 0) fail("CTF stream " + std::to_string(cpu) + " flush failed");
  }
  ++cs.pending;
  return bt_ctf_stream_append_event(cs.stream, ev) == 0;
}

void CtfExportTool::write_sample(Event& ev, Session& s) {
  if (ev.attr_index < 0) return;
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  DecodedSample ds;
  if (!decode_sample(ev.raw.bytes, s.swapped(), attr, ds).empty()) return;
  if (opts_.time.skip(ds.time)) {
    ++skipped_;
    return;
  }
  // an attr that came after the setup (a pipe's late event) gets its class now
  while (classes_.size() <= static_cast<size_t>(ev.attr_index))
    if (!add_event_class(s.attrs()[classes_.size()])) return;
  const EventClass& c = classes_[static_cast<size_t>(ev.attr_index)];
  ++samples_;
  bytes_ += ev.raw.bytes.size();
  bt_ctf_event* e = bt_ctf_event_create(c.cls);
  if (!e) return fail("Failed to create an CTF event");
  const uint64_t st = c.sample_type;
  const CtfTypes& t = types_;
  bool ok = bt_ctf_clock_set_time(clock_, static_cast<int64_t>(ds.time)) == 0;
  if (st & PERF_SAMPLE_IP) ok = ok && set_u64(e, t.u64_hex, "perf_ip", ds.ip);
  if (st & PERF_SAMPLE_TID)
    ok = ok && set_s64(e, t.s32, "perf_tid", static_cast<int32_t>(ds.tid)) &&
         set_s64(e, t.s32, "perf_pid", static_cast<int32_t>(ds.pid));
  if (st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER)) ok = ok && set_u64(e, t.u64, "perf_id", ds.id);
  if (st & PERF_SAMPLE_STREAM_ID) ok = ok && set_u64(e, t.u64, "perf_stream_id", ds.stream_id);
  if (st & PERF_SAMPLE_PERIOD) ok = ok && set_u64(e, t.u64, "perf_period", ds.period);
  if (st & PERF_SAMPLE_WEIGHT) ok = ok && set_u64(e, t.u64, "perf_weight", ds.weight);
  if (st & PERF_SAMPLE_DATA_SRC) ok = ok && set_u64(e, t.u64, "perf_data_src", ds.data_src);
  if (st & PERF_SAMPLE_TRANSACTION) ok = ok && set_u64(e, t.u64, "perf_transaction", ds.transaction);
  if (c.tracepoint && !c.trace.fields.empty() && (st & PERF_SAMPLE_RAW))
    ok = ok && set_tracepoint_values(e, c.cls, c.trace, t, trace_.padded(ds.raw), ds.raw.size());
  if (st & PERF_SAMPLE_CALLCHAIN)
    ok = ok && set_sequence(e, c.cls, "perf_callchain_size", "perf_callchain",
                            [&](size_t i) { return ds.callchain[i]; }, ds.callchain.size());
  if (c.bpf_output && (st & PERF_SAMPLE_RAW)) {
    const size_t words = ds.raw.size() / 4;
    ByteReader r(ds.raw, s.swapped());
    std::vector<uint32_t> data(words);
    for (uint32_t& w : data) w = r.u32();
    ok = ok && set_sequence(e, c.cls, "raw_len", "raw_data", [&](size_t i) { return data[i]; }, words);
  }
  uint32_t cpu = (st & PERF_SAMPLE_CPU) ? ds.cpu : 0;
  if (cpu > nr_cpus_) {  // perf's check (and its message); such an event goes to CPU 0
    std::fprintf(stderr, "Event was recorded for CPU %u, limit is at %u.\n", cpu, nr_cpus_);
    cpu = 0;
  }
  ok = ok && append(e, cpu);
  bt_ctf_event_put(e);
  if (!ok) fail("cannot write a sample of " + s.attrs()[ev.attr_index].name + " to the CTF trace");
}

// --all: a COMM, EXIT, FORK, MMAP or MMAP2 record as perf's event of its kind, on CPU 0.
void CtfExportTool::write_side_band(Event& ev, Session& s) {
  SideBand sb;
  if (!decode_side_band(ev.raw, s.swapped(), sb).empty()) return;
  bt_ctf_event_class* cls = side_band_[ev.raw.type];
  bt_ctf_event* e = cls ? bt_ctf_event_create(cls) : nullptr;
  if (!e) return fail("Failed to create an CTF event");
  ++non_samples_;
  bytes_ += ev.raw.bytes.size();
  const CtfTypes& t = types_;
  const auto u32 = [](int32_t v) { return static_cast<uint64_t>(static_cast<uint32_t>(v)); };
  bool ok = bt_ctf_clock_set_time(clock_, static_cast<int64_t>(ev.time == ~uint64_t{0} ? 0 : ev.time)) == 0 &&
            set_u64(e, t.u32, "pid", u32(sb.pid));
  switch (ev.raw.type) {
    case PERF_RECORD_COMM:
      ok = ok && set_u64(e, t.u32, "tid", u32(sb.tid)) && set_string(e, t.string, "comm", sb.name);
      break;
    case PERF_RECORD_EXIT:
    case PERF_RECORD_FORK:
      ok = ok && set_u64(e, t.u32, "ppid", u32(sb.ppid)) && set_u64(e, t.u32, "tid", u32(sb.tid)) &&
           set_u64(e, t.u32, "ptid", u32(sb.ptid)) && set_u64(e, t.u64, "time", sb.time);
      break;
    default:  // MMAP, MMAP2
      ok = ok && set_u64(e, t.u32, "tid", u32(sb.tid)) && set_u64(e, t.u64_hex, "start", sb.start) &&
           set_string(e, t.string, "filename", sb.name);
  }
  ok = ok && append(e, 0);
  bt_ctf_event_put(e);
  if (!ok) fail("cannot write a side-band event to the CTF trace");
}

bool CtfExportTool::finish_trace() {
  if (!writer_) return false;
  for (auto& [cpu, cs] : streams_)
    if (cs.stream && cs.pending && bt_ctf_stream_flush(cs.stream) != 0)
      fail("CTF stream " + std::to_string(cpu) + " flush failed");
  bt_ctf_writer_flush_metadata(writer_);
  return error_.empty();
}

}  // namespace cperf
