#include "session/session.h"

#include "format/record_types.h"

namespace cperf {

Session::Session(PerfDataReader& reader, SessionOptions opts, SessionTool& tool)
    : reader_(reader), opts_(opts), tool_(tool), queue_([this](Event& e) { tool_.record(e, *this); }) {}

int Session::attr_for(const RawRecord& rec) const {
  const auto& attrs = reader_.attrs();
  if (attrs.empty()) return -1;
  if (attrs.size() == 1) return 0;
  const perf_event_attr& first = attrs[0].attr;
  if (rec.type != PERF_RECORD_SAMPLE && !first.sample_id_all) return 0;
  ByteReader r(rec.bytes, reader_.swapped());
  uint64_t id;
  if (rec.type == PERF_RECORD_SAMPLE) {
    int pos = sample_id_pos(first.sample_type);
    if (pos < 0) return 0;
    r.seek(sizeof(perf_event_header) + pos);
    id = r.u64();
  } else {
    int pos = non_sample_id_pos(first.sample_type);
    if (pos < 0 || static_cast<size_t>(pos) + sizeof(perf_event_header) > rec.bytes.size()) return 0;
    r.seek(rec.bytes.size() - pos);
    id = r.u64();
  }
  if (!r.ok()) return -1;
  if (id == 0) return 0;  // synthesized records carry id 0
  return reader_.attr_index_of_id(id);
}

uint64_t Session::time_of(const RawRecord& rec, int attr_index) const {
  if (attr_index < 0) return ~uint64_t{0};
  const perf_event_attr& a = reader_.attrs()[attr_index].attr;
  if (!(a.sample_type & PERF_SAMPLE_TIME)) return ~uint64_t{0};
  if (rec.type == PERF_RECORD_SAMPLE) {
    ByteReader r(rec.bytes, reader_.swapped());
    size_t pos = sizeof(perf_event_header);
    for (uint64_t bit : {PERF_SAMPLE_IDENTIFIER, PERF_SAMPLE_IP, PERF_SAMPLE_TID})
      if (a.sample_type & bit) pos += 8;
    r.seek(pos);
    uint64_t t = r.u64();
    return r.ok() ? t : ~uint64_t{0};
  }
  SampleId sid = decode_sample_id(rec.bytes, reader_.swapped(), a);
  return sid.valid ? sid.time : ~uint64_t{0};
}

void Session::handle(const RawRecord& rec) {
  ++stats_.by_type[0];
  ++stats_.by_type[rec.type < 256 ? rec.type : 255];
  if (rec.type >= PERF_RECORD_USER_TYPE_START) {
    tool_.user_record(rec, *this);
    if (rec.type == PERF_RECORD_FINISHED_ROUND && opts_.ordered) {
      queue_.finished_round();
      tool_.round_flushed(*this);
    }
    return;
  }
  Event ev;
  ev.raw = rec;
  ev.attr_index = attr_for(rec);
  if (ev.attr_index < 0) ++stats_.unknown_id;
  ev.time = time_of(rec, ev.attr_index);
  if (ev.attr_index >= 0 && rec.type != PERF_RECORD_SAMPLE)
    ev.sid = decode_sample_id(rec.bytes, reader_.swapped(), reader_.attrs()[ev.attr_index].attr);
  // perf delivers records with no usable time (0 or none) immediately.
  if (!opts_.ordered || ev.time == 0 || ev.time == ~uint64_t{0}) {
    tool_.record(ev, *this);
    return;
  }
  if (rec.decompressed || reader_.from_stdin()) ev.take_ownership();
  queue_.push(std::move(ev));
}

void Session::run() {
  while (auto rec = reader_.next()) handle(*rec);
  queue_.finish();
  stats_.unordered = queue_.unordered();
  tool_.finish(*this);
}

}  // namespace cperf
