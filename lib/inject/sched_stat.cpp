#include "inject/sched_stat.h"

#include <traceevent/event-parse.h>

#include <cstring>

#include "format/record_types.h"
#include "header/feature_print.h"
#include "record/sample.h"

namespace cperf {

void SchedStatCollector::set_roles(const std::vector<EventAttrEntry>& attrs) {
  roles_.clear();
  for (const EventAttrEntry& a : attrs) {
    Role r = Role::kOther;
    if (a.name == "sched:sched_switch") r = Role::kSwitch;
    else if (a.name == "sched:sched_process_exit") r = Role::kExit;
    else if (a.name.compare(0, 17, "sched:sched_stat_") == 0) r = Role::kStat;
    if (r == Role::kSwitch && !(a.attr.sample_type & PERF_SAMPLE_TID))
      error_ = "Samples for 'sched:sched_switch' event do not have TID attribute set. Cannot print 'TID' field.";
    roles_.push_back(r);
  }
}

bool SchedStatCollector::handles(int attr_index) const {
  return attr_index >= 0 && static_cast<size_t>(attr_index) < roles_.size() && roles_[attr_index] != Role::kOther;
}

// A pipe brings its event formats as a record.
void SchedStatCollector::user_record(const RawRecord& rec, Session&) {
  if (rec.type != PERF_RECORD_HEADER_TRACING_DATA || trace_loaded_) return;
  TracingDataError err;
  trace_loaded_ = trace_.load_blob(rec.payload, err);
}

void SchedStatCollector::load_trace(Session& s) {
  if (trace_loaded_) return;
  trace_loaded_ = true;
  if (auto it = s.reader().features().find(HEADER_TRACING_DATA); it != s.reader().features().end()) {
    TracingDataError err;
    trace_.load_blob(it->second, err);
  }
}

void SchedStatCollector::record(Event& ev, Session& s) {
  if (ev.raw.type != PERF_RECORD_SAMPLE) return;
  if (s.reader().is_pipe() && !pipe_named_) {  // its names have all come by its first sample
    name_events(s.reader(), true);
    set_roles(s.attrs());
    pipe_named_ = true;
  }
  if (!handles(ev.attr_index)) return;
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  DecodedSample ds;
  if (!decode_sample(ev.raw.bytes, s.swapped(), attr, ds).empty()) return;
  auto& out = results[{ev.raw.offset, ds.time, ds.tid}];
  switch (roles_[ev.attr_index]) {
    case Role::kSwitch:
      last_switch_[ds.tid] = {std::vector<std::byte>(ev.raw.bytes.begin(), ev.raw.bytes.end()), ev.attr_index};
      out.emplace_back(std::nullopt);
      return;
    case Role::kExit:
      last_switch_.erase(ds.tid);
      out.emplace_back(std::nullopt);
      return;
    case Role::kStat: {
      load_trace(s);
      std::optional<std::vector<std::byte>> rewritten;
      tep_event* e = trace_.event(attr.config);
      tep_format_field* f = e ? tep_find_field(e, "pid") : nullptr;
      unsigned long long pid = 0;
      if (f && ds.raw.size() >= static_cast<size_t>(f->offset) + f->size &&
          tep_read_number_field(f, trace_.padded(ds.raw), &pid) == 0) {
        auto it = last_switch_.find(static_cast<uint32_t>(pid));
        if (it != last_switch_.end()) {
          const SwitchSample& sw = it->second;
          rewritten = with_time_and_period(Bytes(sw.bytes.data(), sw.bytes.size()),
                                           s.attrs()[sw.attr_index].attr.sample_type, ds.time, ds.period);
        }
      }
      out.emplace_back(std::move(rewritten));
      return;
    }
    case Role::kOther: return;
  }
}

std::vector<std::byte> with_time_and_period(Bytes record, uint64_t sample_type, uint64_t time, uint64_t period) {
  std::vector<std::byte> out(record.begin(), record.end());
  size_t pos = 8;  // the header
  for (uint64_t bit : {uint64_t{PERF_SAMPLE_IDENTIFIER}, uint64_t{PERF_SAMPLE_IP}, uint64_t{PERF_SAMPLE_TID}})
    if (sample_type & bit) pos += 8;
  if (sample_type & PERF_SAMPLE_TIME) {
    if (pos + 8 <= out.size()) std::memcpy(out.data() + pos, &time, 8);
    pos += 8;
  }
  for (uint64_t bit : {uint64_t{PERF_SAMPLE_ADDR}, uint64_t{PERF_SAMPLE_ID}, uint64_t{PERF_SAMPLE_STREAM_ID},
                       uint64_t{PERF_SAMPLE_CPU}})
    if (sample_type & bit) pos += 8;
  if ((sample_type & PERF_SAMPLE_PERIOD) && pos + 8 <= out.size()) std::memcpy(out.data() + pos, &period, 8);
  return out;
}

}  // namespace cperf
