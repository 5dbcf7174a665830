#include "script/script_tool.h"

#include <cinttypes>
#include <cstring>
#include <sys/stat.h>

#include "base/error.h"
#include "dump/user_record_print.h"
#include "format/record_types.h"
#include "header/build_id_table.h"
#include "header/feature_print.h"

namespace cperf {

ScriptTool::ScriptTool(std::FILE* out, ScriptOptions opts, FieldSet fields)
    : out_(out),
      opts_(std::move(opts)),
      fields_(fields),
      symbols_(opts_.symfs, opts_.kallsyms, opts_.demangle, opts_.srcline) {
  symbols_.set_inline_frames(opts_.inline_frames);
  symbols_.set_kernel_maps(&machine_.kernel_maps());
  unwinder_.set_style(opts_.unwind_style);
  bool shows_symbols = false;
  for (int type = 0; type < kOutTypes; ++type) shows_symbols |= fields_.has(type, kFieldSym);
  symbols_.set_prefetch(shows_symbols);
}

void ScriptTool::record(Event& ev, Session& s) {
  symbols_.use_build_ids(s.reader(), &machine_);
  switch (ev.raw.type) {
    case PERF_RECORD_SAMPLE:
      on_sample(ev, s);
      break;
    case PERF_RECORD_CALLCHAIN_DEFERRED:
      on_deferred(ev, s);
      break;
    default:
      on_side_band(ev, s);
      break;
  }
}

void ScriptTool::user_record(const RawRecord& rec, Session& s) {
  name_event_from_update(s.reader(), rec);
  name_kernel_dsos(machine_, rec, s.swapped());
  // perf stops at a bad attr before it reads the features that follow
  if (error().empty()) check_feature_record(rec, s.reader());
  if (rec.type == PERF_RECORD_FINISHED_ROUND && opts_.show_round && !sink_) {
    TextLine out(out_);
    out.put("PERF_RECORD_FINISHED_ROUND\n");
  }
  if (rec.type == PERF_RECORD_HEADER_TRACING_DATA)
    load_trace(rec.payload, rec.offset + rec.size, s.reader().path());
  if (rec.type == PERF_RECORD_HEADER_ATTR && s.reader().is_pipe() && !s.attrs().empty())
    check_pipe_attr(rec, s);
  if (rec.type >= PERF_RECORD_THREAD_MAP && rec.type <= PERF_RECORD_STAT_ROUND)
    on_stat_record(rec, s);
}

void ScriptTool::on_stat_record(const RawRecord& rec, Session& s) {
  if (rec.type == PERF_RECORD_THREAD_MAP || rec.type == PERF_RECORD_CPU_MAP) {
    ByteReader r(rec.bytes, s.swapped());
    r.skip(sizeof(perf_event_header));
    bool thread = rec.type == PERF_RECORD_THREAD_MAP;
    if (!(thread ? stat_.thread_map(r) : stat_.cpu_map(r)))
      std::fprintf(stderr, "Extra %s map event, ignoring.\n", thread ? "thread" : "cpu");
    return;
  }
  if (sink_) {  // a script gets stat__interval calls, not the counts table
    if (rec.type == PERF_RECORD_STAT_ROUND) {
      ByteReader r(rec.bytes, s.swapped());
      r.skip(sizeof(perf_event_header) + 8);  // the round's type
      sink_->stat_round(r.u64());
    }
    return;
  }
  ByteReader r(rec.bytes, s.swapped());
  r.skip(sizeof(perf_event_header));
  switch (rec.type) {
    case PERF_RECORD_STAT_CONFIG: stat_.config(r); break;
    case PERF_RECORD_STAT: {
      ByteReader peek = r;
      stat_.stat(r, event_of_id(s.reader(), peek.u64()));
      break;
    }
    case PERF_RECORD_STAT_ROUND: {
      std::vector<std::string> names;
      for (const EventAttrEntry& e : s.attrs()) names.push_back(e.name);
      stat_.round(r, names);
      break;
    }
  }
}

// perf checks a pipe's events as their ATTR records arrive (named from the attr alone), and a
// failed check ends the session: "<pipe offset> [<size>]: piped event processing failed ...".
void ScriptTool::check_pipe_attr(const RawRecord& rec, Session& s) {
  auto& attrs = s.reader().attrs();
  EventAttrEntry& e = attrs.back();
  int type = output_type(e.attr.type);
  if (type == kOutOther || !error_.empty()) return;
  for (size_t i = 0; i + 1 < attrs.size(); ++i)
    if (output_type(attrs[i].attr.type) == type) return;  // only the first of each type
  if (e.name.empty()) e.name = default_event_name(e.attr);
  if (check_fields(static_cast<int>(attrs.size() - 1), s)) return;
  std::fprintf(stderr, "%#" PRIx64 " [%#x]: piped event processing failed for event of type: ATTR (%u)\n",
               rec.offset, rec.size, rec.type);
  exit_status_ = 234;  // perf's -EINVAL
}

void ScriptTool::load_trace(Bytes blob, std::optional<uint64_t> offset, const std::string& path) {
  trace_tried_ = true;
  TracingDataError err;
  if (!trace_.load_blob(blob, err)) {
    if (offset)
      throw_input_error(path, *offset + err.pos, "PERF_RECORD_HEADER_TRACING_DATA",
                        err.what);
    char pos[32];
    std::snprintf(pos, sizeof(pos), "0x%zx", err.pos);
    throw InputError(path + ": HEADER_TRACING_DATA section: at byte " + pos + ": " +
                     err.what);
  }
  // Kernel function names for %pS-style fields (perf's machine__resolve_kernel_addr).
  trace_.set_kernel_symbolizer([this](uint64_t& addr) -> const char* {
    const Map* map = kernel_maps_.find(addr);
    const Symbol* sym = map ? symbols_.find(map, map->map_ip(addr)).sym : nullptr;
    if (!sym) return nullptr;
    addr = sym->start + addr - map->map_ip(addr);
    return sym->name.c_str();
  });
}

void ScriptTool::load_file_trace(const PerfDataReader& reader) {
  if (trace_tried_ || reader.is_pipe()) return;
  trace_tried_ = true;
  auto it = reader.features().find(HEADER_TRACING_DATA);
  if (it != reader.features().end()) load_trace(it->second, std::nullopt, reader.path());
}

void ScriptTool::print_trace(TextLine& out, const perf_event_attr& attr, const DecodedSample& ds,
                             Session& s) {
  if (attr.type != PERF_TYPE_TRACEPOINT || !(ds.sample_type & PERF_SAMPLE_RAW)) return;
  if (!trace_tried_) load_file_trace(s.reader());
  trace_text_.clear();
  if (trace_.format(attr.config, static_cast<int>(ds.cpu), ds.raw, trace_text_)) out.put(trace_text_);
}

size_t ScriptTool::name_width(Session& s) {
  // Pipe mode: events arrive as records (names from EVENT_UPDATE, else from their attrs), so
  // name whatever is still unnamed when the first sample prints.
  if (!name_width_) name_events(s.reader());
  if (!name_width_)
    for (const auto& a : s.attrs()) name_width_ = std::max(name_width_, a.name.size());
  return name_width_;
}

bool ScriptTool::check_fields(int attr_index, Session& s) {
  const EventAttrEntry& e = s.attrs()[attr_index];
  // perf checks the first event of each output type.
  int type = output_type(e.attr.type);
  if (fields_.checked(type)) return error_.empty();  // the usual case: every sample asks
  // perf checks pipe-mode events as their attrs arrive: callchains in any event seen so far
  // turn on ip and sym (the check runs at the first sample here, after all attrs).
  uint64_t combined = 0, branch_types = 0;
  for (const auto& a : s.attrs()) combined |= a.attr.sample_type, branch_types |= a.attr.branch_sample_type;
  bool auxtrace = s.reader().features().count(HEADER_AUXTRACE) != 0;
  bool pipe_chain = s.reader().is_pipe() && !opts_.hide_call_graph &&
                    ((combined & PERF_SAMPLE_CALLCHAIN) || (combined & PERF_SAMPLE_BRANCH_STACK) ||
                     ((combined & PERF_SAMPLE_REGS_USER) && (combined & PERF_SAMPLE_STACK_USER)));
  for (const auto& a : s.attrs()) {
    if (output_type(a.attr.type) != type) continue;
    std::string err = fields_.check(a.attr, a.name, !opts_.hide_call_graph, pipe_chain,
                                   branch_types, auxtrace);
    if (!err.empty() && error_.empty()) {
      error_ = err;
      std::fprintf(stderr, "%s\n", err.c_str());
    }
    break;
  }
  return error_.empty();
}

bool ScriptTool::filtered(uint32_t cpu, uint64_t time, const Thread& t) const {
  if (opts_.time_ranges.skip(time)) return true;
  if (!opts_.cpus.empty() && !opts_.cpus.count(cpu)) return true;
  if (!opts_.pids.empty() && !opts_.pids.count(t.pid)) return true;
  if (!opts_.tids.empty() && !opts_.tids.count(t.tid)) return true;
  if (!opts_.comms.empty() && !opts_.comms.count(t.comm_str())) return true;
  return false;
}

// perf's misc letters: each cpumode whose bits are all set (so a hypervisor record, 3, is
// "KUH"), then the record type's own bit; padded to 6 columns (at least one space).
void ScriptTool::print_misc(TextLine& out, uint32_t rec_type, uint16_t misc) {
  char s[8];
  int n = 0;
  auto has = [&](uint16_t m) { return (misc & m) == m; };
  if (has(PERF_RECORD_MISC_KERNEL)) s[n++] = 'K';
  if (has(PERF_RECORD_MISC_USER)) s[n++] = 'U';
  if (has(PERF_RECORD_MISC_HYPERVISOR)) s[n++] = 'H';
  if (has(PERF_RECORD_MISC_GUEST_KERNEL)) s[n++] = 'G';
  if (has(PERF_RECORD_MISC_GUEST_USER)) s[n++] = 'g';
  switch (rec_type) {
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2:
      if (has(PERF_RECORD_MISC_MMAP_DATA)) s[n++] = 'M';
      break;
    case PERF_RECORD_COMM:
      if (has(PERF_RECORD_MISC_COMM_EXEC)) s[n++] = 'E';
      break;
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE:
      if (has(PERF_RECORD_MISC_SWITCH_OUT)) s[n++] = 'S';
      break;
    default:
      break;
  }
  out.put(std::string_view(s, static_cast<size_t>(n))).pad(std::max(1, 6 - n));
}

void ScriptTool::print_start(TextLine& out, const Thread& t, int32_t pid, uint32_t tid,
                             uint32_t cpu, uint64_t time, int type, bool callchain_style,
                             uint32_t rec_type, uint16_t misc) {
  if (fields_.has(type, kFieldComm)) {
    if (opts_.latency_format)  // perf's "%8.8s"
      out.aligned(std::string_view(t.comm_str()).substr(0, 8), 8).put(' ');
    else
      out.aligned(t.comm_str(), callchain_style ? 0 : 16).put(' ');
  }
  bool pidf = fields_.has(type, kFieldPid), tidf = fields_.has(type, kFieldTid);
  if (pidf && tidf)
    out.sdec(pid, 7).put('/').sdec(static_cast<int32_t>(tid), -7).put(' ');
  else if (pidf)
    out.sdec(pid, 7).put(' ');
  else if (tidf)
    out.sdec(static_cast<int32_t>(tid), 7).put(' ');
  if (fields_.has(type, kFieldCpu) && opts_.latency_format) {
    out.sdec(static_cast<int32_t>(cpu), 3).put(' ');  // perf's "%3d "
  } else if (fields_.has(type, kFieldCpu)) {
    // printf "[%03d] ": zero-filled to 3 characters, sign included.
    int32_t c = static_cast<int32_t>(cpu);
    uint64_t mag = c < 0 ? 0 - static_cast<uint64_t>(static_cast<int64_t>(c)) : static_cast<uint64_t>(c);
    out.put('[');
    if (c < 0) out.put('-');
    uint64_t fill_to = c < 0 ? 100 : 1000;
    if (mag < fill_to)
      out.dec0(mag, c < 0 ? 2 : 3);
    else
      out.dec(mag);
    out.put("] ");
  }
  if (fields_.has(type, kFieldMisc)) print_misc(out, rec_type, misc);
  if (fields_.has(type, kFieldTod)) put_tod(out, time);
  if (fields_.has(type, kFieldTime)) {
    if (opts_.reltime) {
      if (!initial_time_) initial_time_ = time;
      time -= initial_time_;
    } else if (opts_.deltatime) {
      uint64_t prev = previous_time_;
      previous_time_ = time;
      time = prev ? time - prev : 0;
    }
    if (opts_.ns) {
      out.dec(time / 1000000000, 5).put('.').dec0(time % 1000000000, 9);
    } else {
      // "%12s" of "sec.usec": the seconds take the width left by the 7 characters ".usec".
      uint64_t sec = time / 1000000000;
      int sec_digits = 1;
      for (uint64_t v = sec; v >= 10; v /= 10) ++sec_digits;
      out.pad(12 - 7 - sec_digits).dec(sec).put('.').dec0(time % 1000000000 / 1000, 6);
    }
    out.put(": ");
  }
}

void ScriptTool::resolve_chain(const Thread& t, const U64Array& chain, std::vector<Frame>& out) {
  out.clear();
  uint8_t cpumode = PERF_RECORD_MISC_USER;
  int entries = 0;
  for (size_t i = 0; i < chain.size() && entries < opts_.max_stack; ++i) {
    uint64_t ip = chain[i];
    if (ip >= PERF_CONTEXT_MAX) {
      switch (ip) {
        case PERF_CONTEXT_HV: cpumode = PERF_RECORD_MISC_HYPERVISOR; break;
        case PERF_CONTEXT_KERNEL: cpumode = PERF_RECORD_MISC_KERNEL; break;
        case PERF_CONTEXT_USER:
        case PERF_CONTEXT_USER_DEFERRED: cpumode = PERF_RECORD_MISC_USER; break;
        default:
          // A corrupted chain: perf discards all of it.
          out.clear();
          return;
      }
      continue;
    }
    ++entries;
    out.push_back(chain_frame(t, ip, cpumode));
  }
}

ScriptTool::Frame ScriptTool::chain_frame(const Thread& t, uint64_t ip, uint8_t cpumode) {
  const Map* map = nullptr;
  if (cpumode == PERF_RECORD_MISC_KERNEL)
    map = kernel_maps_.find(ip);
  else if (cpumode == PERF_RECORD_MISC_USER && t.maps)
    map = t.maps->find(ip);
  return {ip, map};
}

void ScriptTool::resolve_sample_chain(const Thread& t, const perf_event_attr& attr,
                                      const DecodedSample& ds, bool swapped, bool stitch,
                                      std::vector<Frame>& out) {
  if (has_lbr_callstack(attr)) {
    U64Array branches(ds.branch_entries.data(), ds.branch_entries.size() / 8, swapped);
    if (lbr_callchain(ds.callchain, ds.ip, branches, opts_.max_stack, false, lbr_frames_)) {
      if (stitch)
        lbr_stitcher_.stitch(static_cast<int32_t>(ds.tid), branches, ds.branch_hw_idx, false, lbr_frames_);
      out.clear();
      for (const LbrFrame& f : lbr_frames_) out.push_back(chain_frame(t, f.ip, f.cpumode));
      return;
    }
  }
  resolve_chain(t, ds.callchain, out);
}

void ScriptTool::print_symbol(TextLine& out, const Map* map, uint64_t ip, bool dso_field,
                              bool symoff, const std::string* inline_name) {
  const Symbol* sym = nullptr;
  const std::string* alias = nullptr;
  uint64_t addr = ip;
  if (map) {
    addr = map->map_ip(ip);
    sym = symbols_.find(map, addr).sym;
    if (sym) alias = inline_name;
  }
  out.put(' ');
  if (!sym) {
    out.put("[unknown]");
  } else {
    out.put(alias ? *alias : sym->name);
    if (symoff) {
      uint64_t off = addr < sym->end ? addr - sym->start : addr - (map ? map->start : 0) - sym->start;
      out.put("+0x").hex(off);
    }
  }
  if (dso_field && !alias) put_dso(out, map, dsoff_, addr);
}

void ScriptTool::put_srcline(TextLine& out, const Map* map, uint64_t ip, const std::string* known,
                             const char* prefix) {
  if (!map || !map->dso) return;
  out.put(prefix);
  if (known) {
    out.put(*known);
    return;
  }
  uint64_t addr = map->map_ip(ip);
  const DsoSymbols* d = symbols_.user_symbols(map);
  if (const std::string* line = d ? d->srcline(addr) : nullptr) {
    out.put(*line);
    return;
  }
  out.put(map->dso->short_name).put('[').hex(d ? d->objdump_addr(addr) : addr).put(']');
}

const InlineChain* ScriptTool::inline_chain(const Map* map, uint64_t ip) {
  return map ? symbols_.find(map, map->map_ip(ip)).chain : nullptr;
}

void ScriptTool::put_dso(TextLine& out, const Map* map, bool dsoff, uint64_t addr) const {
  // perf prints the name the dso was made with (Dso::name). An offset goes only with a dso
  // that is an object file (not the kernel's kallsyms, not JIT code); with it, a "[name]" is
  // printed by its path; --show-kernel-path prints every dso by its path.
  const Dso* dso = map ? map->dso : nullptr;
  bool off = dsoff && dso && !(dso->kernel && dso->long_name == "[kernel.kallsyms]") &&
             !map->identity;
  bool long_name = dso && (opts_.show_kernel_path || (off && dso->name.starts_with('[')));
  out.put(" (").put(!dso ? std::string_view("[unknown]") : long_name ? std::string_view(dso_long_name(*dso, kernel_data_))
                                                                     : std::string_view(dso->name));
  if (off) out.put("+0x").hex(addr);
  out.put(')');
}

void ScriptTool::print_frames(TextLine& out, const std::vector<Frame>& frames, int type,
                              bool deferred, uint64_t cookie) {
  bool ip = fields_.has(type, kFieldIp);
  bool sym = fields_.has(type, kFieldSym);
  bool symoff = fields_.has(type, kFieldSymOff);
  bool dso = fields_.has(type, kFieldDso);
  bool srcline = fields_.has(type, kFieldSrcline);
  const bool dsoff = fields_.has(type, kFieldDsoff);
  dsoff_ = dsoff;
  const uint32_t field_bits = ip | sym << 1 | symoff << 2 | dso << 3 | srcline << 4 | dsoff << 5;
  for (const Frame& f : frames) {
    if (sym && deferred && f.ip == cookie) {
      if (ip) out.put('\t').hex(f.ip, 16);
      out.put(" (cookie)");
      if (dso) put_dso(out, f.map, dsoff, f.map ? f.map->map_ip(f.ip) : f.ip);
      out.put('\n');
      continue;
    }
    FrameTextCache::Key key;
    key.ip = f.ip;
    key.fields = field_bits;
    if (f.map) {
      key.dso = f.map->dso;
      key.map_start = f.map->start;
      key.map_pgoff = f.map->pgoff;
    }
    if (const std::string_view* text = frame_text_.find(key)) {
      out.put(*text);
      if (stops_backtrace(f)) break;
      continue;
    }
    TextLine::Mark m = out.mark();
    const InlineChain* chain = sym || dso ? inline_chain(f.map, f.ip) : nullptr;
    static const InlineChain kPlain{InlineFrame{}};
    for (const InlineFrame& line : chain ? *chain : kPlain) {
      if (ip) out.put('\t').hex(f.ip, 16);
      if (sym)
        print_symbol(out, f.map, f.ip, dso, symoff, line.name);
      else if (dso && !line.name)
        put_dso(out, f.map, dsoff, f.map ? f.map->map_ip(f.ip) : f.ip);
      if (srcline) put_srcline(out, f.map, f.ip, line.srcline);
      // Even without sym, perf marks the lines of an inlined function.
      if (line.name) out.put(" (inlined)");
      out.put('\n');
    }
    if (std::optional<std::string_view> text = out.since(m)) frame_text_.store(key, *text);
    if (stops_backtrace(f)) break;
  }
}

bool ScriptTool::stops_backtrace(const Frame& f) {
  if (opts_.stop_bt.empty() || !f.map) return false;
  const Symbol* sym = symbols_.find(f.map, f.map->map_ip(f.ip)).sym;
  return sym && opts_.stop_bt.count(sym->name);
}

void ScriptTool::on_sample(Event& ev, Session& s) {
  if (ev.attr_index < 0) return;
  const EventAttrEntry& e = s.attrs()[ev.attr_index];
  DecodedSample ds;
  std::string err = decode_sample(ev.raw.bytes, s.swapped(), e.attr, ds);
  if (!err.empty()) {
    std::fprintf(stderr, "%s\n",
                 offset_message(s.reader().path(), ev.raw.offset, "PERF_RECORD_SAMPLE", err).c_str());
    return;
  }
  DeferredState st = merger_ ? merger_->state() : DeferredState::kNone;
  if (st == DeferredState::kMerged || st == DeferredState::kMismatch) ds.deferred_callchain = false;
  if (e.attr.sample_type & PERF_SAMPLE_READ) {  // S: one sample per counter that grew
    auto id_to_attr = [&](uint64_t id) { return s.reader().attr_index_of_id(id); };
    for (const ReadSample& rs : read_splitter_.split(ds, e.attr, s.swapped(), id_to_attr)) {
      ds.period = rs.period;
      deliver_sample(ev, s, ds, rs.attr_index);
    }
    return;
  }
  deliver_sample(ev, s, ds, ev.attr_index);
}

void ScriptTool::deliver_sample(Event& ev, Session& s, DecodedSample& ds, int attr_index) {
  const EventAttrEntry& e = s.attrs()[attr_index];
  int type = output_type(e.attr.type);
  if (!sink_ && (!check_fields(attr_index, s) || !fields_.fields(type))) return;
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
  // perf settles the register names before this sample's own lookups read any file.
  uint16_t e_machine = fields_.has(type, kFieldIregs | kFieldUregs) ? thread_e_machine(t) : 0;
  uint8_t cpumode = ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK;
  const Map* map = cpumode == PERF_RECORD_MISC_KERNEL ? kernel_maps_.find(ds.ip)
                                                     : machine_.find_map(t, cpumode, ds.ip);
  // perf resolves the sample's symbol first, which loads its dso's symbols (brstackoff
  // shows what that loading learnt).
  if (map && fields_.has(type, kFieldBrstackOff)) symbols_.find(map, map->map_ip(ds.ip));
  // perf's order: the time range and CPU filters, the on/off switch, then the rest.
  if (opts_.event_switch.active()) {
    if (opts_.time_ranges.skip(ds.time) || (!opts_.cpus.empty() && !opts_.cpus.count(ds.cpu))) return;
    if (opts_.event_switch.discard(attr_index)) return;
  }
  if (opts_.debug_mode) {  // perf checks the order right after the time ranges
    if (opts_.time_ranges.skip(ds.time)) return;
    if (ds.time < last_sample_time_) {
      std::fprintf(stderr, "Samples misordered, previous: %" PRIu64 " this: %" PRIu64 "\n", last_sample_time_, ds.time);
      ++misordered_;
    }
    last_sample_time_ = ds.time;
    return;
  }
  if (opts_.dump && (opts_.cpus.empty() || opts_.cpus.count(ds.cpu))) print_sample_location(out_, t, map, cpumode, kernel_data_);
  if (dlfilter_drops(e, ds, ev.raw.misc, t, map, true)) return;
  // A guest's samples, without the guest's maps (perf's --guest* options), are filtered out.
  if (cpumode == PERF_RECORD_MISC_GUEST_KERNEL || cpumode == PERF_RECORD_MISC_GUEST_USER) return;
  if (filtered(ds.cpu, ds.time, t)) return;
  if (!opts_.dsos.empty() && (!map || !map->dso ||
                              (!opts_.dsos.count(map->dso->short_name) && !opts_.dsos.count(map->dso->long_name))))
    return;
  if (!opts_.symbols.empty()) {
    const Symbol* sym = nullptr;
    if (map) sym = symbols_.find(map, map->map_ip(ds.ip)).sym;
    if (!sym || !opts_.symbols.count(sym->name)) return;
  }
  if (dlfilter_drops(e, ds, ev.raw.misc, t, map, false)) return;
  if (sink_) {
    if (sink_->db_export() && e.attr.type != PERF_TYPE_TRACEPOINT)
      emit_db_sample(e, attr_index, ds, ev.raw.misc, t, map, s);
    else
      emit_sample(e, ds, ev.raw.misc, t, map, s);
    return;
  }
  if (opts_.graph_function) return;  // no branch flags: no call into the functions
  bool has_chain = (e.attr.sample_type & PERF_SAMPLE_CALLCHAIN) != 0;
  bool use_chain = has_chain && !opts_.hide_call_graph;
  bool ip_field = fields_.has(type, kFieldIp);
  ++samples_printed_;
  TextLine out(sample_out(attr_index, s.attrs()));
  print_start(out, t, static_cast<int32_t>(ds.pid), ds.tid, ds.cpu, ds.time, type,
              ip_field && use_chain, ev.raw.type, ev.raw.misc);
  if (fields_.has(type, kFieldPeriod)) out.dec(ds.period, 10).put(' ');
  if (fields_.has(type, kFieldEvent)) {
    int width = static_cast<int>(name_width(s));  // names the events first
    out.aligned(e.name.empty() ? std::string_view("[unknown]") : e.name, width).put(": ");
  }
  if (fields_.has(type, kFieldFlags)) out.pad(24);  // perf's "  %-21s " of no flags
  if (fields_.has(type, kFieldTrace)) print_trace(out, e.attr, ds, s);
  if (fields_.has(type, kFieldAddr)) out.hex(ds.addr, 16);
  print_mem_fields(out, ds, type);
  dsoff_ = fields_.has(type, kFieldDsoff);
  if (ip_field) {
    if (use_chain) {
      resolve_sample_chain(t, e.attr, ds, s.swapped(), true, frames_);
      if (opts_.unwind_style != UnwindStyle::kNone)
        for (const UnwoundFrame& f : unwinder_.user_frames(e.attr, ds, t, s.swapped(), opts_.max_stack))
          frames_.push_back({f.ip, f.map});
      out.put('\n');
      print_frames(out, frames_, type, ds.deferred_callchain, ds.deferred_cookie);
    } else {
      out.put(' ').hex(ds.ip, 16);
      if (fields_.has(type, kFieldSym))
        print_symbol(out, map, ds.ip, fields_.has(type, kFieldDso), fields_.has(type, kFieldSymOff));
      else if (fields_.has(type, kFieldDso))
        put_dso(out, map, dsoff_, map ? map->map_ip(ds.ip) : ds.ip);
      if (fields_.has(type, kFieldSrcline)) put_srcline(out, map, ds.ip, nullptr);
    }
  }
  if (fields_.has(type, kFieldIregs)) print_regs(out, ds.intr_regs, e_machine);
  if (fields_.has(type, kFieldUregs)) print_regs(out, ds.user_regs, e_machine);
  if (fields_.has(type, kFieldBrstack | kFieldBrstackSym | kFieldBrstackOff))
    print_brstack(out, t, cpumode, ds, type, s.swapped());
  print_tail_fields(out, e.attr, ds, type, map, t, s);
  out.put('\n');
  if (fields_.has(type, kFieldSrccode) && put_srccode(out, map, ds.ip, t)) out.put('\n');
}

void ScriptTool::on_deferred(Event& ev, Session& s) {
  if (ev.attr_index < 0 || !ev.sid.valid) return;
  SideBand sb;
  if (!decode_side_band(ev.raw, s.swapped(), sb).empty()) return;
  const EventAttrEntry& e = s.attrs()[ev.attr_index];
  if (!check_fields(ev.attr_index, s)) return;
  int type = output_type(e.attr.type);
  if (!fields_.fields(type)) return;
  Thread& t = machine_.findnew_thread(static_cast<int32_t>(ev.sid.pid),
                                      static_cast<int32_t>(ev.sid.tid));
  if (opts_.dump) print_sample_location(out_, t, nullptr, ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK);
  if (filtered(ev.sid.cpu, ev.sid.time, t)) return;
  bool ip_field = fields_.has(type, kFieldIp);
  bool has_chain = (e.attr.sample_type & PERF_SAMPLE_CALLCHAIN) != 0;
  ++deferred_printed_;
  TextLine out(sample_out(ev.attr_index, s.attrs(), false));
  print_start(out, t, static_cast<int32_t>(ev.sid.pid), ev.sid.tid, ev.sid.cpu, ev.sid.time, type,
              ip_field && has_chain && !opts_.hide_call_graph, ev.raw.type, ev.raw.misc);
  out.put("DEFERRED CALLCHAIN [cookie: ").hex(sb.cookie).put(']');
  if (ip_field) {
    if (!opts_.hide_call_graph) {
      resolve_chain(t, sb.deferred_ips, frames_);
      out.put('\n');
      print_frames(out, frames_, type, false, 0);
    } else {
      out.put(' ');
    }
  }
  out.put('\n');
}

// Side-band records a script has handlers for (context_switch, throttle, unthrottle).
void ScriptTool::to_sink(const Event& ev, const SideBand& sb, Session& s) {
  const RawRecord& rec = ev.raw;
  uint64_t st = ev.attr_index >= 0 ? s.attrs()[ev.attr_index].attr.sample_type : 0;
  bool id_all = ev.sid.valid;
  int32_t cpu = id_all && (st & PERF_SAMPLE_CPU) ? static_cast<int32_t>(ev.sid.cpu) : -1;
  int32_t pid = id_all && (st & PERF_SAMPLE_TID) ? static_cast<int32_t>(ev.sid.pid) : -1;
  int32_t tid = id_all && (st & PERF_SAMPLE_TID) ? static_cast<int32_t>(ev.sid.tid) : -1;
  switch (rec.type) {
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE: {
      ScriptSwitch sw;
      sw.time = ev.sid.valid ? ev.sid.time : 0;
      sw.cpu = cpu;
      sw.pid = pid;
      sw.tid = tid;
      if (rec.type == PERF_RECORD_SWITCH_CPU_WIDE) {
        sw.np_pid = sb.pid;
        sw.np_tid = sb.tid;
      }
      sw.out = rec.misc & PERF_RECORD_MISC_SWITCH_OUT;
      sw.out_preempt = sw.out && (rec.misc & PERF_RECORD_MISC_SWITCH_OUT_PREEMPT);
      if (sink_->db_export()) {
        DbSwitch d;
        d.time = ev.time;
        d.cpu = static_cast<uint32_t>(cpu);
        d.pid = pid;
        d.tid = tid;
        d.cpu_wide = rec.type == PERF_RECORD_SWITCH_CPU_WIDE;
        d.np_pid = sw.np_pid;
        d.np_tid = sw.np_tid;
        d.out = sw.out;
        d.out_preempt = sw.out_preempt;
        bool comm_exec = false;
        for (const EventAttrEntry& a : s.attrs()) comm_exec |= a.attr.comm_exec;
        sink_->db_switch(machine_, comm_exec, d);
        break;
      }
      sink_->context_switch(sw);
      break;
    }
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE:
      sink_->throttle(ScriptThrottle{rec.type == PERF_RECORD_UNTHROTTLE, sb.time, sb.id,
                                     sb.stream_id, cpu, pid, tid});
      break;
    default:
      break;
  }
}

std::FILE* ScriptTool::sample_out(int attr_index, const std::vector<EventAttrEntry>& attrs, bool count) {
  if (!opts_.per_event_dump || attr_index < 0) return out_;
  size_t i = static_cast<size_t>(attr_index);
  if (event_out_.size() < attrs.size()) {
    event_out_.resize(attrs.size(), nullptr);
    event_samples_.resize(attrs.size(), 0);
  }
  if (i >= event_out_.size()) return out_;
  if (!event_out_[i]) {
    std::string path = opts_.input_path + "." + attrs[i].name + ".dump";
    event_out_[i] = std::fopen(path.c_str(), "w");
    if (!event_out_[i]) {  // perf's words; the samples go nowhere, as in perf
      std::fprintf(stderr, "Failed to create %s\n", path.c_str());
      event_out_failed_ = true;
      event_out_[i] = std::fopen("/dev/null", "w");
    }
  }
  if (count) ++event_samples_[i];
  return event_out_[i] ? event_out_[i] : out_;
}

bool ScriptTool::close_event_dumps(const std::vector<EventAttrEntry>& attrs) {
  if (!opts_.per_event_dump) return true;
  for (size_t i = 0; i < attrs.size(); i++) {
    bool opened = i < event_out_.size() && event_out_[i];
    if (!opened) {
      sample_out(static_cast<int>(i), attrs, false);  // an event without samples: an empty file
    }
    std::FILE* f = event_out_[i];
    if (!f) continue;
    // perf 7.2 prints the file's size before its last flush (what stdio has written so far,
    // whole buffers), not the whole file's.
    struct stat st {};
    long size = ::fstat(fileno(f), &st) == 0 ? static_cast<long>(st.st_size) : 0;
    std::fclose(f);
    event_out_[i] = nullptr;
    std::string path = opts_.input_path + "." + attrs[i].name + ".dump";
    std::fprintf(out_, "[ perf script: Wrote %.3f MB %s (%llu samples) ]\n",
                 static_cast<double>(size < 0 ? 0 : size) / 1024.0 / 1024.0, path.c_str(),
                 static_cast<unsigned long long>(event_samples_[i]));
  }
  return !event_out_failed_;
}

std::string ScriptTool::kernel_symbol_offset(uint64_t addr) {
  const Map* map = kernel_maps_.find(addr);
  if (!map) return "";
  uint64_t map_addr = map->map_ip(addr);
  const Symbol* sym = symbols_.find(map, map_addr).sym;
  if (!sym) return "";
  char off[32];
  std::snprintf(off, sizeof off, "+0x%" PRIx64, map_addr - sym->start);
  return sym->name + off;
}

void ScriptTool::on_side_band(Event& ev, Session& s) {
  const RawRecord& rec = ev.raw;
  SideBand sb;
  if (!decode_side_band(rec, s.swapped(), sb).empty()) return;
  bool show = false;
  switch (rec.type) {
    case PERF_RECORD_COMM:
    case PERF_RECORD_FORK:
    case PERF_RECORD_EXIT: show = opts_.show_task; break;
    case PERF_RECORD_MMAP:
    case PERF_RECORD_MMAP2: show = opts_.show_mmap; break;
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_SWITCH_CPU_WIDE: show = opts_.show_switch; break;
    case PERF_RECORD_LOST: show = opts_.show_lost; break;  // perf script shows no LOST_SAMPLES
    case PERF_RECORD_NAMESPACES: show = opts_.show_namespaces; break;
    case PERF_RECORD_CGROUP: show = opts_.show_cgroup; break;
    case PERF_RECORD_KSYMBOL: show = opts_.show_bpf || opts_.show_text_poke; break;  // perf's rule
    case PERF_RECORD_BPF_EVENT: show = opts_.show_bpf; break;
    case PERF_RECORD_TEXT_POKE: show = opts_.show_text_poke; break;
    default: break;
  }
  auto print = [&]() {
    if (!show || ev.attr_index < 0) return;
    // The pid/tid columns are the record's sample_id (the forking parent, 0 for synthesized
    // records); comm is that of the thread the record is about.
    int32_t pid = ev.sid.valid ? static_cast<int32_t>(ev.sid.pid) : sb.pid;
    int32_t tid = ev.sid.valid ? static_cast<int32_t>(ev.sid.tid) : sb.tid;
    int32_t about_pid = pid, about_tid = tid;
    if (rec.type == PERF_RECORD_COMM || rec.type == PERF_RECORD_FORK ||
        rec.type == PERF_RECORD_EXIT || rec.type == PERF_RECORD_MMAP ||
        rec.type == PERF_RECORD_MMAP2 || rec.type == PERF_RECORD_NAMESPACES) {
      about_pid = sb.pid;
      about_tid = sb.tid;
    }
    const EventAttrEntry& e = s.attrs()[ev.attr_index];
    if (!check_fields(ev.attr_index, s)) return;
    int type = output_type(e.attr.type);
    Thread& t = machine_.findnew_thread(about_pid, about_tid);
    uint32_t cpu = ev.sid.valid ? ev.sid.cpu : 0;
    uint64_t time = ev.sid.valid ? ev.sid.time : 0;
    if (filtered(cpu, time, t)) return;
    bool cc = fields_.has(type, kFieldIp) && (e.attr.sample_type & PERF_SAMPLE_CALLCHAIN) &&
              !opts_.hide_call_graph;
    TextLine out(out_);
    print_start(out, t, pid, static_cast<uint32_t>(tid), cpu, time, type, cc, rec.type, rec.misc);
    if (rec.type == PERF_RECORD_LOST) {  // perf_event__fprintf's form, not the dump's
      out.put("PERF_RECORD_LOST lost ").dec(sb.lost).put('\n');
      return;
    }
    const char* name = record_type_name(rec.type);
    out.put("PERF_RECORD_").put(name ? name : "UNKNOWN");
    if (rec.type == PERF_RECORD_TEXT_POKE)
      out.put(format_text_poke(sb, kernel_symbol_offset(sb.addr)));
    else
      out.put(format_side_band(rec, sb));
  };
  if (sink_) to_sink(ev, sb, s);
  switch (rec.type) {
    case PERF_RECORD_EXIT:
      print();
      apply_side_band(machine_, rec, sb, ev.time);
      machine_.remove_thread(sb.tid);
      lbr_stitcher_.forget(sb.tid);
      break;
    case PERF_RECORD_FORK:
      lbr_stitcher_.forget(sb.tid);
      apply_side_band(machine_, rec, sb, ev.time);
      print();
      break;
    case PERF_RECORD_CGROUP:
      cgroups_.emplace(sb.id, std::string(sb.name));
      apply_side_band(machine_, rec, sb, ev.time);
      print();
      break;
    default:
      apply_side_band(machine_, rec, sb, ev.time);
      print();
      break;
  }
}

}  // namespace cperf
