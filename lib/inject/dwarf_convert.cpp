#include "inject/dwarf_convert.h"

#include <algorithm>

#include "inject/chain_rewrite.h"
#include "record/sample.h"
#include "record/side_band.h"

namespace cperf {

namespace {
// perf 7.2's cap on unwound frames (sysctl kernel.perf_event_max_stack's default).
constexpr int kConvertMaxStack = 127;
}  // namespace

bool is_dwarf_attr(const perf_event_attr& a) {
  constexpr uint64_t kDwarf = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
  return (a.sample_type & kDwarf) == kDwarf && (a.sample_type & PERF_SAMPLE_CALLCHAIN);
}

perf_event_attr convert_attr(const perf_event_attr& a) { return is_dwarf_attr(a) ? drop_dwarf_bits(a) : a; }

UnwindCollector::UnwindCollector(UnwindStyle style, const std::string& symfs)
    : unwinder_(symfs), symbols_(symfs, "") {
  unwinder_.set_style(style);
}

void UnwindCollector::record(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  if (rec.type != PERF_RECORD_SAMPLE) {
    SideBand sb;
    if (decode_side_band(rec, s.swapped(), sb).empty()) apply_side_band(machine_, rec, sb);
    return;
  }
  if (ev.attr_index < 0) return;
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  if (!is_dwarf_attr(attr)) return;
  DecodedSample ds;
  if (!decode_sample(rec.bytes, s.swapped(), attr, ds).empty()) return;
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  std::vector<uint64_t> ips;
  for (const UnwoundFrame& f : unwinder_.user_frames(attr, ds, t, s.swapped(), kConvertMaxStack))
    if (!only_inlined(f)) ips.push_back(f.ip);
  results[{rec.offset, ds.time, ds.tid}].emplace_back(std::move(ips));
}

bool UnwindCollector::only_inlined(const UnwoundFrame& f) {
  if (!f.map || !f.map->dso || f.map->dso->kernel) return false;
  const InlineChain* chain = symbols_.find(f.map, f.map->map_ip(f.ip)).chain;
  return chain && !chain->empty() &&
         std::all_of(chain->begin(), chain->end(), [](const InlineFrame& l) { return l.name != nullptr; });
}

}  // namespace cperf
