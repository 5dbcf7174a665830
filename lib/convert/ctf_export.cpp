#include "convert/ctf_export.h"

#include <babeltrace/ctf-writer/clock.h>
#include <babeltrace/ctf-writer/event-fields.h>
#include <babeltrace/ctf-writer/event-types.h>
#include <babeltrace/ctf-writer/event.h>
#include <babeltrace/ctf-writer/stream-class.h>
#include <babeltrace/ctf-writer/stream.h>
#include <babeltrace/ctf-writer/writer.h>
#include <event-parse.h>

#include <cstdlib>
#include <cstring>

#include "linux/perf_event.h"

namespace cperf {

namespace {

struct bt_ctf_field_type* integer(unsigned bits, bool is_signed, bool hex) {
  struct bt_ctf_field_type* t = bt_ctf_field_type_integer_create(bits);
  bt_ctf_field_type_integer_set_signed(t, is_signed);
  if (hex) bt_ctf_field_type_integer_set_base(t, BT_CTF_INTEGER_BASE_HEXADECIMAL);
  // said outright: left "native", babeltrace 1.5 writes the fields of an event with a sequence
  // in the other byte order than its metadata says
  bt_ctf_field_type_set_byte_order(t, __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__ ? BT_CTF_BYTE_ORDER_BIG_ENDIAN
                                                                            : BT_CTF_BYTE_ORDER_LITTLE_ENDIAN);
  return t;
}

// The event's sample_type, from the attr bytes the sample carries.
uint64_t sample_type_of(const ScriptSample& s) {
  uint64_t st = 0;
  if (s.attr.size() >= offsetof(perf_event_attr, sample_type) + sizeof st)
    std::memcpy(&st, s.attr.data() + offsetof(perf_event_attr, sample_type), sizeof st);
  return st;
}

// One payload field: made, set by `fill`, handed to the event (which keeps its reference).
template <typename Fill>
bool set_field(bt_ctf_event* ev, struct bt_ctf_field_type* type, const char* name, Fill fill) {
  bt_ctf_field* f = bt_ctf_field_create(type);
  if (!f) return false;
  bool ok = fill(f) == 0 && bt_ctf_event_set_payload(ev, name, f) == 0;
  bt_ctf_field_put(f);
  return ok;
}

}  // namespace

CtfWriter::CtfWriter(const std::string& dir) {
  writer_ = bt_ctf_writer_create(dir.c_str());
  if (!writer_) {
    error_ = "cannot create the CTF trace in " + dir;
    return;
  }
  clock_ = bt_ctf_clock_create("perf_clock");
  if (!clock_ || bt_ctf_clock_set_frequency(clock_, 1000000000) != 0 || bt_ctf_writer_add_clock(writer_, clock_) != 0) {
    error_ = "cannot set the CTF clock up";
    return;
  }
  u64_hex_ = integer(64, false, true);
  u64_ = integer(64, false, false);
  s32_ = integer(32, true, false);
  u32_ = integer(32, false, false);
  string_ = bt_ctf_field_type_string_create();
  chain_ = bt_ctf_field_type_sequence_create(u64_hex_, "perf_callchain_size");
}

CtfWriter::~CtfWriter() {
  for (auto& [name, es] : streams_) {
    if (es.stream) bt_ctf_stream_put(es.stream);
    if (es.cls) bt_ctf_event_class_put(es.cls);
  }
  for (struct bt_ctf_field_type* t : std::initializer_list<struct bt_ctf_field_type*>{u64_hex_, u64_, s32_, u32_, string_, chain_})
    if (t) bt_ctf_field_type_put(t);
  if (clock_) bt_ctf_clock_put(clock_);
  if (writer_) bt_ctf_writer_put(writer_);
}

// An event's class and stream, made at its first sample (a pipe's events and a tracepoint's
// format are known by then): one stream class per event, as a class cannot change once it has a
// stream.
CtfWriter::EventStream* CtfWriter::stream_for(const ScriptSample& s, const TracepointPayload* tp) {
  auto [it, fresh] = streams_.try_emplace(s.ev_name);
  EventStream& es = it->second;
  if (!fresh) return es.stream ? &es : nullptr;
  uint64_t st = sample_type_of(s);
  es.cpu = st & PERF_SAMPLE_CPU;
  es.callchain = st & PERF_SAMPLE_CALLCHAIN;
  es.cls = bt_ctf_event_class_create(s.ev_name.c_str());
  if (!es.cls) return nullptr;
  bool ok = bt_ctf_event_class_add_field(es.cls, u64_hex_, "perf_ip") == 0 &&
            bt_ctf_event_class_add_field(es.cls, s32_, "perf_tid") == 0 &&
            bt_ctf_event_class_add_field(es.cls, s32_, "perf_pid") == 0 &&
            bt_ctf_event_class_add_field(es.cls, u64_, "perf_period") == 0;
  if (es.cpu) ok = ok && bt_ctf_event_class_add_field(es.cls, u32_, "perf_cpu") == 0;
  if (es.callchain)
    ok = ok && bt_ctf_event_class_add_field(es.cls, u32_, "perf_callchain_size") == 0 &&
         bt_ctf_event_class_add_field(es.cls, chain_, "perf_callchain") == 0;
  if (tp && tp->event)
    if (tep_format_field** fields = tep_event_fields(tp->event)) {
      for (int i = 0; fields[i]; ++i) {
        // a name taken by perf's own fields gets a prefix (CTF wants names once)
        std::string name = fields[i]->name;
        if (name.rfind("perf_", 0) == 0) name = "_" + name;
        if (bt_ctf_event_class_add_field(es.cls, string_, name.c_str()) == 0) es.trace_fields.push_back(name);
      }
      std::free(fields);
    }
  bt_ctf_stream_class* sc = bt_ctf_stream_class_create(s.ev_name.c_str());
  ok = ok && sc && bt_ctf_stream_class_set_clock(sc, clock_) == 0 && bt_ctf_stream_class_add_event_class(sc, es.cls) == 0;
  if (ok) es.stream = bt_ctf_writer_create_stream(writer_, sc);
  if (sc) bt_ctf_stream_class_put(sc);
  if (!es.stream) error_ = "cannot describe event " + s.ev_name + " in CTF";
  return es.stream ? &es : nullptr;
}

void CtfWriter::sample(const ScriptSample& s, const TracepointPayload* tp) {
  if (!error_.empty()) return;
  EventStream* es = stream_for(s, tp);
  if (!es) return;
  bt_ctf_event* ev = bt_ctf_event_create(es->cls);
  if (!ev) {
    error_ = "cannot make a CTF event";
    return;
  }
  bool ok = set_field(ev, u64_hex_, "perf_ip", [&](bt_ctf_field* f) { return bt_ctf_field_unsigned_integer_set_value(f, s.ip); }) &&
            set_field(ev, s32_, "perf_tid", [&](bt_ctf_field* f) { return bt_ctf_field_signed_integer_set_value(f, s.tid); }) &&
            set_field(ev, s32_, "perf_pid", [&](bt_ctf_field* f) { return bt_ctf_field_signed_integer_set_value(f, s.pid); }) &&
            set_field(ev, u64_, "perf_period", [&](bt_ctf_field* f) { return bt_ctf_field_unsigned_integer_set_value(f, s.period); });
  if (es->cpu)
    ok = ok && set_field(ev, u32_, "perf_cpu", [&](bt_ctf_field* f) { return bt_ctf_field_unsigned_integer_set_value(f, s.cpu); });
  if (es->callchain) {
    bt_ctf_field* size = bt_ctf_field_create(u32_);
    ok = ok && size && bt_ctf_field_unsigned_integer_set_value(size, s.callchain.size()) == 0 &&
         bt_ctf_event_set_payload(ev, "perf_callchain_size", size) == 0;
    ok = ok && set_field(ev, chain_, "perf_callchain", [&](bt_ctf_field* seq) {
      if (bt_ctf_field_sequence_set_length(seq, size) != 0) return -1;
      for (size_t i = 0; i < s.callchain.size(); ++i) {
        bt_ctf_field* item = bt_ctf_field_sequence_get_field(seq, i);
        int rc = item ? bt_ctf_field_unsigned_integer_set_value(item, s.callchain[i].ip) : -1;
        if (item) bt_ctf_field_put(item);
        if (rc != 0) return -1;
      }
      return 0;
    });
    if (size) bt_ctf_field_put(size);
  }
  if (tp && tp->event && !es->trace_fields.empty())
    if (tep_format_field** fields = tep_event_fields(tp->event)) {
      for (size_t i = 0; fields[i] && i < es->trace_fields.size(); ++i) {
        trace_seq seq;
        trace_seq_init(&seq);
        tep_print_field(&seq, const_cast<void*>(tp->data), fields[i]);
        trace_seq_terminate(&seq);
        std::string value = seq.buffer ? seq.buffer : "";
        trace_seq_destroy(&seq);
        ok = ok && set_field(ev, string_, es->trace_fields[i].c_str(),
                             [&](bt_ctf_field* f) { return bt_ctf_field_string_set_value(f, value.c_str()); });
      }
      std::free(fields);
    }
  ok = ok && bt_ctf_clock_set_time(clock_, static_cast<int64_t>(s.time)) == 0 && bt_ctf_stream_append_event(es->stream, ev) == 0;
  bt_ctf_event_put(ev);
  if (!ok) {
    error_ = "cannot write a " + s.ev_name + " event to the CTF trace";
    return;
  }
  ++samples_;
  // a stream holds its events until flushed: a packet now and then keeps memory flat
  if (++es->pending == 4096) {
    es->pending = 0;
    if (bt_ctf_stream_flush(es->stream) != 0) error_ = "cannot write the CTF trace";
  }
}

bool CtfWriter::finish() {
  if (!writer_) return false;
  for (auto& [name, es] : streams_)
    if (es.stream && es.pending && bt_ctf_stream_flush(es.stream) != 0 && error_.empty())
      error_ = "cannot write the CTF trace";
  bt_ctf_writer_flush_metadata(writer_);
  return error_.empty();
}

}  // namespace cperf
