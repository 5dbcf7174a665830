// cperf report: `-D` raw dump, `--header-only`, and the --stdio histogram (lib/hist, lib/report).
#include <cstdio>
#include <sstream>

#include "base/error.h"
#include "report/report_tool.h"
#include "session/deferred_merger.h"

#include "cli.h"
#include "commands.h"
#include "dump/raw_dump.h"
#include "header/feature_print.h"
#include "header/header_print.h"
#include "io/perf_data_reader.h"
#include "session/session.h"

namespace cperf {

namespace {

struct ReportOptions {
  std::string input;
  bool dump_raw = false;
  bool header = false;
  bool header_only = false;
  bool show_info = false;
  bool stdio = false;
  bool force = false;
  bool quiet = false;
  int verbose = 0;
  std::string symfs, kallsyms;
  bool demangle = true;
  bool children = false, no_children = false;
  std::string call_graph, sort, fields;
  bool call_graph_set = false;
  double percent_limit = 0;
  bool show_nr_samples = false, show_total_period = false;
  std::string symbols, dsos, comms, pids, tids, cpus;
  int max_stack = 127;
  bool inverted = false, no_merge = false;
};

// perf's -g/--call-graph string: print type, threshold, order, key, value (any order).
bool parse_call_graph(const std::string& s, ReportToolOptions& o) {
  for (const std::string& t : split_list(s)) {
    if (t == "graph") o.hist.mode = ChainMode::kGraph;
    else if (t == "fractal") o.hist.mode = ChainMode::kFractal;
    else if (t == "flat") o.hist.mode = ChainMode::kFlat;
    else if (t == "folded") o.hist.mode = ChainMode::kFolded;
    else if (t == "none") o.hist.mode = ChainMode::kNone;
    else if (t == "caller") o.caller_order = true;
    else if (t == "callee") o.caller_order = false;
    else if (t == "function" || t == "percent") continue;
    else {
      char* end = nullptr;
      double v = std::strtod(t.c_str(), &end);
      if (end == t.c_str() || *end) return false;
      o.hist.chain_min_percent = v;
    }
  }
  return true;
}

bool parse_sort(const std::string& s, ReportToolOptions& o) {
  o.hist.sort.clear();
  for (const std::string& k : split_list(s)) {
    if (k == "comm") o.hist.sort.push_back(SortKey::kComm);
    else if (k == "dso") o.hist.sort.push_back(SortKey::kDso);
    else if (k == "sym" || k == "symbol") o.hist.sort.push_back(SortKey::kSym);
    else if (k == "pid") o.hist.sort.push_back(SortKey::kPid);
    else return false;
  }
  o.hist.sort_starts_with_sym = s.compare(0, 3, "sym") == 0;
  return !o.hist.sort.empty();
}

int run_histogram(const ReportOptions& o) {
  ReportToolOptions ro;
  ro.symfs = o.symfs;
  ro.kallsyms = o.kallsyms;
  ro.demangle.demangle = o.demangle;
  ro.quiet = o.quiet;
  ro.max_stack = o.max_stack;
  ro.caller_order = o.inverted;
  if (!o.sort.empty() && !parse_sort(o.sort, ro)) {
    std::fprintf(stderr, "Error: Unknown --sort key: `%s'\n", o.sort.c_str());
    return 129;
  }
  if (!o.call_graph.empty() && !parse_call_graph(o.call_graph, ro)) {
    std::fprintf(stderr, "Invalid callchain mode: %s\n", o.call_graph.c_str());
    return 129;
  }
  ro.hist.percent_limit = o.percent_limit;
  if (o.percent_limit > 0) ro.hist.chain_min_percent = o.percent_limit;
  ro.hist.show_nr_samples = o.show_nr_samples;
  ro.hist.show_total_period = o.show_total_period;
  for (const std::string& x : split_list(o.symbols)) ro.symbols.insert(x);
  for (const std::string& x : split_list(o.dsos)) ro.dsos.insert(x);
  for (const std::string& x : split_list(o.comms)) ro.comms.insert(x);
  if (!parse_number_list(o.pids, ro.pids) || !parse_number_list(o.tids, ro.tids) ||
      !parse_number_list(o.cpus, ro.cpus)) {
    std::fprintf(stderr, "  Error: invalid list\n");
    return 129;
  }
  try {
    PerfDataReader reader(o.input);
    name_events(reader);
    if (!o.quiet)
      std::fputs("# To display the perf.data header info, please use --header/--header-only options.\n#\n",
                 stdout);
    ReportTool tool(ro);
    DeferredCallchainMerger merger(tool);
    SessionTool* front = &tool;
    if (!o.no_merge) {
      tool.set_merger(&merger);
      front = &merger;
    }
    Session session(reader, SessionOptions{}, *front);
    session.run();
    name_events(reader);
    bool has_chain = false;
    for (const auto& a : reader.attrs())
      if (a.attr.sample_type & PERF_SAMPLE_CALLCHAIN) has_chain = true;
    if (o.call_graph_set && !has_chain && ro.hist.mode != ChainMode::kNone) {
      std::fflush(stdout);
      std::fputs("Error:\nSelected -g or --branch-history.\nBut no callchain or branch data.\n"
                 "Did you call 'perf record' without -g or -b?\n", stderr);
      return 0;
    }
    tool.set_use_callchain(has_chain && ro.hist.mode != ChainMode::kNone);
    tool.print(stdout, session);
  } catch (const InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 1;
  return 0;
}

int run_dump(const ReportOptions& o) {
  PerfDataReader reader(o.input);
  name_events(reader);
  std::fputs("# To display the perf.data header info, please use --header/--header-only options.\n#\n",
             stdout);
  RawDumpOptions dopts;
  dopts.path_label = reader.is_pipe() ? "pipe" : o.input;
  RawDumpTool tool(stdout, dopts);
  Session session(reader, SessionOptions{}, tool);
  session.run();
  return 0;
}

int run_header_only(const ReportOptions& o) {
  PerfDataReader reader(o.input);
  name_events(reader);
  print_header(stdout, reader, /*full=*/o.show_info);
  return 0;
}

}  // namespace

int cmd_report(const Args& args) {
  ReportOptions o;
  CLI::App app("perf report [<options>]", "report");
  app.add_option("-i,--input", o.input, "input file name");
  app.add_flag("-D,--dump-raw-trace", o.dump_raw, "dump raw trace in ASCII");
  app.add_flag("--header", o.header, "Show data header.");
  app.add_flag("--header-only", o.header_only, "Show only data header.");
  app.add_flag("-I,--show-info", o.show_info, "Display extended information about perf.data file");
  app.add_flag("--stdio", o.stdio, "Use the stdio interface");
  app.add_flag("-f,--force", o.force, "don't complain, do it");
  app.add_flag("-q,--quiet", o.quiet, "Do not show any warnings or messages");
  app.add_flag("-v,--verbose", o.verbose, "be more verbose");
  app.add_option("--symfs", o.symfs, "Look for files with symbols relative to this directory");
  app.add_option("-k,--vmlinux", o.kallsyms, "vmlinux pathname");
  app.add_option("--kallsyms", o.kallsyms, "kallsyms pathname");
  app.add_flag("--demangle,!--no-demangle", o.demangle, "Enable symbol demangling");
  app.add_flag("--children", o.children, "Accumulate callchains of children");
  app.add_flag("--no-children", o.no_children, "Do not accumulate callchains of children");
  auto* g = app.add_option("-g,--call-graph", o.call_graph, "callchain display options")->expected(0, 1);
  app.add_option("--percent-limit", o.percent_limit, "Don't show entries under that percent");
  app.add_flag("-n,--show-nr-samples", o.show_nr_samples, "Show a column with the number of samples");
  app.add_flag("--show-total-period", o.show_total_period, "Show a column with the sum of periods");
  app.add_option("-S,--symbols", o.symbols, "only consider these symbols");
  app.add_option("-d,--dsos", o.dsos, "only consider symbols in these dsos");
  app.add_option("-c,--comms", o.comms, "only consider symbols in these comms");
  app.add_option("--pid", o.pids, "only consider symbols in these pids");
  app.add_option("--tid", o.tids, "only consider symbols in these tids");
  app.add_option("-C,--cpu", o.cpus, "list of cpus to profile");
  app.add_option("--max-stack", o.max_stack, "Set the maximum stack depth when parsing the callchain");
  app.add_flag("-G,--inverted", o.inverted, "alias for inverted call graph");
  app.add_flag("--no-merge-callchains", o.no_merge, "Do not merge deferred user callchains");
  app.add_option("-s,--sort", o.sort, "sort by key(s)");
  app.add_option("-F,--fields", o.fields, "output field(s)");
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  if (o.input.empty()) o.input = default_input();
  if (o.dump_raw) return run_dump(o);
  if (o.header_only) return run_header_only(o);
  o.call_graph_set = g->count() > 0;
  return run_histogram(o);
}

}  // namespace cperf
