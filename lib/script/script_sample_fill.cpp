// ScriptTool's hand-over of a sample to a SampleSink (cperf script -s): the sample resolved as
// perf's Python interface describes it (ScriptSample), with the tracepoint payload.
#include <cstring>

#include "format/branch_flags.h"
#include "script/script_tool.h"
#include "symbol/elf_file.h"
#include "symbol/local_build_id.h"

namespace cperf {

namespace {

constexpr size_t kPerfAttrSize = 144;  // sizeof(struct perf_event_attr) in perf 7.2
constexpr uint64_t kDataSrcNone = 0x1E05080021ULL;  // PERF_MEM_DATA_SRC_NONE

// perf's sample_addr_correlates_sym: page-fault events (whose addr is the faulting data or
// code address) and BTS branch events (config PERF_COUNT_HW_BRANCH_INSTRUCTIONS with period 1).
bool addr_correlates_sym(const perf_event_attr& a) {
  if (a.type == PERF_TYPE_SOFTWARE)
    return a.config == PERF_COUNT_SW_PAGE_FAULTS || a.config == PERF_COUNT_SW_PAGE_FAULTS_MIN ||
           a.config == PERF_COUNT_SW_PAGE_FAULTS_MAJ;
  return a.type == PERF_TYPE_HARDWARE && a.config == PERF_COUNT_HW_BRANCH_INSTRUCTIONS &&
         !a.freq && a.sample_period == 1;
}

// perf's dso__name: the name the dso was made with.
const std::string& dso_name(const Dso& dso) { return dso.name; }

// perf's get_offset: the offset of map address `addr` into sym.
uint64_t sym_offset(const Symbol& sym, const Map& map, uint64_t addr) {
  return addr < sym.end ? addr - sym.start : addr - map.start - sym.start;
}

std::vector<ScriptReadValue> read_values(const perf_event_attr& attr, const ReadFormatValues& rv,
                                         bool swap) {
  std::vector<ScriptReadValue> out;
  if (!(attr.read_format & PERF_FORMAT_GROUP)) {
    out.push_back({rv.id, rv.value, rv.lost});
    return out;
  }
  ByteReader r(rv.values, swap);
  for (uint64_t i = 0; i < rv.nr; ++i) {
    ScriptReadValue v;
    v.value = r.u64();
    if (attr.read_format & PERF_FORMAT_ID) v.id = r.u64();
    if (attr.read_format & PERF_FORMAT_LOST) v.lost = r.u64();
    out.push_back(v);
  }
  return out;
}

}  // namespace

std::string ScriptTool::build_id_hex(const Map* map) {
  std::optional<BuildId> bid = symbols_.build_id_of(*map->dso);
  std::string bid_hex = bid ? bid->to_hex() : std::string();
  // Without a recorded one, perf reads the build id of the file it loaded symbols from.
  if (bid_hex.empty() && map->dso->long_name == "[vdso]") {
    // perf reads its own process's vdso, the running kernel's.
    for (uint8_t b : vdso_build_id()) {
      char hex[3];
      std::snprintf(hex, sizeof hex, "%02x", b);
      bid_hex += hex;
    }
  } else if (bid_hex.empty() && !map->dso->kernel) {
    const DsoSymbols* d = symbols_.user_symbols(map);
    std::string file = d && !d->symtab_path().empty() ? d->symtab_path()
                                                       : opts_.symfs + map->dso->long_name;
    if (std::optional<BuildId> own = read_build_id(file)) bid_hex = own->to_hex();
  }
  return bid_hex;
}

ScriptLocation ScriptTool::locate(const Map* map, uint64_t ip) {
  ScriptLocation l;
  if (!map) return l;
  // The symbol first: loading the kernel's symbols stretches its map, as in perf.
  uint64_t addr = map->map_ip(ip);
  ScriptSymbols::Hit hit = symbols_.find(map, addr);
  if (hit.sym) {
    l.sym = ScriptLocation::SymInfo{hit.sym->name, sym_offset(*hit.sym, *map, addr)};
  }
  if (map->dso) {
    std::string bid_hex = build_id_hex(map);
    // cperf keeps the kernel's _text as its map's pgoff; perf's kernel map has none.
    uint64_t pgoff = map->dso->kernel && map->pgoff == map->start ? 0 : map->pgoff;
    uint64_t end = map->end;
    // perf's core kernel map ends where its kallsyms symbols do once they are loaded: the last
    // symbol's start rounded up to a page, plus a page (its end fixup for the last symbol).
    if (map->dso->kernel && !map->dso->module)
      if (const SymbolTable* t = symbols_.table_of(map); t && !t->empty())
        end = ((t->symbols().back().start + 4095) & ~uint64_t{4095}) + 4096;
    l.map = ScriptLocation::MapInfo{dso_name(*map->dso), bid_hex, map->start, end, pgoff};
  }
  return l;
}

// One callchain entry as perf's Python callchain nodes: one per line perf 7.2 prints for it
// (an inline chain gives several, named as printed, each with the ELF symbol's range).
void ScriptTool::append_frames(const Frame& f, std::vector<ScriptFrame>& out) {
  ScriptFrame base;
  base.ip = f.ip;
  if (!f.map) {
    out.push_back(std::move(base));
    return;
  }
  if (f.map->dso) base.dso = dso_name(*f.map->dso);
  uint64_t addr = f.map->map_ip(f.ip);
  ScriptSymbols::Hit hit = symbols_.find(f.map, addr);
  if (!hit.sym) {
    out.push_back(std::move(base));
    return;
  }
  const Symbol& sym = *hit.sym;
  base.sym = ScriptFrame::Sym{sym.start, sym.end, sym.binding, sym.name};
  base.sym_off = sym_offset(sym, *f.map, addr);
  bool user = f.map->dso && !f.map->dso->kernel;
  const DsoSymbols* d = user ? symbols_.user_symbols(f.map) : nullptr;
  static const InlineChain kPlain{InlineFrame{}};
  for (const InlineFrame& line : hit.chain && opts_.inline_frames ? *hit.chain : kPlain) {
    ScriptFrame node = base;
    if (line.name) node.sym->name = *line.name;
    // A module symbol from kallsyms keeps its "\t[module]" tail in perf, cut by a NUL: the
    // name perf hands over (by its full length) is "name\0[module]".
    if (f.map->dso && f.map->dso->module) node.sym->name += std::string(1, '\0') + f.map->dso->short_name;
    if (hit.chain && opts_.inline_frames) {
      // perf's inline-list entries carry their own srcline, or none.
      if (line.srcline && *line.srcline != ":0") node.srcline = *line.srcline;
    } else if (user) {
      // None when the dso has no line table at all; "??:0" when it lacks this address.
      const std::string* text = d ? d->srcline(addr) : nullptr;
      if (text && *text != ":0") node.srcline = *text;
    }
    out.push_back(std::move(node));
  }
}

namespace {

// perf's address in a map's dso, where maps of memory without a file ([stack], [heap],
// //anon, ...) translate nothing (perf's identity maps).
uint64_t dso_addr(const Map& m, uint64_t ip) {
  const std::string& n = m.dso->long_name;
  bool identity = n == "//anon" || n == "/dev/zero" || n.rfind("/anon_hugepage", 0) == 0 ||
                  n.rfind("[stack", 0) == 0 || n.rfind("/SYSV", 0) == 0 || n == "[heap]";
  return identity ? ip : m.map_ip(ip);
}

}  // namespace

// Database export mode: the sample's values and what it refers to, for the sink's DbExport.
void ScriptTool::emit_db_sample(const EventAttrEntry& e, int attr_index, const DecodedSample& ds,
                                uint16_t misc, Thread& t, const Map* map, Session& s) {
  const perf_event_attr& attr = e.attr;
  uint64_t st = attr.sample_type;
  name_width(s);
  DbSample out;
  out.evsel = attr_index;
  out.evsel_name = e.name;
  out.thread = &t;
  out.ip = ds.ip;
  out.time = st & PERF_SAMPLE_TIME ? ds.time : ~0ULL;
  out.cpu = st & PERF_SAMPLE_CPU ? ds.cpu : ~0u;
  out.addr = ds.addr;
  out.period = st & PERF_SAMPLE_PERIOD ? ds.period : attr.sample_period;
  out.weight = ds.weight;
  out.transaction = ds.transaction;
  out.data_src = st & PERF_SAMPLE_DATA_SRC ? ds.data_src : kDataSrcNone;
  out.ins_lat = ds.ins_lat;
  out.id = st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER) ? ds.id : ~0ULL;
  out.stream_id = st & PERF_SAMPLE_STREAM_ID ? ds.stream_id : ~0ULL;
  out.build_id = [](void* ctx, const void* m) {
    return static_cast<ScriptTool*>(ctx)->build_id_hex(static_cast<const Map*>(m));
  };
  out.inlines = [](void* ctx, const void* m, uint64_t addr, const Symbol& base) -> const InlineChain* {
    auto* self = static_cast<ScriptTool*>(ctx);
    const Map* map = static_cast<const Map*>(m);
    if (!self->opts_.inline_frames || !map->dso || map->dso->kernel) return nullptr;
    const DsoSymbols* d = self->symbols_.user_symbols(map);
    return d ? d->inline_chain(addr, base) : nullptr;
  };
  out.ctx = this;
  auto where = [&](const Map* m, uint64_t ip) {
    DbLocation l;
    if (!m || !m->dso) return l;
    l.dso = m->dso;
    l.map = m;
    l.map_addr = dso_addr(*m, ip);
    l.sym = symbols_.find(m, l.map_addr).sym;
    return l;
  };
  out.where = where(map, ds.ip);
  uint8_t cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
  DbLocation addr_where;
  if (addr_correlates_sym(attr) && (st & PERF_SAMPLE_ADDR)) {
    addr_where = where(find_map_fb(t, cpumode, ds.addr), ds.addr);
    out.addr_where = &addr_where;
  }
  if ((st & PERF_SAMPLE_CALLCHAIN) && !opts_.hide_call_graph) {
    out.has_callchain = true;
    resolve_sample_chain(t, attr, ds, s.swapped(), false, frames_);
    if (opts_.unwind_style != UnwindStyle::kNone)
      for (const UnwoundFrame& f : unwinder_.user_frames(attr, ds, t, s.swapped(), opts_.max_stack))
        frames_.push_back({f.ip, f.map});
    for (const Frame& f : frames_) {
      DbFrame d;
      d.ip = f.ip;
      if (f.map && f.map->dso) {
        d.dso = f.map->dso;
        d.map = f.map;
        d.map_addr = dso_addr(*f.map, f.ip);
        d.sym = symbols_.find(f.map, d.map_addr).sym;
        if (!d.sym && d.map_addr != f.ip) d.sym_at_ip = symbols_.find(f.map, f.ip).sym;
      }
      out.frames.push_back(d);
    }
  }
  bool comm_exec = false;
  for (const EventAttrEntry& a : s.attrs()) comm_exec |= a.attr.comm_exec;
  sink_->db_sample(machine_, comm_exec, out);
}

