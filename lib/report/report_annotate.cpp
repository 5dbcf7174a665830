#include "report/report_annotate.h"

#include <cstdio>

#include "annotate/annotate_print2.h"
#include "annotate/objdump_lines.h"
#include "machine/machine.h"
#include "script/symbols.h"

namespace cperf {

namespace {

// perf's reason when a kernel symbol has no vmlinux to disassemble (cperf reads none).
std::string no_vmlinux(const Dso& dso) {
  std::string bid = dso.build_id.empty() ? "" : " with build id " + dso.build_id;
  return "No vmlinux file" + bid +
         "\nwas found in the path.\n\nNote that annotation using /proc/kcore requires CAP_SYS_RAWIO capability.\n\n"
         "Please use:\n\n  perf buildid-cache -vu vmlinux\n\nor:\n\n  --vmlinux vmlinux\n";
}

class Source : public AnnotateSource {
 public:
  Source(const ReportAnnotations& r, int attr, std::string title, uint64_t samples, uint64_t period)
      : r_(r), attr_(attr), title_(std::move(title)), samples_(samples), period_(period) {}

  Result open(const std::string& dso, const std::string& sym) override {
    const ReportAnnotations::Samples* s = r_.find({attr_, dso, sym});
    if (!s) return {};
    return with_totals(r_.build(*s, title_));
  }

  // The symbol table of the dso, from any of its sampled symbols of this event.
  MapDetails map_details(const std::string& dso) override {
    MapDetails d{dso, {}};
    const ReportAnnotations::Samples* s = r_.any_of(attr_, dso);
    if (!s || !s->syms || !s->dso) return d;
    d.title = s->dso->long_name;
    for (const Symbol& sym : s->syms->table().symbols())
      d.symbols.push_back({sym.start, sym.end, sym.binding == kStbGlobal ? 'g' : sym.binding == kStbLocal ? 'l' : 'w',
                           sym.name});
    return d;
  }

  // perf annotates the symbol holding the call's target, samples or not.
  Result open_callee(const AnnotateView& from, size_t line) override {
    const DisasmInsn& d = from.n.insns[line];
    if (!d.target_sym) return {};
    const auto* s = static_cast<const ReportAnnotations::Samples*>(from.keep_key);
    if (!s || !s->syms) return {};
    if (const ReportAnnotations::Samples* t = r_.find({attr_, s->dso->short_name, *d.target_sym}))
      return with_totals(r_.build(*t, title_));
    const uint64_t ip = d.target_addr - s->objdump_start + s->start;
    const Symbol* sym = s->syms->find(ip);
    if (!sym) return {};
    auto t = std::make_shared<ReportAnnotations::Samples>(*s);
    t->hist = SymbolHist();
    t->sym = sym->name;
    t->start = sym->start;
    t->end = sym->end;
    t->objdump_start = s->syms->text_objdump_addr(sym->start);
    t->objdump_end = s->syms->text_objdump_addr(sym->end);
    Result r = with_totals(r_.build(*t, title_));
    if (r.view) r.view->keep = t;
    return r;
  }

 private:
  // the event's totals, for the browser's global percentages ('p')
  Result with_totals(Result r) const {
    if (r.view) {
      r.view->a.event_period = period_;
      r.view->a.event_samples = samples_;
    }
    return r;
  }

  const ReportAnnotations& r_;
  int attr_;
  std::string title_;
  uint64_t samples_, period_;
};

}  // namespace

void ReportAnnotations::set_cpuid(const std::string& cpuid) { cpu_ = x86_cpu_of_cpuid(cpuid); }

void ReportAnnotations::add(int attr_index, const HistSample& hs) {
  if (!hs.has_sym || !hs.map) return;
  const Map* map = static_cast<const Map*>(hs.map);
  auto [it, fresh] = samples_.try_emplace(Key{attr_index, std::string(hs.dso.str()), std::string(hs.sym.str())});
  Samples& s = it->second;
  if (fresh) {
    s.dso = map->dso;
    s.sym = hs.sym.str();
    s.map_start = map->start;
    s.map_end = map->end;
    s.map_pgoff = map->pgoff;
    s.start = hs.sym_start;
    s.end = hs.sym_end;
    const DsoSymbols* d = map->dso && !map->dso->kernel ? symbols_.user_symbols(map) : nullptr;
    s.syms = d;
    s.objdump_start = d ? d->text_objdump_addr(s.start) : s.start;
    s.objdump_end = d ? d->text_objdump_addr(s.end) : s.end;
  }
  if (hs.addr >= s.start && hs.addr < s.end) s.hist.add(hs.addr - s.start, hs.period);
}

AnnotateSource::Result ReportAnnotations::build(const Samples& s, const std::string& title) const {
  AnnotateSource::Result r;
  if (!s.dso) return r;
  if (s.dso->kernel) {
    r.error = no_vmlinux(*s.dso);
    return r;
  }
  const std::string file = objdump_input(symfs_, s.dso->long_name, s.syms ? s.syms->runtime_path() : "");
  ObjdumpRun run = run_objdump(objdump_command(ObjdumpOptions{}, s.objdump_start, s.objdump_end), file);
  auto v = std::make_unique<AnnotateView>();
  v->a.lines = parse_objdump_output(run.out, file, s.objdump_start, s.objdump_end);
  if (!run.started || v->a.lines.empty()) {
    r.error = "Internal error: Invalid -1 error code";
    return r;
  }
  v->title = title;
  v->sym_name = s.sym;
  v->dso_long_name = s.dso->long_name;
  v->a.dso_name = s.dso->short_name;
  v->a.size = s.end - s.start;
  v->a.objdump_start = s.objdump_start;
  v->sym_start = s.start;
  v->sym_end = s.end;
  v->a.hist = &s.hist;
  v->keep_key = &s;
  v->cpu = cpu_;
  DisasmContext ctx;
  ctx.start = s.objdump_start;
  ctx.end = s.objdump_end;
  ctx.symbol_at = [&s](uint64_t addr) -> const std::string* {
    if (!s.syms) return nullptr;
    const uint64_t ip = addr - s.objdump_start + s.start;
    if (ip < s.map_pgoff || ip - s.map_pgoff >= s.map_end - s.map_start) return nullptr;
    const Symbol* sym = s.syms->find(ip);
    return sym ? &sym->name : nullptr;
  };
  v->n = prepare_annotation2(v->a, s.sym, ctx, v->percent);
  r.view = std::move(v);
  return r;
}

std::unique_ptr<AnnotateSource> ReportAnnotations::source(int attr_index, std::string title, uint64_t samples,
                                                          uint64_t period) {
  return std::make_unique<Source>(*this, attr_index, std::move(title), samples, period);
}

}  // namespace cperf
