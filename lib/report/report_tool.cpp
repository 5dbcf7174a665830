#include "report/report_tool.h"

#include <unistd.h>

#include "header/build_id_table.h"
#include "tui/event_menu.h"
#include "annotate/annotate_print2.h"
#include "tui/hist_browser.h"
#include "tui/terminal.h"

#include <algorithm>
#include <tuple>
#include <cinttypes>
#include <cstring>
#include <map>
#include <set>

#include "base/byte_reader.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "header/header_debug_log.h"
#include "record/side_band.h"

namespace cperf {

uint64_t cacheline_size() {
  long n = ::sysconf(_SC_LEVEL1_DCACHE_LINESIZE);
  return n > 0 && (n & (n - 1)) == 0 ? static_cast<uint64_t>(n) : 64;
}

ReportTool::ReportTool(ReportToolOptions opts)
    : opts_(std::move(opts)), symbols_(opts_.symfs, opts_.kallsyms, opts_.demangle, opts_.srcline) {
  symbols_.set_inline_frames(opts_.inline_frames);
  // Entries matched by symbol name alone (diff) look a sample's table up at a start that
  // came from another dso's table (Hists::refresh_map, on the feeder thread).
  symbols_.set_direct_table_lookups(opts_.hist.collapse_sym_names);
  if (opts_.browser_annotations) annotations_ = std::make_unique<ReportAnnotations>(opts_.symfs, symbols_);
  symbols_.set_kernel_maps(&machine_.kernel_maps());
  unwinder_.set_style(opts_.unwind_style);
  const std::vector<SortKey>& keys = opts_.hist.sort;
  auto sorts_by = [&](SortKey k) { return std::find(keys.begin(), keys.end(), k) != keys.end(); };
  want_parent_ = sorts_by(SortKey::kParent);
  auto* re = new regex_t;
  if (regcomp(re, opts_.parent_pattern.c_str(), REG_EXTENDED | REG_NOSUB) != 0) {
    delete re;  // cmd/report.cpp checks the pattern first
  } else {
    parent_re_.reset(re);
  }
  if (!opts_.ignore_callees.empty()) {
    auto* ig = new regex_t;
    if (regcomp(ig, opts_.ignore_callees.c_str(), REG_EXTENDED | REG_NOSUB) != 0) delete ig;  // checked first
    else ignore_re_.reset(ig);
  }
  want_srcline_ = sorts_by(SortKey::kSrcline);
  if (opts_.branch_history) opts_.chain_key = ChainKey::kAddress;
  if (opts_.chain_key == ChainKey::kAddress) chains_.frames.key_by_address();
  if (opts_.chain_key == ChainKey::kSrcline) chains_.frames.key_by_srcline();
  chains_.branch_stats = opts_.branch_history && opts_.branch_counts;
  // make_frame reads nothing of the map but its dso here (see make_frame).
  frames_across_maps_ = !opts_.hist.children && opts_.chain_key == ChainKey::kFunction;
  dso_addr_memo_ = LargeArray<DsoAddrMemo>(size_t{1} << kDsoAddrMemoBits);
  want_srcfile_ = sorts_by(SortKey::kSrcfile);
  if (sorts_by(SortKey::kType) || sorts_by(SortKey::kTypeOffset) || sorts_by(SortKey::kTypeCacheline))
    data_types_ = std::make_unique<SampleDataTypes>(opts_.symfs, symbols_);
  want_branch_srclines_ = sorts_by(SortKey::kSrclineFrom) || sorts_by(SortKey::kSrclineTo);
  const std::vector<OutputField>& cols = opts_.hist.fields;
  want_values_ = std::any_of(keys.begin(), keys.end(), is_sample_key) ||
                 std::any_of(cols.begin(), cols.end(), [](const OutputField& f) {
                   return f.kind == OutputField::kWeight1 || f.kind == OutputField::kWeight2 ||
                          f.kind == OutputField::kWeight3;
                 });
  symbols_.set_prefetch(sorts_by(SortKey::kSym) || want_srcline_ || want_parent_ ||
                        opts_.hist.use_callchain || opts_.hist.children);
}

// perf's hist_entry__srcline: the line of the address, else "sym+<decimal offset>", else
// "dso[<objdump address>]"; "??:0" without a map.
// show_sym false: "+<offset>" (perf's srcline of a call-graph frame keyed by address).
std::string ReportTool::srcline_of(const Resolved& r, const uint64_t* frame_ip, bool show_sym) {
  if (!r.map || !r.map->dso) return "??:0";
  const DsoSymbols* d = symbols_.user_symbols(r.map);
  if (d)
    if (const std::string* line = d->srcline(r.addr)) return *line;
  // Without a line perf names the address; for a callchain frame's entry it takes the frame's
  // absolute address as if it were one in the dso.
  const uint64_t addr = frame_ip ? *frame_ip : r.addr;
  if (r.sym) return (show_sym ? r.sym->name : std::string()) + "+" + std::to_string(addr - r.sym->start);
  char buf[32];
  uint64_t shown = !d ? addr : frame_ip ? d->text_objdump_addr(addr) : d->objdump_addr(addr);
  std::snprintf(buf, sizeof(buf), "[%" PRIx64 "]", shown);
  return r.map->dso->short_name + buf;
}

// perf's source line of a call-graph frame keyed by srcline: the dso's line, else "??:0".
std::string ReportTool::frame_line(const Resolved& r) {
  const DsoSymbols* d = symbols_.user_symbols(r.map);
  const std::string* line = d ? d->srcline(r.addr) : nullptr;
  return line ? *line : "??:0";
}

// --ignore-callees: perf's add_callchain_ip resets the chain at each matching symbol, so the
// last match in the chain's order wins.
const ReportTool::ChainEntry* ReportTool::cut_ignored_callees() {
  if (!ignore_re_) return nullptr;
  size_t last = entries_.size();
  for (size_t i = 0; i < entries_.size(); ++i) {
    const Symbol* sym = entries_[i].r.sym;
    if (sym && regexec(ignore_re_.get(), sym->name.c_str(), 0, nullptr, 0) == 0) last = i;
  }
  if (last == entries_.size()) return nullptr;
  entries_.erase(entries_.begin(), entries_.begin() + static_cast<std::ptrdiff_t>(last));
  return &entries_.front();
}

// -s parent: the first symbol of the sampled callchain, in the order it is shown, that the
// parent pattern (perf's default `^sys_|^do_page_fault`, or -p) matches. perf looks at the
// callchain's own addresses only: not their inline lines, nor frames unwound from a stack.
Text ReportTool::find_parent() {
  if (!parent_re_) return {};
  for (const ChainEntry& ce : entries_)
    if (ce.r.sym && regexec(parent_re_.get(), ce.r.sym->name.c_str(), 0, nullptr, 0) == 0)
      return pool_.intern(ce.r.sym->name);
  return {};
}

void ReportTool::prime_dsos(const PerfDataReader& reader) {
  if (data_types_) data_types_->set_cpuid(feature_string(reader, HEADER_CPUID).value_or(""));
  auto it = reader.features().find(HEADER_BUILD_ID);
  if (it == reader.features().end()) return;
  Bytes payload = it->second;
  size_t pos = 0;
  // Each entry: perf_event_header, pid (4), build id (24 with padding), NUL-padded filename.
  constexpr size_t kNameAt = 8 + 4 + 24;
  while (pos + 8 <= payload.size()) {
    ByteReader r(payload.subspan(pos), reader.swapped());
    r.skip(6);
    uint16_t size = r.u16();
    if (size < 8 || pos + size > payload.size()) break;
    if (size > kNameAt) {
      const char* name = reinterpret_cast<const char*>(payload.data() + pos + kNameAt);
      std::string file(name, strnlen(name, size - kNameAt));
      if (!file.empty()) machine_.findnew_dso(file);
    }
    pos += size;
  }
}

void ReportTool::user_record(const RawRecord& rec, Session& s) {
  name_event_from_update(s.reader(), rec);
  name_kernel_dsos(machine_, rec, s.swapped());
  if (opts_.verbose) print_build_id_record_log(rec, s.swapped(), stderr);
  check_feature_record(rec, s.reader());
}

void ReportTool::record(Event& ev, Session& s) {
  symbols_.use_build_ids(s.reader(), &machine_);
  const RawRecord& rec = ev.raw;
  if (rec.type == PERF_RECORD_SAMPLE) {
    on_sample(ev, s);
    return;
  }
  if (rec.type == PERF_RECORD_CALLCHAIN_DEFERRED) return;  // unmerged: nothing to count
  if (rec.type == PERF_RECORD_HEADER_TRACING_DATA) {  // a pipe's tracepoint formats
    TracingDataError err;
    trace_tried_ = true;
    trace_.load_blob(rec.payload, err);
    return;
  }
  if (rec.type == PERF_RECORD_SWITCH || rec.type == PERF_RECORD_SWITCH_CPU_WIDE)
    running_ += (rec.misc & PERF_RECORD_MISC_SWITCH_OUT) ? -1 : 1;
  if (rec.type == PERF_RECORD_EXIT) --running_;  // an exiting thread is never switched out
  SideBand sb;
  if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
  if (rec.type == PERF_RECORD_LOST_SAMPLES) lost_samples_ += sb.lost;
  if (rec.type == PERF_RECORD_READ && ev.attr_index >= 0) {  // -T's table: the count after pid, tid
    ByteReader r(rec.bytes, s.swapped());
    if (r.remaining() >= sizeof(perf_event_header) + 16) {
      r.skip(sizeof(perf_event_header) + 8);
      read_values_.add(sb.pid, sb.tid, ev.attr_index, r.u64());
    }
  }
  if (rec.type == PERF_RECORD_CGROUP) cgroup_names_[sb.id] = std::string(sb.name);
  if (rec.type == PERF_RECORD_NAMESPACES && sb.ns_links.size() > kCgroupNsIndex)
    cgroup_ns_[sb.tid] = sb.ns_links[kCgroupNsIndex];
  // Unlike script and diff, report keeps exited threads (perf's plain exit handling): samples
  // that come after the EXIT in time order still get the thread's comm.
  ++side_band_gen_;
  apply_side_band(machine_, rec, sb);
  if (rec.type == PERF_RECORD_EXIT && opts_.forget_exited_threads) machine_.forget_thread(sb.tid);
  if (rec.type == PERF_RECORD_FORK || (rec.type == PERF_RECORD_EXIT && opts_.forget_exited_threads))
    lbr_stitcher_.forget(sb.tid);
  if (rec.type == PERF_RECORD_COMM && !default_comms_.empty()) {
    auto it = default_comms_.find(&machine_.findnew_thread(sb.pid, sb.tid));
    if (it != default_comms_.end() && !it->second->renamed) {
      it->second->name = it->first->comm;
      it->second->renamed = true;
    }
  }
}

ReportTool::ResolveMemo& ReportTool::resolve_slot(const Thread& t, uint8_t cpumode, uint64_t ip) {
  // Memo of recent lookups. The key has the maps looked in and a generation that changes
  // with every side-band record and when kernel symbols load (the kernel map can then grow),
  // so an entry can never outlive the maps it came from.
  const void* maps = cpumode == PERF_RECORD_MISC_KERNEL ? static_cast<const void*>(&kernel_maps_)
                                                        : static_cast<const void*>(t.maps.get());
  uint64_t gen = side_band_gen_ * 2 + kernel_maps_.loaded();
  ResolveMemo& memo = resolve_memo_[((ip ^ reinterpret_cast<uintptr_t>(maps)) *
                                     0x9e3779b97f4a7c15ull) >> 52];
  if (memo.ip == ip && memo.maps == maps && memo.gen == gen && memo.cpumode == cpumode) return memo;
  if (cpumode == PERF_RECORD_MISC_USER && t.maps) {
    // A user dso's symbols never change once loaded: its addresses resolve the same in every
    // process that maps it.
    const Map* map = find_user_map(*t.maps, gen, ip);
    if (map && map->dso) {
      uint64_t addr = map->map_ip(ip);
      DsoAddrMemo& d = dso_addr_slot(map->dso, addr, ip);
      if (d.dso != map->dso || d.addr != addr || d.ip != ip) {
        Resolved r = resolve_in(map, ip);
        d = DsoAddrMemo{map->dso, addr, ip, r.sym, r.chain, r.symbols, kNoFrame};
      }
      memo = ResolveMemo{maps, ip, gen, cpumode, frames_across_maps_ ? d.frame : kNoFrame,
                         Resolved{map, d.sym, d.chain, d.symbols, addr}};
      return memo;
    }
  }
  Resolved r = resolve_uncached(t, cpumode, ip);
  memo = ResolveMemo{maps, ip, gen, cpumode, kNoFrame, r};
  return memo;
}

const Map* ReportTool::find_user_map(const MapSet& maps, uint64_t gen, uint64_t ip) {
  // A chain's frames fall in a few maps (the program, libc, ...): the last two found in these
  // maps, while no side-band record changed them, hold ip if any does (maps do not overlap).
  if (&maps == recent_maps_.maps && gen == recent_maps_.gen) {
    for (const Map* m : recent_maps_.found)
      if (m && ip >= m->start && ip < m->end) return m;
  } else {
    recent_maps_ = RecentMaps{&maps, gen, {}};
  }
  const Map* map = maps.find(ip);
  if (map) {
    recent_maps_.found[1] = recent_maps_.found[0];
    recent_maps_.found[0] = map;
  }
  return map;
}

ReportTool::DsoAddrMemo& ReportTool::dso_addr_slot(const Dso* dso, uint64_t addr, uint64_t ip) {
  uint64_t h = (addr ^ (ip << 17) ^ reinterpret_cast<uintptr_t>(dso)) * 0x9e3779b97f4a7c15ull;
  return dso_addr_memo_[h >> (64 - kDsoAddrMemoBits)];
}

FrameId ReportTool::memo_frame(ResolveMemo& m, uint64_t ip) {
  if (m.frame != kNoFrame) return m.frame;
  m.frame = make_frame(m.r, ip);
  if (frames_across_maps_ && m.cpumode == PERF_RECORD_MISC_USER && m.r.map && m.r.map->dso) {
    DsoAddrMemo& d = dso_addr_slot(m.r.map->dso, m.r.addr, ip);
    if (d.dso == m.r.map->dso && d.addr == m.r.addr && d.ip == ip) d.frame = m.frame;
  }
  return m.frame;
}

ReportTool::Resolved ReportTool::resolve_uncached(const Thread& t, uint8_t cpumode, uint64_t ip) {
  const Map* map = nullptr;
  if (cpumode == PERF_RECORD_MISC_KERNEL)
    map = kernel_maps_.find(ip);
  else if (cpumode == PERF_RECORD_MISC_USER && t.maps)
    map = t.maps->find(ip);
  return resolve_in(map, ip);
}

ReportTool::Resolved ReportTool::resolve_in(const Map* map, uint64_t ip) {
  Resolved r;
  r.map = map;
  r.addr = ip;
  if (!r.map) return r;
  r.addr = r.map->map_ip(ip);
  ScriptSymbols::Hit hit = symbols_.find(r.map, r.addr);
  r.sym = hit.sym;
  r.chain = hit.chain;
  r.symbols = symbols_.table_of(r.map);
  return r;
}

Text ReportTool::dso_name(const Dso* d) {
  if (d == last_dso_name_.first) return last_dso_name_.second;
  auto [it, fresh] = dso_names_.try_emplace(d);
  if (fresh) it->second = pool_.intern(opts_.verbose ? dso_long_name(*d, kernel_data_) : d->short_name);
  last_dso_name_ = {d, it->second};
  return it->second;
}

Text ReportTool::comm_text(const Thread& t) {
  // A thread's comm changes only with side-band records.
  if (&t != comm_memo_.thread || side_band_gen_ != comm_memo_.gen)
    comm_memo_ = CommMemo{&t, side_band_gen_, pool_.intern(t.comm_str())};
  return comm_memo_.text;
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

FrameId ReportTool::make_frame(const Resolved& r, uint64_t ip, const std::string* inline_name,
                               const std::string* inline_srcline) {
  ChainFrame& f = frame_;
  // --children -s srcline: each frame's entry is keyed by the frame's own source line.
  if (opts_.chain_key == ChainKey::kAddress) {
    // perf's address key: each frame has its source line, printed after its name
    f.srcline = pool_.intern(inline_srcline ? *inline_srcline : srcline_of(r, nullptr, false));
  } else if (opts_.chain_key == ChainKey::kSrcline) {
    // perf's srcline key: a frame in a map has its line, "??:0" when unknown (never an address)
    f.srcline = !r.map || !r.map->dso ? Text()
                : inline_srcline      ? pool_.intern(*inline_srcline)
                                      : pool_.intern(frame_line(r));
  } else if (want_srcline_ && opts_.hist.children) {
    f.srcline = pool_.intern(inline_srcline ? *inline_srcline : srcline_of(r, &ip));
  }
  f.ip = ip;
  f.dso_order = r.map ? dso_order(r.map->dso) : 0;
  f.has_map = r.map && r.map->dso;
  // Only --children makes entries from frames, which need the map (an entry hit from another
  // map looks its symbol up again). Otherwise nothing printed depends on it, and without it
  // the frames of one dso's symbol in many processes share their stored part.
  f.map = opts_.hist.children ? r.map : nullptr;
  f.symbols = opts_.hist.children ? r.symbols : nullptr;
  f.dso = f.has_map ? dso_name(r.map->dso) : Text();
  if (opts_.verbose) f.origin = symbols_.symtab_origin(r.map);
  f.has_sym = r.sym != nullptr;
  f.inlined = r.sym && inline_name != nullptr;
  f.sym_start = r.sym ? r.sym->start : 0;
  f.sym_end = r.sym ? r.sym->end : 0;
  if (r.sym) {
    // Names live in the symbol tables (and inline chains) for the whole run: each is pooled
    // once, found again by its address.
    const std::string* own = f.inlined ? inline_name : &r.sym->name;
    auto [it, fresh] = names_.try_emplace(own);
    if (fresh) it->second = {pool_.intern(*own), f.inlined ? pool_.intern(*own + " (inlined)") : Text()};
    f.sym = it->second.first;
    f.name = f.inlined ? it->second.second : it->second.first;
    if (opts_.chain_key != ChainKey::kFunction && !f.srcline.unset() && r.map && r.map->dso)
      f.name = pool_.intern(*own + " " + f.srcline.str() + (f.inlined ? " (inlined)" : ""));
  } else {
    f.sym = Text();
    f.name = Text();  // printed as 0x<ip> (frame_text)
  }
  return chains_.frames.intern(f);
}

Hists& ReportTool::hists_for(int attr_index) {
  auto& h = hists_[attr_index];
  if (!h) {
    h = std::make_unique<Hists>(opts_.hist);
    h->set_chain_store(&chains_);
    // Call-path appends are as much work as the rest of adding (--children: each frame's
    // entry gets one): a third thread makes them.
    if (feeder_.threaded()) {
      h->set_appender(&appender_);
      h->set_print_threads(true);
    }
    // Runs on the feeder's thread: it reads the sample's table, never symbols_. The symbol
    // found has its name demangled: see ScriptSymbols::load.
    h->set_symbol_lookup([](const HistSample& sample, uint64_t addr) {
      SymbolAt at;
      const auto* table = static_cast<const SymbolTable*>(sample.symbols);
      const Symbol* sym = table ? table->find(addr) : nullptr;
      if (sym) at = SymbolAt{true, Text(&sym->name), sym->start, sym->end};
      return at;
    });
  }
  return *h;
}

void ReportTool::on_sample(Event& ev, Session& s) {
  if (ev.attr_index < 0) return;
  const EventAttrEntry& e = s.attrs()[ev.attr_index];
  DecodedSample ds;
  if (!decode_sample(ev.raw.bytes, s.swapped(), e.attr, ds).empty()) return;
  DeferredState st = merger_ ? merger_->state() : DeferredState::kNone;
  if (st == DeferredState::kMerged || st == DeferredState::kMismatch) ds.deferred_callchain = false;
  // perf's order: the time range, then the on/off switch (once per sample, S groups too).
  if (opts_.event_switch.active()) {
    if (outside_time(ds.time)) return;
    if (opts_.event_switch.discard(ev.attr_index)) return;
  }
  if (e.attr.sample_type & PERF_SAMPLE_READ) {  // S: one sample per counter that grew
    auto id_to_attr = [&](uint64_t id) { return s.reader().attr_index_of_id(id); };
    for (const ReadSample& rs : read_splitter_.split(ds, e.attr, s.swapped(), id_to_attr)) {
      ds.period = rs.period;
      add_sample(ev, s, ds, rs.attr_index);
    }
    return;
  }
  add_sample(ev, s, ds, ev.attr_index);
}

bool ReportTool::sorts_by_trace() const {
  const std::vector<SortKey>& keys = opts_.hist.sort;
  return std::find(keys.begin(), keys.end(), SortKey::kTrace) != keys.end();
}

// perf's trace output of a tracepoint sample: its print format applied to the raw fields (or,
// with --raw-trace, the fields as they are).
Text ReportTool::trace_output(Session& s, const perf_event_attr& attr, const DecodedSample& ds) {
  if (!trace_tried_) {
    trace_tried_ = true;
    auto it = s.reader().features().find(HEADER_TRACING_DATA);
    TracingDataError err;
    if (it != s.reader().features().end()) trace_.load_blob(it->second, err);
  }
  trace_text_.clear();
  if (ds.sample_type & PERF_SAMPLE_RAW) {
    if (opts_.raw_trace) trace_.format_fields(attr.config, ds.raw, trace_text_);
    else trace_.format(attr.config, static_cast<int>(ds.cpu), ds.raw, trace_text_);
  }
  return pool_.intern(trace_text_);
}

void ReportTool::add_sample(Event& ev, Session& s, DecodedSample& ds, int attr_index) {
  const EventAttrEntry& e = s.attrs()[attr_index];
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  if (!opts_.cpus.empty() && !opts_.cpus.count(ds.cpu)) return;
  // --time: samples outside the range are dropped, as with -C
  if (outside_time(ds.time)) return;
  // The other filters only hide entries: their samples still count in the total period.
  bool filtered = (!opts_.pids.empty() && !opts_.pids.count(t.pid)) ||
                  (!opts_.tids.empty() && !opts_.tids.count(t.tid)) ||
                  (!opts_.comms.empty() && !opts_.comms.count(t.comm_str()));
  uint8_t cpumode = ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  if (cpumode == PERF_RECORD_MISC_GUEST_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_USER) filtered = true;
  Resolved al = resolve(t, cpumode, ds.ip);
  if (opts_.hide_unresolved && !al.sym) return;  // perf drops the sample before counting it
  HistSample hs;
  hs.comm = comm_text(t);
  hs.thread_comm = &t.comm;
  if (!t.comm_set) {
    auto& dc = default_comms_[&t];
    if (!dc) dc = std::make_unique<DefaultComm>(DefaultComm{t.comm});
    hs.default_comm = &dc->name;
  }
  hs.pid = t.pid;
  hs.tid = t.tid;
  set_location(hs, al, cpumode);
  hs.period = ds.period;
  hs.ip = ds.ip;
  if (want_values_) hs.values = make_values(t, ds, al);
  if (opts_.hist.mem_mode) {
    hs.mem = make_mem_info(t, cpumode, ds, al);
    hs.period = ds.weight ? ds.weight : 1;  // perf weighs a memory access by its cost
  }
  // Switch records may come out of order, so the count is bounded by the CPUs there are.
  hs.parallelism = std::max(1, std::min(running_, static_cast<int>(opts_.nr_cpus_avail)));
  hs.latency = ds.period * 1000 / static_cast<uint64_t>(hs.parallelism);
  if (!opts_.parallelism.empty() && !opts_.parallelism.count(hs.parallelism)) filtered = true;
  hs.cpumode = cpumode;
  hs.cpu = (e.attr.sample_type & PERF_SAMPLE_CPU) ? static_cast<int32_t>(ds.cpu) : -1;
  if (hs.cpu >= 0 && static_cast<size_t>(hs.cpu) < opts_.cpu_sockets.size()) hs.socket = opts_.cpu_sockets[hs.cpu];
  if (e.attr.type == PERF_TYPE_TRACEPOINT && sorts_by_trace()) {
    hs.is_tracepoint = true;
    hs.trace = trace_output(s, e.attr, ds);
  }
  if ((e.attr.sample_type & PERF_SAMPLE_CGROUP) && ds.cgroup) {
    hs.cgroup = ds.cgroup;
    hs.cgroup_name = &cgroup_names_.try_emplace(ds.cgroup, "unknown").first->second;
  }
  // --dsos: perf matches a dso by its short or its long name
  if (!opts_.dsos.empty() && !(hs.has_map ? opts_.dsos.count(hs.dso.str()) || opts_.dsos.count(al.map->dso->long_name)
                                          : opts_.dsos.count("[unknown]")))
    filtered = true;
  if (!opts_.symbols.empty() && (!al.sym || !opts_.symbols.count(al.sym->name))) {
    if (al.sym && al.map && !filtered && opts_.on_symbol_dropped) opts_.on_symbol_dropped(*al.map, *al.sym);
    filtered = true;
  }

  if (opts_.branch_mode) return add_branches(s, ds, t, hs, cpumode, attr_index, filtered);
  bool has_path = false;
  // (--branch-history with the branch counts shown: the branches alone without a callchain)
  const bool branch_graph = opts_.branch_counts && (e.attr.sample_type & PERF_SAMPLE_BRANCH_STACK);
  if (((e.attr.sample_type & PERF_SAMPLE_CALLCHAIN) || branch_graph) &&
      (opts_.hist.mode != ChainMode::kNone || opts_.hist.children || want_parent_)) {
    entries_.clear();
    const U64Array& chain = ds.callchain;
    size_t n = chain.size();
    // An unmerged deferred chain ends with PERF_CONTEXT_USER_DEFERRED and the cookie; perf
    // report resolves the cookie like a user address (an [unknown] frame).
    auto add = [&](uint64_t ip, uint8_t mode) {
      // Filled in place: copying a returned ChainEntry made its last 16-byte load span two
      // smaller stores (a store-forwarding stall on every frame).
      ChainEntry& ce = entries_.emplace_back();
      ResolveMemo& m = resolve_slot(t, mode, ip);
      ce.r = m.r;
      ce.ip = ip;
      ce.cpumode = mode;
      // Most addresses recur: each one's frame is made once while its memo entry lasts (a
      // frame depends only on what the address resolved to).
      if (!m.r.chain) ce.frame = memo_frame(m, ip);
    };
    // --call-graph lbr: perf's frames from the LBR call stack, already in the order asked
    // for and not cut by --max-stack (record/lbr_callchain.h).
    bool lbr = false;
    bool bh = false;
    if (has_lbr_callstack(e.attr)) {
      U64Array branches(ds.branch_entries.data(), ds.branch_entries.size() / 8, s.swapped());
      int max_stack = opts_.max_stack >= 0 ? opts_.max_stack : 127;
      lbr = lbr_callchain(chain, ds.ip, branches, max_stack, opts_.caller_order, lbr_frames_);
      // perf resolves no chain of a filtered-out sample: its LBR is not stitched against
      if (lbr && !filtered)
        lbr_stitcher_.stitch(t.tid, branches, ds.branch_hw_idx, opts_.caller_order, lbr_frames_);
      if (lbr)
        for (const LbrFrame& f : lbr_frames_) {
          add(f.ip, f.cpumode);
          entries_.back().branch = f.counts;
          entries_.back().binfo = f.info;
        }
      bh = lbr && (opts_.branch_history || opts_.branch_callstack);
    }
    if (!lbr && (opts_.branch_history || opts_.branch_callstack) && (e.attr.sample_type & PERF_SAMPLE_BRANCH_STACK)) {
      U64Array branches(ds.branch_entries.data(), ds.branch_entries.size() / 8, s.swapped());
      branch_history_frames(chain, branches, opts_.max_stack, opts_.caller_order, bh_frames_);
      for (const BranchHistoryFrame& f : bh_frames_) {
        uint8_t m = f.cpumode;
        if (m == kAnyMode) {  // a branch end: the first address space with a map for it
          m = PERF_RECORD_MISC_USER;
          if (!resolve_slot(t, m, f.ip).r.map) m = PERF_RECORD_MISC_KERNEL;
          if (!resolve_slot(t, m, f.ip).r.map) m = PERF_RECORD_MISC_USER;
        }
        add(f.ip, m);
        entries_.back().branch = f.counts;
        entries_.back().binfo = f.info;
      }
      bh = lbr = true;  // in the order asked for, cut by --max-stack already
    }
    uint8_t mode = PERF_RECORD_MISC_USER;
    bool bad = false;
    for (size_t i = 0; i < n && !lbr; ++i) {
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
      add(ip, mode);
    }
    if (bad) entries_.clear();
    if (opts_.caller_order && !lbr) std::reverse(entries_.begin(), entries_.end());
    // --max-stack counts callchain entries, not the inline lines they become.
    if (!lbr && opts_.max_stack >= 0 && entries_.size() > static_cast<size_t>(opts_.max_stack))
      entries_.resize(static_cast<size_t>(opts_.max_stack));
    // -U: frames without a symbol are left out of the chain (they still count for --max-stack).
    if (opts_.hide_unresolved)
      entries_.erase(std::remove_if(entries_.begin(), entries_.end(), [](const ChainEntry& ce) { return !ce.r.sym; }),
                     entries_.end());
    if (const ChainEntry* root = cut_ignored_callees()) set_location(hs, root->r, root->cpumode);
    if (want_parent_) hs.parent = find_parent();
    // Unwound user frames (--call-graph dwarf) follow the chain; caller order: reversed, first.
    if (opts_.unwind_style != UnwindStyle::kNone)
      for (const UnwoundFrame& f : unwinder_.user_frames(e.attr, ds, t, s.swapped(), opts_.max_stack)) {
        ChainEntry ce{resolve(t, PERF_RECORD_MISC_USER, f.ip), f.ip, kNoFrame, PERF_RECORD_MISC_USER, {}, {}};
        entries_.insert(opts_.caller_order ? entries_.begin() : entries_.end(), ce);
      }
    path_has_branch_ = bh;
    expand_entries();
    has_path = true;
  }
  // -x: perf's parent filter hides the entries without a parent (all of them when parents
  // are not looked for).
  if (opts_.exclude_other && hs.parent.empty()) filtered = true;
  if (opts_.on_sample && !filtered) opts_.on_sample(attr_index, hs);
  const BranchCounts* suffix = nullptr;
  if (has_path && path_has_branch_) {
    // each entry's tree gets the path from some frame on: the sums from each frame to the end
    for (size_t i = path_branch_.size() - 1; i-- > 0;) path_branch_[i] += path_branch_[i + 1];
    suffix = path_branch_.data();
  }
  const ChainBranchInfo* binfo = suffix && opts_.branch_counts ? path_binfo_.data() : nullptr;
  if (annotations_ && !filtered) annotations_->add(attr_index, hs);
  feeder_.add(hists_for(attr_index), hs, path_.data(), has_path ? path_.size() : 0, filtered, suffix, binfo);
}

// A branch end resolved as perf's ip__resolve_ams does: in the first address space (user,
// then kernel) that has a map for it.
// perf resolves a branch's ends in the user maps first, then the kernel's; level: where it
// did ('H' for neither: perf's last try is a guest's, which report has not).
ReportTool::Resolved ReportTool::branch_end(const Thread& t, uint64_t addr, char& level) {
  level = '.';
  Resolved r = resolve(t, PERF_RECORD_MISC_USER, addr);
  if (r.map) return r;
  r = resolve(t, PERF_RECORD_MISC_KERNEL, addr);
  level = r.map ? 'k' : 'H';
  return r;
}

ResolvedAddr ReportTool::resolved_addr(const Resolved& r, uint64_t addr) {
  ResolvedAddr a;
  a.addr = addr;
  a.addr_in_map = r.addr;
  a.has_map = r.map && r.map->dso;
  if (a.has_map) a.dso = dso_name(r.map->dso);
  if (r.sym) {
    a.has_sym = true;
    a.sym_is_object = r.sym->type == kSttObject;
    a.sym = Text(&r.sym->name);
    a.sym_start = r.sym->start;
    a.sym_end = r.sym->end;
  }
  return a;
}

// perf's branch-mode histogram: each taken branch an entry of period 1 at its target.
void ReportTool::add_branches(Session& s, const DecodedSample& ds, const Thread& t, HistSample& hs, uint8_t cpumode,
                              int attr_index, bool filtered) {
  Hists& h = hists_for(attr_index);
  // perf counts a sample when it added an entry: not one without branches
  if (ds.branch_nr) ++branch_samples_[attr_index];
  ByteReader r(ds.branch_entries, s.swapped());
  if (opts_.total_cycles) {
    block_branches_.clear();
    if (nonany_branches_ < 0) {  // perf ORs every event's branch filter
      uint64_t types = 0;
      for (const auto& a : s.attrs()) types |= a.attr.branch_sample_type;
      nonany_branches_ = !(types & PERF_SAMPLE_BRANCH_ANY);
    }
  }
  for (uint64_t i = 0; i < ds.branch_nr; ++i) {
    BranchInfo b;
    uint64_t from = r.u64(), to = r.u64();
    b.flags = decode_branch_flags(r.u64());
    if (i == 0 && hs.values) {  // perf weighs every branch by the first one's cycles
      SampleValues v = *hs.values;
      v.weight = b.flags.cycles ? b.flags.cycles : 1;
      hs.values = sample_values_.intern(v);
    }
    char from_level, to_level;
    Resolved source = branch_end(t, from, from_level);
    b.from = resolved_addr(source, from);
    b.from.level = from_level;
    Resolved target = branch_end(t, to, to_level);  // perf's entry sits where the branch ends
    b.to = resolved_addr(target, to);
    b.to.level = to_level;
    if (want_branch_srclines_) {
      b.srcline_from = pool_.intern(srcline_of(source));
      b.srcline_to = pool_.intern(srcline_of(target));
    }
    if (opts_.total_cycles) add_block_branch(hs, source, from, target, to, b.flags.cycles, attr_index);
    set_location(hs, target, cpumode);
    hs.addr = to;  // perf's entry address is the branch target as recorded
    // ... which -s addr unmaps once more (a target in a map that is not at 0 moves)
    hs.ip = target.map ? target.map->unmap_ip(to) : to;
    hs.branch = branch_infos_.intern(b);
    hs.period = 1;
    hs.latency = 1000 / static_cast<uint64_t>(hs.parallelism);
    feeder_.add(h, hs, nullptr, 0, filtered);
  }
  if (opts_.total_cycles) block_cycles_.account(block_branches_, nonany_branches_ > 0);
}

// --total-cycles: a branch for the blocks' cycles, and the branch-mode entry it makes (perf's
// default branch keys) for the event's table.
void ReportTool::add_block_branch(const HistSample& hs, const Resolved& source, uint64_t from,
                                  const Resolved& target, uint64_t to, uint32_t cycles, int attr_index) {
  auto end_of = [](const Resolved& r, uint64_t addr) {
    return BlockBranchEnd{r.map, r.map ? r.map->start : 0, r.sym, addr, r.addr};
  };
  block_branches_.push_back(BlockBranch{end_of(source, from), end_of(target, to), cycles});
  BlockReport::EntryKey k;
  k.comm = hs.comm.str();
  k.from_has_dso = source.map && source.map->dso;
  if (k.from_has_dso) k.from_dso = dso_name(source.map->dso).str();
  k.from_sym = source.sym;
  if (!source.sym) k.from_addr = from;
  k.to_sym = target.sym;
  if (!target.sym) k.to_addr = to;
  k.cycles = cycles;
  const bool to_dso = target.map && target.map->dso;
  // (the table names a dso by its short name, -v or not)
  block_reports_[attr_index].add_entry(k, target.map, target.sym,
                                       to_dso ? target.map->dso->short_name : std::string("[unknown]"));
}

// perf's size of a map (-s dso_size): the kernel's map ends where its last symbol does once
// perf has loaded kallsyms, whatever the recorded map said.
uint64_t ReportTool::map_size(const Map& m, const SymbolTable* symbols) {
  uint64_t end = m.end;
  if (m.dso && m.dso->kernel && symbols && !symbols->empty() && m.map_ip(m.start) == m.start)
    end = symbols->symbols().back().end;
  return end - m.start;
}

const SampleValues* ReportTool::make_values(const Thread& t, const DecodedSample& ds, const Resolved& al) {
  SampleValues v;
  v.time = opts_.time_quantum ? ds.time / opts_.time_quantum * opts_.time_quantum : ds.time;
  v.weight = ds.weight;
  v.ins_lat = ds.ins_lat;
  v.p_stage_cyc = ds.weight3;
  v.transaction = ds.transaction;
  v.code_page_size = ds.code_page_size;
  v.map_size = al.map ? map_size(*al.map, al.symbols) : 0;
  if (t.pid != t.tid)
    if (const Thread* leader = machine_.find_thread(t.pid)) v.process_comm = &leader->comm;
  if (want_srcfile_) v.srcfile = srcfile_of(al);
  if (data_types_) v.data_type = pool_.intern(data_types_->type_of(al.map, al.sym, al.addr));
  if (!cgroup_ns_.empty())
    if (auto it = cgroup_ns_.find(t.tid); it != cgroup_ns_.end()) std::tie(v.cgroup_dev, v.cgroup_ino) = it->second;
  return sample_values_.intern(v);
}

// perf's source file of an address: its source line up to the ':' (none without a line).
Text ReportTool::srcfile_of(const Resolved& r) {
  if (!r.map) return pool_.intern("");
  std::string line = srcline_of(r);
  size_t colon = line.find(':');
  bool sym_fallback = r.sym && line.compare(0, r.sym->name.size(), r.sym->name) == 0 &&
                      line.size() > r.sym->name.size() && line[r.sym->name.size()] == '+';
  return pool_.intern(colon == std::string::npos || sym_fallback ? std::string() : line.substr(0, colon));
}

// The data address resolved as perf's mem_info does: in the sample's address space, then in
// the other one (perf's thread__find_map_fb).
const MemInfo* ReportTool::make_mem_info(const Thread& t, uint8_t cpumode, const DecodedSample& ds,
                                         const Resolved& code) {
  MemInfo m;
  m.phys_addr = ds.phys_addr;
  m.data_page_size = ds.data_page_size;
  m.code_sym_is_object = code.sym && code.sym->type == kSttObject;
  // perf's PERF_MEM_DATA_SRC_NONE for samples without a data source: every part "N/A"
  constexpr uint64_t kDataSrcNone = 1 | 1 << 5 | 1 << 19 | 1 << 24 | 1 << 26 | uint64_t{0xf} << 33;
  m.data_src = ds.sample_type & PERF_SAMPLE_DATA_SRC ? ds.data_src : kDataSrcNone;
  Resolved r = resolve(t, cpumode, ds.addr);
  uint8_t mode = cpumode;
  if (!r.map) {
    mode = cpumode == PERF_RECORD_MISC_KERNEL ? PERF_RECORD_MISC_USER : PERF_RECORD_MISC_KERNEL;
    Resolved other = resolve(t, mode, ds.addr);
    if (other.map) r = other;
    else mode = cpumode;
  }
  m.level = mode == PERF_RECORD_MISC_KERNEL ? 'k' : mode == PERF_RECORD_MISC_USER ? '.' : 'H';
  m.data = resolved_addr(r, ds.addr);
  if (r.map && r.map->dso) {
    constexpr uint32_t kMapShared = 0x01, kProtExec = 0x4;
    bool shared = r.map->flags & kMapShared;
    m.data_ino = r.map->dso->ino;
    m.data_shared = shared && !(r.map->prot & kProtExec) && m.data_ino;
    m.data_anon = !shared && !m.data_ino;
  }
  m.cacheline = m.data.addr_in_map & ~(cacheline_size_ - 1);
  return mem_infos_.intern(m);
}

void ReportTool::set_location(HistSample& hs, const Resolved& al, uint8_t cpumode) {
  hs.has_map = al.map && al.map->dso;
  hs.map = al.map;
  hs.symbols = al.symbols;
  hs.dso = hs.has_map ? dso_name(al.map->dso) : Text();
  if (opts_.verbose) hs.origin = symbols_.symtab_origin(al.map);
  // perf's levels: k(ernel), . (user), H for the rest (hypervisor; guests, whose samples
  // are hidden without --guest* while counting in the total, as perf filters them)
  hs.level = cpumode == PERF_RECORD_MISC_KERNEL ? 'k' : cpumode == PERF_RECORD_MISC_USER ? '.' : 'H';
  hs.has_sym = al.sym != nullptr;
  if (al.sym) {
    hs.sym = Text(&al.sym->name);
    hs.sym_start = al.sym->start;
    hs.sym_end = al.sym->end;
  } else {
    hs.sym = Text();
    hs.sym_start = hs.sym_end = 0;
  }
  if (want_srcline_) hs.srcline = pool_.intern(srcline_of(al));
  hs.addr = al.addr;
}

void ReportTool::expand_entries() {
  path_.clear();
  path_branch_.clear();
  path_binfo_.clear();
  for (const ChainEntry& ce : entries_) {
    if (!ce.r.chain) {
      path_.push_back(ce.frame != kNoFrame ? ce.frame : make_frame(ce.r, ce.ip));
      if (path_has_branch_) {
        path_branch_.push_back(ce.branch);
        path_binfo_.push_back(ce.binfo);
      }
      continue;
    }
    // perf's inline frames of an address carry no branch
    if (path_has_branch_) {
      path_branch_.resize(path_branch_.size() + ce.r.chain->size());
      path_binfo_.resize(path_binfo_.size() + ce.r.chain->size());
    }
    // The lines come innermost first; a caller-ordered chain takes them outermost first.
    const InlineChain& lines = *ce.r.chain;
    for (size_t k = 0; k < lines.size(); ++k) {
      const InlineFrame& line = lines[opts_.caller_order ? lines.size() - 1 - k : k];
      path_.push_back(make_frame(ce.r, ce.ip, line.name, line.srcline));
    }
  }
  if (path_has_branch_) path_branch_.emplace_back();  // the sum past the last frame
}

bool ReportTool::has_samples() const {
  drain();
  for (const auto& [idx, h] : hists_)
    if (h->all_samples()) return true;
  return false;
}

Hists* ReportTool::hists_of(int attr_index) {
  drain();
  auto it = hists_.find(attr_index);
  return it == hists_.end() ? nullptr : it->second.get();
}

// The reports to show, in perf's order: one per event with samples, an event group's leader
// carrying its members (which get none of their own) in the group view.
std::vector<ReportTool::Section> ReportTool::sections(Session& s) {
  drain();
  for (auto& [idx, h] : hists_) h->set_use_callchain(opts_.hist.use_callchain);
  const auto& attrs = s.attrs();
  // A pipe's groups come in its GROUP_DESC FEATURE record, read by now (perf 7.2 writes it
  // before the samples and groups them as a file's).
  if (opts_.groups.empty() && s.reader().is_pipe()) {
    if (auto it = s.reader().features().find(HEADER_GROUP_DESC); it != s.reader().features().end()) {
      ByteReader r(it->second, s.reader().swapped());
      if (!read_group_desc(r, opts_.groups)) opts_.groups.clear();
    }
    if (opts_.force_group && opts_.groups.empty() && attrs.size() > 1)
      opts_.groups.push_back({"", 0, static_cast<uint32_t>(attrs.size())});
  }
  std::map<size_t, std::vector<size_t>> members_of;
  std::set<size_t> in_group, leaders;  // perf calls a leader's samples "events" either way
  for (const GroupDesc& g : opts_.groups)
    if (g.nr_members > 1) leaders.insert(g.leader);
  if (opts_.group_view)
    for (const GroupDesc& g : opts_.groups) {
      if (g.nr_members < 2 || g.leader + g.nr_members > attrs.size()) continue;
      for (uint32_t k = 1; k < g.nr_members; ++k) {
        members_of[g.leader].push_back(g.leader + k);
        in_group.insert(g.leader + k);
      }
    }
  auto event_name = [&](size_t i) { return attrs[i].name.empty() ? std::string("[unknown]") : attrs[i].name; };
  std::vector<Section> out;
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (in_group.count(i)) continue;
    auto grp = members_of.find(i);
    Section sec;
    sec.event = event_name(i);
    sec.plural = leaders.count(i) > 0;
    sec.attr = static_cast<int>(i);
    sec.freq = attrs[i].attr.sample_freq;
    std::vector<Hists*> members;
    if (grp != members_of.end()) {
      sec.event = "anon group { " + sec.event;
      for (size_t m : grp->second) {
        members.push_back(&hists_for(static_cast<int>(m)));
        sec.event += ", " + event_name(m);
      }
      sec.event += " }";
      for (const GroupDesc& g : opts_.groups) {
        if (g.leader != i) continue;
        if (g.name.empty()) sec.event = sec.event.substr(13, sec.event.size() - 15);  // forced: no braces
        else if (g.name != "{anon_group}") sec.event = g.name + sec.event.substr(10);
      }
      hists_for(static_cast<int>(i));  // a leader without samples too
    }
    auto it = hists_.find(static_cast<int>(i));
    if (it == hists_.end()) continue;
    sec.hists = it->second.get();
    const uint64_t leader_all = sec.hists->all_samples();
    sec.samples = opts_.branch_mode ? branch_samples_[static_cast<int>(i)] : sec.hists->nr_samples();
    sec.period = sec.hists->total_period();
    for (Hists* m : members) {
      sec.samples += m->nr_samples();
      sec.period += m->total_period();
    }
    // perf skips an event without samples (filtered ones count), a group whose leader has
    // none too, whatever its members have
    if (leader_all == 0) continue;
    if (!members.empty()) sec.hists->link_group(members);
    out.push_back(sec);
  }
  return out;
}

// perf's sample count: "279 ", "416K" ...
std::string ReportTool::Section::samples_text() const {
  uint64_t n = samples;
  char unit = ' ';
  for (char u : {'K', 'M', 'G'})
    if (n > 1000) {
      n /= 1000;
      unit = u;
    }
  return std::to_string(n) + unit;
}

void ReportTool::print(std::FILE* out, Session& s) {
  if (!opts_.quiet) std::fprintf(out, "#\n# Total Lost Samples: %" PRIu64 "\n#\n", lost_samples_);
  for (Section& sec : sections(s)) {
    if (!opts_.quiet) {
      std::fprintf(out, "# Samples: %s of event%s '%s'", sec.samples_text().c_str(), sec.plural ? "s" : "",
                   sec.event.c_str());
      if (!opts_.time_text.empty()) std::fprintf(out, " (time slices: %s)", opts_.time_text.c_str());
      std::fputc('\n', out);
      if (opts_.hist.mem_mode)  // perf's memory report: the period is the accesses' weight
      {
        std::fprintf(out, "# Total weight : %" PRIu64 "\n", sec.period);
        // (none with -F alone: the columns are the order)
        if (!opts_.hist.sort_order_text.empty())
          std::fprintf(out, "# Sort order   : %s\n", opts_.hist.sort_order_text.c_str());
      }
      else
        std::fprintf(out, "# Event count (approx.): %" PRIu64 "\n", sec.period);
      if (opts_.hist.socket_filter >= 0) std::fprintf(out, "# Processor Socket: %d\n", opts_.hist.socket_filter);
      std::fputs("#\n", out);
    }
    if (opts_.total_cycles) {  // perf's block table instead of the entries
      auto srcline = [&](const Map* map, const Symbol* sym, uint64_t offset) {
        Resolved r;
        r.map = map;
        r.sym = sym;
        r.addr = sym->start + offset;
        return srcline_of(r);
      };
      block_reports_[sec.attr].print(out, block_cycles_, srcline, opts_.hist.percent_limit);
      continue;
    }
    sec.hists->print(out, !opts_.quiet);
    std::fputs("\n\n", out);
  }
  if (!opts_.quiet) std::fputs("#\n#\n", out);
  if (opts_.branch_mode) {  // perf's statistics of the counted branches, of every event
    BranchStats all;
    for (auto& [index, h] : hists_) all.merge(h->branch_stats());
    all.print(out);
  }
}

int ReportTool::browse(Session& s) {
  std::vector<Section> secs = sections(s);
  if (secs.empty()) return 0;
  if (annotations_) annotations_->set_cpuid(feature_string(s.reader(), HEADER_CPUID).value_or(""));
  std::vector<std::unique_ptr<HistBrowser>> browsers;
  std::vector<std::string> lines;
  for (Section& sec : secs) {
    std::string title = "Samples: " + sec.samples_text() + " of event" + (sec.plural ? "s" : "") + " '" +
                        sec.event + "', Event count (approx.): " + std::to_string(sec.period);
    browsers.push_back(std::make_unique<HistBrowser>(*sec.hists, title));
    if (annotations_)
      browsers.back()->set_annotate_source(
          annotations_->source(sec.attr, hists_title(sec.samples, sec.event, sec.plural, sec.freq, sec.period),
                               sec.samples, sec.period));
    lines.push_back(event_menu_line(sec.samples, sec.event));
  }
  Terminal t;
  // several events: perf's menu of them comes first
  if (browsers.size() > 1) return EventMenu(std::move(lines), std::move(browsers)).run(t);
  browsers.front()->run(t);
  return 0;
}

SessionStats read_file_into(ReportTool& tool, PerfDataReader& reader) {
  tool.prime_dsos(reader);
  DeferredCallchainMerger merger(tool);
  tool.set_merger(&merger);
  Session session(reader, SessionOptions{}, merger);
  session.run();
  tool.set_merger(nullptr);  // the merger goes with this call
  return session.stats();
}

}  // namespace cperf