void ScriptTool::emit_sample(const EventAttrEntry& e, const DecodedSample& ds, uint16_t misc,
                             const Thread& t, const Map* map, Session& s) {
  const perf_event_attr& attr = e.attr;
  uint64_t st = attr.sample_type;
  ScriptSample out;
  name_width(s);
  out.ev_name = e.name;
  out.attr.assign(kPerfAttrSize, '\0');
  std::memcpy(out.attr.data(), &attr, std::min(sizeof(attr), kPerfAttrSize));
  if (st & (PERF_SAMPLE_ID | PERF_SAMPLE_IDENTIFIER)) out.id = ds.id;
  if (st & PERF_SAMPLE_STREAM_ID) out.stream_id = ds.stream_id;
  if (st & PERF_SAMPLE_TID) {
    out.pid = static_cast<int32_t>(ds.pid);
    out.tid = static_cast<int32_t>(ds.tid);
  }
  if (st & PERF_SAMPLE_CPU) out.cpu = ds.cpu;
  out.ip = ds.ip;
  out.time = st & PERF_SAMPLE_TIME ? ds.time : ~0ULL;
  out.period = st & PERF_SAMPLE_PERIOD ? ds.period : attr.sample_period;
  out.phys_addr = ds.phys_addr;
  out.addr = ds.addr;
  if (attr.read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) out.time_enabled = ds.read.time_enabled;
  if (attr.read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) out.time_running = ds.read.time_running;
  out.read_lost = attr.read_format & PERF_FORMAT_LOST;
  out.values = read_values(attr, ds.read, s.swapped());
  out.weight = ds.weight;
  out.ins_lat = ds.ins_lat;
  out.transaction = ds.transaction;
  out.data_src = st & PERF_SAMPLE_DATA_SRC ? ds.data_src : kDataSrcNone;
  uint8_t cpumode = misc & PERF_RECORD_MISC_CPUMODE_MASK;
  out.cpumode = cpumode;
  if (sink_->wants_insn()) {  // perf's python perf_sample_insn() reads it, native arch or not
    InsnBytes insn = fetch_insn(ds.ip, map, true);
    out.insn.assign(reinterpret_cast<const char*>(insn.bytes), static_cast<size_t>(insn.len));
  }
  out.raw.assign(reinterpret_cast<const char*>(ds.raw.data()), ds.raw.size());
  out.comm = t.comm_str();
  out.where = locate(map, ds.ip);
  if (addr_correlates_sym(attr) && (st & PERF_SAMPLE_ADDR))
    out.addr_where = locate(find_map_fb(t, cpumode, ds.addr), ds.addr);

  if ((st & PERF_SAMPLE_CALLCHAIN) && !opts_.hide_call_graph) {
    resolve_sample_chain(t, attr, ds, s.swapped(), false, frames_);
    if (opts_.unwind_style != UnwindStyle::kNone)
      for (const UnwoundFrame& f : unwinder_.user_frames(attr, ds, t, s.swapped(), opts_.max_stack))
        frames_.push_back({f.ip, f.map});
    for (const Frame& f : frames_) append_frames(f, out.callchain);
  }

  ByteReader r(ds.branch_entries, s.swapped());
  for (uint64_t i = 0; i < ds.branch_nr; ++i) {
    ScriptBranch b;
    b.from = r.u64();
    b.to = r.u64();
    BranchFlags f = decode_branch_flags(r.u64());
    b.mispred = f.mispred;
    b.predicted = f.predicted;
    b.in_tx = f.in_tx;
    b.abort = f.abort;
    b.cycles = f.cycles;
    auto end = [&](uint64_t addr, std::string& dso, std::string& sym) {
      const Map* m = find_map_fb(t, cpumode, addr);
      dso = m && m->dso ? dso_name(*m->dso) : "[unknown]";
      ScriptLocation l = locate(m, addr);
      sym = "[unknown]";
      if (l.sym && !l.sym->name.empty()) {
        char off[32];
        std::snprintf(off, sizeof off, "+0x%x", static_cast<unsigned>(l.sym->offset));
        sym = l.sym->name + off;
      }
    };
    end(b.from, b.from_dso, b.from_sym);
    end(b.to, b.to_dso, b.to_sym);
    out.branches.push_back(std::move(b));
  }

  // perf 7.2 names no registers here (its register-name lookup gives nothing for a sample's
  // machine), so the strings are empty; the keys are there when the sample has registers.
  if (st & PERF_SAMPLE_REGS_INTR) out.iregs = "";
  if (st & PERF_SAMPLE_REGS_USER) out.uregs = "";

  TracepointPayload tp;
  const TracepointPayload* tpp = nullptr;
  if (attr.type == PERF_TYPE_TRACEPOINT && (st & PERF_SAMPLE_RAW)) {
    if (!trace_tried_) load_file_trace(s.reader());
    if (tep_event* ev = trace_.event(attr.config)) {
      tp = TracepointPayload{trace_.tep(), ev, trace_.padded(ds.raw), ds.raw.size()};
      tpp = &tp;
    }
  }
  sink_->sample(out, tpp);
}

}  // namespace cperf
