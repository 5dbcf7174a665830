#include "report/report_tool.h"

#include <algorithm>
#include <cinttypes>
#include <cstring>

#include "format/record_types.h"
#include "header/feature_print.h"
#include "record/side_band.h"

namespace cperf {

ReportTool::ReportTool(ReportToolOptions opts)
    : opts_(std::move(opts)), symbols_(opts_.symfs, opts_.kallsyms, opts_.demangle) {}

void ReportTool::user_record(const RawRecord& rec, Session& s) {
  name_event_from_update(s.reader(), rec);
}

void ReportTool::record(Event& ev, Session& s) {
  symbols_.use_build_ids(s.reader());
  const RawRecord& rec = ev.raw;
  if (rec.type == PERF_RECORD_SAMPLE) {
    on_sample(ev, s);
    return;
  }
  if (rec.type == PERF_RECORD_CALLCHAIN_DEFERRED) return;  // unmerged: nothing to count
  SideBand sb;
  if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
  if (rec.type == PERF_RECORD_LOST_SAMPLES) lost_samples_ += sb.lost;
  // Unlike script, report keeps exited threads (perf's plain exit handling): samples that
  // come after the EXIT in time order still get the thread's comm.
  ++side_band_gen_;
  apply_side_band(machine_, rec, sb);
}

ReportTool::Resolved ReportTool::resolve(const Thread& t, uint8_t cpumode, uint64_t ip) {
  // Memo of recent lookups. The key has the maps looked in and a generation that changes
  // with every side-band record and when kernel symbols load (the kernel map can then grow),
  // so an entry can never outlive the maps it came from.
  const void* maps = cpumode == PERF_RECORD_MISC_KERNEL ? static_cast<const void*>(&kernel_maps_)
                                                        : static_cast<const void*>(t.maps.get());
  uint64_t gen = side_band_gen_ * 2 + kernel_maps_.loaded();
  ResolveMemo& memo = resolve_memo_[((ip ^ reinterpret_cast<uintptr_t>(maps)) *
                                     0x9e3779b97f4a7c15ull) >> 52];
  if (memo.ip == ip && memo.maps == maps && memo.gen == gen && memo.cpumode == cpumode)
    return memo.r;
  Resolved r = resolve_uncached(t, cpumode, ip);
  memo = ResolveMemo{maps, ip, gen, cpumode, r};
  return r;
}

ReportTool::Resolved ReportTool::resolve_uncached(const Thread& t, uint8_t cpumode, uint64_t ip) {
  Resolved r;
  if (cpumode == PERF_RECORD_MISC_KERNEL)
    r.map = kernel_maps_.find(ip);
  else if (cpumode == PERF_RECORD_MISC_USER && t.maps)
    r.map = t.maps->find(ip);
  r.addr = ip;
  if (!r.map) return r;
  r.addr = r.map->map_ip(ip);
  ScriptSymbols::Hit hit = symbols_.find(r.map, r.addr);
  r.sym = hit.sym;
  r.alias = hit.inlined;
  return r;
}

uint32_t ReportTool::dso_order(const Dso* d) {
  if (!d) return 0;
  // Callchains alternate between a few dsos (kernel, binary, libc): remember the last two.
  if (d == order_memo_[0].first) return order_memo_[0].second;
  if (d == order_memo_[1].first) return order_memo_[1].second;
  auto it = dso_order_.find(d);
  if (it != dso_order_.end()) {
    order_memo_[1] = order_memo_[0];
    order_memo_[0] = {d, it->second};
    return it->second;
  }
  const auto& list = machine_.dsos();
  for (size_t i = 0; i < list.size(); ++i) dso_order_[list[i].get()] = static_cast<uint32_t>(i + 1);
  it = dso_order_.find(d);
  return it == dso_order_.end() ? 0 : it->second;
}

void ReportTool::make_frame(const Resolved& r, uint64_t ip, ChainFrame& f) {
  // Assigning into a reused frame keeps its name's buffer: no allocation per frame.
  f.ip = ip;
  f.dso_order = r.map ? dso_order(r.map->dso) : 0;
  f.has_sym = r.sym != nullptr;
  f.inlined = r.alias != nullptr;
  f.sym_start = r.sym ? r.sym->start : 0;
  if (r.alias) {
    f.name.assign(*r.alias).append(" (inlined)");
  } else if (r.sym) {
    f.name.assign(r.sym->name);
  } else {
    // printf "%#lx": 0x and the hex digits, "0" for zero.
    char buf[18];
    char* p = buf + sizeof(buf);
    uint64_t v = ip;
    do {
      *--p = "0123456789abcdef"[v & 0xf];
      v >>= 4;
    } while (v);
    if (ip) {
      *--p = 'x';
      *--p = '0';
    }
    f.name.assign(p, static_cast<size_t>(buf + sizeof(buf) - p));
  }
}

Hists& ReportTool::hists_for(int attr_index) {
  auto& h = hists_[attr_index];
  if (!h) h = std::make_unique<Hists>(opts_.hist);
  return *h;
}

void ReportTool::on_sample(Event& ev, Session& s) {
  if (ev.attr_index < 0) return;
  const EventAttrEntry& e = s.attrs()[ev.attr_index];
  DecodedSample ds;
  if (!decode_sample(ev.raw.bytes, s.swapped(), e.attr, ds).empty()) return;
  DeferredState st = merger_ ? merger_->state() : DeferredState::kNone;
  if (st == DeferredState::kMerged || st == DeferredState::kMismatch) ds.deferred_callchain = false;
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  if (!opts_.cpus.empty() && !opts_.cpus.count(ds.cpu)) return;
  if (!opts_.pids.empty() && !opts_.pids.count(t.pid)) return;
  if (!opts_.tids.empty() && !opts_.tids.count(t.tid)) return;
  if (!opts_.comms.empty() && !opts_.comms.count(t.comm_str())) return;
  uint8_t cpumode = ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  Resolved al = resolve(t, cpumode, ds.ip);
  HistSample hs;
  hs.comm = t.comm_str();
  hs.pid = t.pid;
  hs.has_map = al.map && al.map->dso;
  if (hs.has_map) hs.dso = al.map->dso->short_name;
  hs.level = cpumode == PERF_RECORD_MISC_KERNEL ? 'k' : '.';
  hs.has_sym = al.sym != nullptr;
  if (al.sym) {
    hs.sym = al.sym->name;
    hs.sym_start = al.sym->start;
  }
  hs.addr = al.addr;
  hs.period = ds.period;
  if (!opts_.dsos.empty() && !opts_.dsos.count(hs.has_map ? hs.dso : "[unknown]")) return;
  if (!opts_.symbols.empty() && (!al.sym || !opts_.symbols.count(al.sym->name))) return;

  const std::vector<ChainFrame>* path = nullptr;
  if ((e.attr.sample_type & PERF_SAMPLE_CALLCHAIN) && opts_.hist.mode != ChainMode::kNone) {
    size_t used = 0;  // frames beyond this go to spare_frames_, keeping their buffers
    const U64Array& chain = ds.callchain;
    size_t n = chain.size();
    if (ds.deferred_callchain && n >= 2) n -= 1;  // the trailing cookie is no frame
    uint8_t mode = PERF_RECORD_MISC_USER;
    bool bad = false;
    for (size_t i = 0; i < n; ++i) {
      uint64_t ip = chain[i];
      if (ip >= PERF_CONTEXT_MAX) {
        switch (ip) {
          case PERF_CONTEXT_HV: mode = PERF_RECORD_MISC_HYPERVISOR; break;
          case PERF_CONTEXT_KERNEL: mode = PERF_RECORD_MISC_KERNEL; break;
          case PERF_CONTEXT_USER:
          case PERF_CONTEXT_USER_DEFERRED: mode = PERF_RECORD_MISC_USER; break;
          default: bad = true; break;
        }
        if (bad) break;
        continue;
      }
      if (used == path_.size()) {
        path_.emplace_back();
        if (!spare_frames_.empty()) {
          path_.back() = std::move(spare_frames_.back());
          spare_frames_.pop_back();
        }
      }
      make_frame(resolve(t, mode, ip), ip, path_[used++]);
    }
    if (bad) used = 0;
    while (path_.size() > used) {
      spare_frames_.push_back(std::move(path_.back()));
      path_.pop_back();
    }
    if (opts_.caller_order) std::reverse(path_.begin(), path_.end());
    while (opts_.max_stack >= 0 && path_.size() > static_cast<size_t>(opts_.max_stack)) {
      spare_frames_.push_back(std::move(path_.back()));
      path_.pop_back();
    }
    path = &path_;
  }
  hists_for(ev.attr_index).add(hs, path);
}

void ReportTool::print(std::FILE* out, Session& s) {
  for (auto& [idx, h] : hists_) h->set_use_callchain(opts_.hist.use_callchain);
  if (!opts_.quiet) std::fprintf(out, "#\n# Total Lost Samples: %" PRIu64 "\n#\n", lost_samples_);
  const auto& attrs = s.attrs();
  for (size_t i = 0; i < attrs.size(); ++i) {
    auto it = hists_.find(static_cast<int>(i));
    if (it == hists_.end() || it->second->nr_samples() == 0) continue;
    Hists& h = *it->second;
    if (!opts_.quiet) {
      uint64_t n = h.nr_samples();
      char unit = ' ';
      for (char u : {'K', 'M', 'G'})
        if (n > 1000) {
          n /= 1000;
          unit = u;
        }
      std::fprintf(out, "# Samples: %" PRIu64 "%c of event '%s'\n", n, unit,
                   attrs[i].name.empty() ? "[unknown]" : attrs[i].name.c_str());
      std::fprintf(out, "# Event count (approx.): %" PRIu64 "\n#\n", h.total_period());
    }
    h.print(out, !opts_.quiet);
    std::fputs("\n\n", out);
  }
  if (!opts_.quiet) std::fputs("#\n#\n", out);
}

}  // namespace cperf
