// cperf annotate: perf 7.2's `annotate --stdio` and `--stdio2`. The file is read into histograms by the
// report engine (perf annotate's keys dso,symbol), each sample also counted at its address in
// its symbol; every entry with a symbol, in the histogram's order, is then disassembled by
// objdump as perf runs it and printed with each instruction's share (lib/annotate; --stdio2:
// perf's reading of each instruction and its TUI line writer, annotate_print2).
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cinttypes>
#include <functional>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <tuple>

#include "symbol/kcore_file.h"
#include "symbol/kernel_kallsyms.h"
#include "annotate/annotate_print.h"
#include "annotate/annotate_print2.h"
#include "annotate/objdump_lines.h"
#include "annotate/objdump_run.h"
#include "annotate/source_summary.h"
#include "base/error.h"
#include "cli.h"
#include "dump/raw_dump.h"
#include "commands.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "itrace_option.h"
#include "io/perf_data_reader.h"
#include "annotate_usage.h"
#include "pager.h"
#include "perf_options.h"
#include "report/report_tool.h"
#include "session/loss_warnings.h"
#include "session/session.h"

namespace cperf {

namespace {

// The options cperf does not do yet: each one refused by name rather than ignored.
// (--ignore-vmlinux, -m, --addr2line, --skip-empty and --demangle-kernel change nothing
// perf 7.2 prints here: cperf reads no vmlinux, runs no addr2line and shows one event at a time.)
const char* const kNotYet[] = {"verbose", "code-with-type", "data-type"};

// --type-stat and --insn-stat: perf's tables of the data-type annotation, empty without it,
// before each event's annotations.
void print_stats(bool type_stat, bool insn_stat) {
  const char* totals = "total 0, ok 0 (0.0%), bad 0 (0.0%)\n";
  const char* line = "-----------------------------------------------------------\n";
  if (type_stat) std::printf("Annotate data type stats:\n%s%s\n", totals, line);
  if (insn_stat)
    std::printf("Annotate Instruction stats\n%s\n  %-20s: %5s %5s\n%s\n", totals, "Name/opcode", "Good", "Bad", line);
}

// One symbol's samples, by event: what perf keeps in the symbol's annotation.
struct SymbolKey {
  std::string dso, sym;
  uint64_t start;
  bool operator<(const SymbolKey& o) const { return std::tie(dso, sym, start) < std::tie(o.dso, o.sym, o.start); }
};
struct SymbolSamples {
  const Dso* dso = nullptr;
  const DsoSymbols* syms = nullptr;  // its loaded symbols (source lines); nullptr: none
  uint64_t start = 0, end = 0;         // the symbol's, in the dso's (map_ip) addresses
  uint64_t objdump_start = 0, objdump_end = 0;
  uint64_t map_start = 0, map_end = 0, map_pgoff = 0;  // the map the samples were in
  SymbolHist hist;
};

struct AnnotateRun {
  std::map<std::pair<int, SymbolKey>, SymbolSamples> symbols;
  std::map<int, uint64_t> event_period;  // the period of every sample kept, per event
  std::map<int, uint64_t> event_samples;  // and their number
  // the symbols a symbol filter dropped (perf deletes them: call targets miss them)
  std::set<std::pair<const Dso*, uint64_t>> dropped;
  // The kernel's symbol at a (runtime) address: call targets in kernel code read from kcore.
  std::function<const Symbol*(uint64_t)> kernel_symbol;
};

struct AnnotateOutput {
  ObjdumpOptions objdump;
  AnnotatePrintOptions print;
  std::string symfs;
  // The kernel's code: the kcore copy of a `record --kcore` directory, "" when there is none
  // (cperf reads no vmlinux).
  std::string kcore;
  bool full_paths = false;  // -P
  bool print_lines = false;  // -l
  std::string last_path;     // -l: the source line printed last
  bool quiet = false;        // -q: no debug-level messages (perf's errors boxes stay)
  bool stdio2 = false;       // --stdio2
  std::string title;         // --stdio2: the event's histogram title
  const AnnotateRun* run = nullptr;
  bool refused = false;      // --stdio2 met what cperf cannot print yet
};

// perf's srcline of an instruction for -l: its line, else "dso[objdump address]".
std::string source_line(const SymbolSamples& s, uint64_t offset) {
  if (s.syms)
    if (const std::string* line = s.syms->srcline(s.start + offset)) return *line;
  char buf[32];
  std::snprintf(buf, sizeof buf, "[%" PRIx64 "]", s.objdump_start + offset);
  return s.dso->short_name + buf;
}

// The name of the symbol holding an objdump address of s's dso, as perf finds a call's or a
// jump's target: in the map the samples were in, not among the symbols a filter dropped.
const std::string* target_symbol(const SymbolSamples& s, const AnnotateRun& run, uint64_t addr) {
  if (!s.syms && s.dso->kernel && !s.dso->module && run.kernel_symbol) {  // kcore: addresses as they ran
    const Symbol* sym = run.kernel_symbol(addr);
    return sym && !run.dropped.count({s.dso, sym->start}) ? &sym->name : nullptr;
  }
  if (!s.syms) return nullptr;
  const uint64_t ip = addr - s.objdump_start + s.start;
  if (ip < s.map_pgoff || ip - s.map_pgoff >= s.map_end - s.map_start) return nullptr;
  const Symbol* sym = s.syms->find(ip);
  if (!sym || run.dropped.count({s.dso, sym->start})) return nullptr;
  return &sym->name;
}

// --stdio2: perf's title and instruction lines; refused (out.refused) for an instruction
// perf itself cannot print.
void print_stdio2(const SymbolSamples& s, const std::string& sym_name, const std::string& dso_long_name,
                  const AnnotatedSymbol& a, AnnotateOutput& out) {
  DisasmContext ctx;
  ctx.start = s.objdump_start;
  ctx.end = s.objdump_end;
  // A kcore symbol ends where the next one starts (kallsyms has no sizes): perf takes a jump to
  // that address as a jump out to the next symbol (seen in the 7.2 VM: memcpy's jmp memcpy_orig).
  if (!out.kcore.empty() && s.dso->kernel && !s.dso->module && ctx.end > ctx.start) ctx.end -= 1;
  ctx.symbol_at = [&](uint64_t addr) { return target_symbol(s, *out.run, addr); };
  const Annotation2 n = prepare_annotation2(a, sym_name, ctx, out.print.percent);
  if (int i = unprintable_line(a, n); i >= 0) {
    std::fflush(stdout);
    std::fprintf(stderr, "cperf annotate: --stdio2 of \"%s\" (a lock prefix on operands perf cannot read) is not supported yet\n",
                 n.insns[static_cast<size_t>(i)].raw.c_str());
    out.refused = true;
    return;
  }
  Annotation2Options o;
  o.show_nr_samples = out.print.show_nr_samples;
  o.show_total_period = out.print.show_total_period;
  print_annotation_stdio2(stdout, out.title, out.print.percent, sym_name, dso_long_name, a, n, o);
}

// --group: the other events' samples of the symbol and their events' periods.
struct GroupColumns {
  std::vector<const SymbolHist*> hists;
  std::vector<uint64_t> periods;
};

// kallsyms gives no symbol sizes, so a kernel symbol's bytes run up to the next symbol and end
// in its padding: perf drops the nops at the end of a kcore disassembly.
void drop_trailing_nops(std::vector<AnnotLine>& lines) {
  auto is_nop = [](const std::string& text) {
    size_t b = text.find_first_not_of(" \t");
    std::string_view insn = b == std::string::npos ? std::string_view() : std::string_view(text).substr(b);
    std::string_view name = insn.substr(0, insn.find_first_of(" \t"));
    if (name == "nop" || name == "nopl" || name == "nopw") return true;
    // a prefixed nop ("cs nopw ..."); with --asm-raw the bytes come first and a tab before the
    // name: perf keeps those
    return insn.find(" nop ") != std::string::npos || insn.find(" nopl ") != std::string::npos ||
           insn.find(" nopw ") != std::string::npos;
  };
  while (!lines.empty() && lines.back().offset >= 0 && is_nop(lines.back().text)) lines.pop_back();
}

// Disassembles and prints one symbol; false after perf's messages when it cannot be.
bool annotate_symbol(const SymbolSamples& s, const std::string& sym_name, const std::string& event,
                     uint64_t event_period, const GroupColumns& group, AnnotateOutput& out) {
  const ObjdumpOptions& oo = out.objdump;
  const AnnotatePrintOptions& po = out.print;
  const std::string& symfs = out.symfs;
  const bool full_paths = out.full_paths;
  const Dso& dso = *s.dso;
  const bool from_kcore = dso.kernel && !dso.module && !out.kcore.empty();
  if (dso.kernel && !from_kcore) {
    // no vmlinux (cperf reads none): perf's message
    std::string bid = dso.build_id.empty() ? "" : " with build id " + dso.build_id;
    std::fflush(stdout);
    std::fprintf(stderr,
                 "Error:\nCouldn't annotate %s:\nNo vmlinux file%s\nwas found in the path.\n\n"
                 "Note that annotation using /proc/kcore requires CAP_SYS_RAWIO capability.\n\n"
                 "Please use:\n\n  perf buildid-cache -vu vmlinux\n\nor:\n\n  --vmlinux vmlinux\n",
                 sym_name.c_str(), bid.c_str());
    return false;
  }
  // As perf, the kernel's code goes to objdump as a temporary kcore of the symbol's bytes alone.
  const std::string extract = from_kcore ? extract_kcore_range(out.kcore, s.objdump_start, s.objdump_end - s.objdump_start) : "";
  if (from_kcore && extract.empty()) {
    std::fflush(stdout);
    std::fprintf(stderr, "Error:\nCouldn't annotate %s:\nInternal error: Invalid -1 error code\n", sym_name.c_str());
    return false;
  }
  const std::string file = from_kcore ? extract : objdump_input(symfs, dso.long_name, s.syms ? s.syms->runtime_path() : "");
  const std::string cmd = objdump_command(oo, s.objdump_start, s.objdump_end);
  ObjdumpRun run = run_objdump(cmd, file);
  if (from_kcore) ::unlink(extract.c_str());
  AnnotatedSymbol a;
  a.lines = parse_objdump_output(run.out, file, s.objdump_start, s.objdump_end);
  if (from_kcore) drop_trailing_nops(a.lines);
  std::fflush(stdout);
  if (out.quiet) {
  } else if (!run.started) {
    std::fprintf(stderr, "Failure starting to run %s\n", cmd.c_str());
  } else {
    if (run.status) std::fprintf(stderr, "Error running %s\n", cmd.c_str());
    if (a.lines.empty()) std::fprintf(stderr, "No output from %s\n", cmd.c_str());
  }
  if (!run.started || a.lines.empty()) {
    std::fprintf(stderr, "Error:\nCouldn't annotate %s:\nInternal error: Invalid -1 error code\n", sym_name.c_str());
    return false;
  }
  const std::string& long_name = from_kcore ? out.kcore : dso.long_name;
  a.dso_name = full_paths ? long_name : long_name.substr(long_name.rfind('/') + 1);
  a.event = event;
  a.size = s.end - s.start;
  a.objdump_start = s.objdump_start;
  a.event_period = event_period;
  a.hist = &s.hist;
  a.members = group.hists;
  a.member_periods = group.periods;
  if (out.print_lines) {
    find_source_lines(a, po.percent, [&](uint64_t offset) { return source_line(s, offset); });
    print_source_summary(stdout, a, po.percent, long_name, po.color);
  }
  // perf remembers the last source line in a static that points into the previous symbol's
  // freed lines: in practice each symbol starts afresh
  out.last_path.clear();
  if (out.stdio2) print_stdio2(s, sym_name, long_name, a, out);
  else print_annotation_stdio(stdout, a, po, out.last_path);
  return true;
}

// -D: perf's raw dump of every record, then every record type's count (zeros too) and each
// event's samples; nothing is annotated.
int dump_raw(const std::string& path, bool force) {
  if (path != "-") {
    if (int fd = ::open(path.c_str(), O_RDONLY); fd < 0) {
      std::fprintf(stderr, "failed to open %s: %s\n", path.c_str(), std::strerror(errno));
      return 255;
    } else {
      ::close(fd);
    }
  }
  if (int err = refuse_foreign_input(path, force)) return err;
  PerfDataReader reader(path);
  name_events(reader);
  // perf annotate holds each sample for its deferred user callchain, so the sample's thread
  // and dso lines come after that record's dump: not made yet
  for (const EventAttrEntry& a : reader.attrs())
    if (a.attr.defer_callchain) {
      std::fputs("cperf annotate: -D on deferred callchains is not supported yet\n", stderr);
      return 1;
    }
  if (!reader.is_pipe() && !reader.attrs().empty() && !reader.attrs()[0].attr.sample_id_all)
    std::fputs("WARNING: No sample_id_all support, falling back to unordered processing\n", stdout);
  RawDumpOptions o;
  o.path_label = reader.is_pipe() ? "pipe" : path;
  o.skip_empty = false;
  o.no_event_update = true;
  RawDumpTool tool(stdout, o);
  Session session(reader, SessionOptions{}, tool);
  session.run();
  return 0;
}

// What the command line asks for.
struct AnnotateConfig {
  std::string path, sym_filter;
  bool quiet = false, force = false, dump = false, group = false, print_lines = false, full_paths = false;
  bool type_stat = false, insn_stat = false, stdio2 = false;
  float min_percent = 0;  // --percent-limit
  AnnotatePrintOptions print;
  ObjdumpOptions objdump;
  ReportToolOptions report;
};

// Step 1: perf's options, checked as perf checks them. -1, or the exit status.
int parse_options(const Args& args, AnnotateConfig& c) {
  PerfOptionValues v;
  if (int rc = annotate_parser().parse(args, v); rc >= 0) return rc;
  auto str = [&](const char* name) { return v.has(name) ? v.str(name) : std::string(); };
  for (const char* name : kNotYet)
    if (v.has(name) || v.count(name)) {
      std::fprintf(stderr, "cperf annotate: --%s is not supported yet\n", name);
      return 1;
    }
  if (v.rest.size() > 1) return annotate_parser().usage();
  // -k: perf checks the file can be read; cperf does not read a vmlinux yet
  if (v.has("vmlinux")) {
    if (::access(v.str("vmlinux").c_str(), R_OK) != 0) {
      std::fprintf(stderr, "Invalid file: %s\n", v.str("vmlinux").c_str());
      return 234;
    }
    std::fputs("cperf annotate: --vmlinux is not supported yet\n", stderr);
    return 1;
  }
  c.sym_filter = v.rest.empty() ? str("symbol") : v.rest[0];
  AnnotatePrintOptions& po = c.print;
  if (v.has("percent-type") && !parse_percent_type(v.str("percent-type"), po.percent)) {
    std::fputs("\n Usage: perf annotate [<options>]\n\n", stderr);
    return 129;
  }
  po.show_nr_samples = v.count("show-nr-samples");
  po.show_total_period = v.count("show-total-period");
  if (po.show_nr_samples && po.show_total_period) return exclusive_columns(args);
  c.print_lines = v.count("print-line");
  c.full_paths = v.count("full-paths");
  if (c.print_lines && c.full_paths) {
    std::fputs("cperf annotate: -l with -P (whole source paths) is not supported yet\n", stderr);
    return 1;
  }
  ObjdumpOptions& oo = c.objdump;
  oo.objdump = str("objdump");
  oo.style = str("disassembler-style");
  oo.asm_raw = v.count("asm-raw");
  oo.prefix = str("prefix");
  oo.prefix_strip = str("prefix-strip");
  if (v.counts.count("source")) oo.source = v.count("source");
  if (!oo.prefix_strip.empty() && oo.prefix.empty()) {
    std::fputs("--prefix-strip requires --prefix\n", stderr);
    return 234;
  }
  if (int rc = check_itrace_option(v.counts.count("itrace") > 0, str("itrace"), " Usage: perf annotate [<options>]\n\n");
      rc >= 0)
    return rc;
  // perf's --stdio-color: always, never, or auto (its default: colours on a terminal)
  std::string color = v.has("stdio-color") ? v.str("stdio-color") : "auto";
  if (color != "always" && color != "never" && color != "auto") {
    std::fputs("bad config value for 'color.ui', ignoring...\n", stderr);
    color = "auto";
  }
  po.color = color == "always" || (color == "auto" && ::isatty(1));
  // --percent-limit: perf reads it with strtof (so a bad number is 0: no limit)
  c.min_percent = v.has("percent-limit") ? std::strtof(v.str("percent-limit").c_str(), nullptr) : 0;
  c.quiet = v.count("quiet");
  c.force = v.count("force");
  c.dump = v.count("dump-raw-trace");
  c.group = v.count("group");
  c.type_stat = v.count("type-stat");
  c.insn_stat = v.count("insn-stat");
  c.stdio2 = v.count("stdio2");
  // without --stdio or --stdio2 (--tui too) perf browses on a terminal, else prints as --stdio
  if (!v.count("stdio") && !c.stdio2 && ::isatty(1)) {
    std::fputs("cperf annotate: the TUI is not supported yet (use --stdio)\n", stderr);
    return 1;
  }
  c.path = v.has("input") ? v.str("input") : "perf.data";

  ReportToolOptions& ro = c.report;
  ro.symfs = str("symfs").substr(0, str("symfs").find(','));
  if (const std::string sf = str("symfs"); sf.find(',') != std::string::npos && sf.substr(sf.find(',') + 1) != "hierarchy") {
    std::fputs("cperf annotate: --symfs with a flat layout is not supported yet\n", stderr);
    return 1;
  }
  ro.kallsyms = recorded_kallsyms(c.path);  // a --kcore directory's copy
  ro.quiet = c.quiet;
  ro.srcline.full_path = c.full_paths;  // -l names whole source paths with -P
  if (v.counts.count("demangle")) ro.demangle.demangle = v.count("demangle");
  ro.hist.sort = {SortKey::kDso, SortKey::kSym};
  // perf annotate counts each sample at its own address: no call graphs, no inline frames
  ro.hist.mode = ChainMode::kNone;
  ro.inline_frames = false;
  std::vector<std::string> dso_list = split_list(str("dsos"));
  ro.dsos.insert(dso_list.begin(), dso_list.end());
  ro.hist.dso_filter = !dso_list.empty();
  // perf drops the samples of other symbols before counting them
  if (!c.sym_filter.empty()) ro.symbols.insert(c.sym_filter);
  if (!parse_number_list(str("cpu"), ro.cpus)) {
    std::fprintf(stderr, "  Error: invalid list\n");
    return 129;
  }
  return -1;
}

// Step 2: the file read into histograms, each sample also counted at its address in its
// symbol (run). -1, or the exit status.
int read_samples(AnnotateConfig& c, AnnotateRun& run, std::unique_ptr<PerfDataReader>& reader,
                 std::unique_ptr<ReportTool>& tool) {
  c.report.on_sample = [&run, &tool](int idx, const HistSample& hs) {
    run.event_period[idx] += hs.period;
    ++run.event_samples[idx];
    if (!hs.has_sym || !hs.map) return;
    const Map* map = static_cast<const Map*>(hs.map);
    auto [it, fresh] = run.symbols.try_emplace({idx, SymbolKey{hs.dso.str(), hs.sym.str(), hs.sym_start}});
    SymbolSamples& s = it->second;
    if (fresh) {
      s.dso = map->dso;
      s.map_start = map->start;
      s.map_end = map->end;
      s.map_pgoff = map->pgoff;
      s.start = hs.sym_start;
      s.end = hs.sym_end;
      const DsoSymbols* d = map->dso && !map->dso->kernel ? tool->symbols().user_symbols(map) : nullptr;
      s.syms = d;
      s.objdump_start = d ? d->text_objdump_addr(s.start) : s.start;
      s.objdump_end = d ? d->text_objdump_addr(s.end) : s.end;
    }
    if (hs.addr >= s.start && hs.addr < s.end) s.hist.add(hs.addr - s.start, hs.period);
  };
  c.report.on_symbol_dropped = [&run](const Map& map, const Symbol& sym) { run.dropped.insert({map.dso, sym.start}); };
  try {
    if (c.path != "-") {
      if (int fd = ::open(c.path.c_str(), O_RDONLY); fd < 0) {
        std::fprintf(stderr, "failed to open %s: %s\n", c.path.c_str(), std::strerror(errno));
        return 255;
      } else {
        ::close(fd);
      }
    }
    if (int err = refuse_foreign_input(c.path, c.force)) return err;
    reader = std::make_unique<PerfDataReader>(c.path, !c.quiet);
    if (int rc = check_cpus(*reader, c.report.cpus); rc >= 0) return rc;
    // perf's --stdio2 on branch stacks adds its IPC and cycles columns: not made yet
    if (c.stdio2 && reader->features().count(HEADER_BRANCH_STACK)) {
      std::fputs("cperf annotate: --stdio2 on a file with branch stacks is not supported yet\n", stderr);
      return 1;
    }
    // --group makes every event one group (columns side by side); alone, an event is as without.
    // Files with groups of their own (named, or several) and -l with groups are not done yet.
    if (c.group && reader->attrs().size() > 1 && (reader->features().count(HEADER_GROUP_DESC) || c.print_lines)) {
      std::fputs("cperf annotate: --group on this file is not supported yet\n", stderr);
      return 1;
    }
    name_events(*reader);
    tool = std::make_unique<ReportTool>(c.report);
    SessionStats stats = read_file_into(*tool, *reader);
    if (reader->is_pipe()) name_events(*reader, true);
    if (!c.quiet) print_loss_warnings(stderr, stats, tool->lost_samples());
  } catch (const InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return e.status();
  }
  return -1;
}

// Step 3, for one event (with --group: the leader, its members linked): every entry with a
// symbol, in perf's order; a dso perf could not annotate once is skipped after (warned).
void annotate_event(size_t e, const AnnotateConfig& c, const AnnotateRun& run, const PerfDataReader& reader,
                    ReportTool& tool, AnnotateOutput& output, std::set<const Dso*>& warned) {
  const size_t nr_events = c.group ? reader.attrs().size() : 1;
  auto event_name = [&](size_t i) { return reader.attrs()[i].name.empty() ? "[unknown]" : reader.attrs()[i].name; };
  Hists* h = tool.hists_of(static_cast<int>(e));
  bool any = false;
  for (size_t m = 0; m < nr_events; ++m) any = any || run.event_samples.count(static_cast<int>(e + m));
  if (!h || !any) return;
  std::string name = event_name(e);
  if (c.group) {
    std::vector<Hists*> members;
    for (size_t m = 1; m < nr_events; ++m) {
      members.push_back(tool.hists_of(static_cast<int>(m)));
      name += ", " + event_name(m);
    }
    h->link_group(members);
  }
  print_stats(c.type_stat, c.insn_stat);
  uint64_t group_samples = 0, group_period = 0;
  auto period_of = [&](size_t i) {
    auto it = run.event_period.find(static_cast<int>(i));
    return it == run.event_period.end() ? uint64_t{0} : it->second;
  };
  const uint64_t total = period_of(e);
  for (size_t m = 0; m < nr_events; ++m) {
    auto it = run.event_samples.find(static_cast<int>(e + m));
    group_samples += it == run.event_samples.end() ? 0 : it->second;
    group_period += period_of(e + m);
  }
  output.title = hists_title(group_samples, name, nr_events > 1, reader.attrs()[e].attr.sample_freq, group_period);
  for (HistEntry* he : h->sorted()) {
    if (output.refused) return;
    if (he->filtered || !he->key.has_sym) continue;
    if (c.min_percent && (total ? static_cast<float>(100.0 * he->period / total) : 0.0f) < c.min_percent) continue;
    const SymbolKey key{he->key.dso.str(), he->key.sym.str(), he->key.sym_start};
    auto find = [&](size_t idx) -> const SymbolSamples* {
      auto it = run.symbols.find({static_cast<int>(idx), key});
      return it == run.symbols.end() ? nullptr : &it->second;
    };
    const SymbolSamples* lead = find(e);
    std::vector<const SymbolSamples*> member_samples;
    for (size_t m = 1; m < nr_events; ++m) member_samples.push_back(find(m));
    const SymbolSamples* any_samples = lead;
    for (const SymbolSamples* ms : member_samples) any_samples = any_samples ? any_samples : ms;
    if (!any_samples || warned.count(any_samples->dso)) continue;
    SymbolSamples empty_lead;
    if (!lead) {  // only the members sampled it: the leader's column is zeros
      empty_lead = *any_samples;
      empty_lead.hist = SymbolHist();
      lead = &empty_lead;
    }
    GroupColumns columns;
    for (size_t m = 0; m < member_samples.size(); ++m) {
      columns.hists.push_back(member_samples[m] ? &member_samples[m]->hist : nullptr);
      columns.periods.push_back(period_of(m + 1));
    }
    if (!annotate_symbol(*lead, he->key.sym.str(), name, total, columns, output)) warned.insert(lead->dso);
  }
}

}  // namespace

int cmd_annotate(const Args& args) {
  // 1. options
  AnnotateConfig c;
  if (int rc = parse_options(args, c); rc >= 0) return rc;
  // perf's stdio output goes through its pager on a terminal (colours decided before)
  setup_pager();
  if (c.dump) return dump_raw(c.path, c.force);
  // 2. the samples
  AnnotateRun run;
  std::unique_ptr<PerfDataReader> reader;
  std::unique_ptr<ReportTool> tool;
  if (int rc = read_samples(c, run, reader, tool); rc >= 0) return rc;
  // 3. each event's symbols (--group: perf forces the first event to lead all the others)
  AnnotateOutput output;
  output.objdump = c.objdump;
  output.print = c.print;
  output.symfs = c.report.symfs;
  if (const std::string k = kernel_data_name(c.report.kallsyms); k.ends_with("/kcore")) {
    output.kcore = k;
    run.kernel_symbol = [&tool](uint64_t addr) -> const Symbol* {
      const Map* map = tool->kernel_maps().find(addr);
      return map ? tool->symbols().find(map, map->map_ip(addr)).sym : nullptr;
    };
  }
  output.full_paths = c.full_paths;
  output.print_lines = c.print_lines;
  output.quiet = c.quiet;
  output.stdio2 = c.stdio2;
  output.run = &run;
  const size_t nr_events = reader->attrs().size();
  c.group = c.group && nr_events > 1;
  std::set<const Dso*> warned;
  for (size_t e = 0; e < (c.group ? 1 : nr_events); ++e) annotate_event(e, c, run, *reader, *tool, output, warned);
  if (output.refused) return 1;
  if (run.event_samples.empty()) {
    std::fflush(stdout);
    std::fprintf(stderr, "Error:\nThe %s data has no samples!\n", c.path.c_str());
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 1;
  return 0;
}

}  // namespace cperf
