// cperf diff: perf 7.2's `diff` of two or more perf.data files. Each file is read into
// histograms by the report engine (no call graphs, perf diff's default keys dso,sym); the
// tables (lib/hist/hists_diff.h) pair each baseline event with the first event of the same
// type and config in every other file.
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "base/byte_reader.h"
#include "base/error.h"
#include "cli.h"
#include "commands.h"
#include "header/feature_print.h"
#include "hist/hists_diff.h"
#include "io/perf_data_reader.h"
#include "perf_options.h"
#include "report/report_tool.h"
#include "script/time_ranges.h"
#include "report_keys.h"
#include "session/loss_warnings.h"
#include "session/session.h"

namespace cperf {

namespace {

const PerfOptionParser& parser() {
  static PerfOptionParser p(
      "perf diff [<options>] [old_file] [new_file]",
      {
          {'b', "baseline-only", PerfOption::kFlag, nullptr, "Show only items with match in baseline"},
          {'C', "comms", PerfOption::kString, "comm[,comm...]", "only consider symbols in these comms"},
          {'c', "compute", PerfOption::kString, "delta,delta-abs,ratio,wdiff:w1,w2 (default delta-abs),cycles",
           "Entries differential computation selection"},
          {'d', "dsos", PerfOption::kString, "dso[,dso...]", "only consider symbols in these dsos"},
          {'D', "dump-raw-trace", PerfOption::kFlag, nullptr, "dump raw trace in ASCII"},
          {'f', "force", PerfOption::kFlag, nullptr, "don't complain, do it"},
          {'F', "formula", PerfOption::kFlag, nullptr, "Show formula."},
          {'m', "modules", PerfOption::kFlag, nullptr,
           "load module symbols - WARNING: use only with -k and LIVE kernel"},
          {'o', "order", PerfOption::kInteger, "n", "Specify compute sorting."},
          {'p', "period", PerfOption::kFlag, nullptr, "Show period values."},
          {'q', "quiet", PerfOption::kFlag, nullptr, "Do not show any warnings or messages"},
          {'s', "sort", PerfOption::kString, "key[,key2...]",
           "sort by key(s): pid, comm, dso, symbol, parent, cpu, srcline, ... Please refer the man page for the "
           "complete list."},
          {'S', "symbols", PerfOption::kString, "symbol[,symbol...]", "only consider these symbols"},
          {'t', "field-separator", PerfOption::kString, "separator",
           "separator for columns, no spaces will be added between columns '.' is reserved."},
          {'v', "verbose", PerfOption::kIncr, nullptr, "be more verbose (show symbol address, etc)"},
          {0, "cpu", PerfOption::kString, "cpu", "list of cpus to profile"},
          {0, "cycles-hist", PerfOption::kFlag, nullptr,
           "Show cycles histogram and standard deviation - WARNING: use only with -c cycles."},
          {0, "kallsyms", PerfOption::kString, "file", "kallsyms pathname"},
          {0, "percentage", PerfOption::kString, "relative|absolute", "How to display percentage of filtered entries"},
          {0, "pid", PerfOption::kString, "pid[,pid...]", "only consider symbols in these pids"},
          {0, "stream", PerfOption::kFlag, nullptr, "Enable hot streams comparison."},
          kSymfsOption,
          {0, "tid", PerfOption::kString, "tid[,tid...]", "only consider symbols in these tids"},
          {0, "time", PerfOption::kString, "str", "Time span (time percent or absolute timestamp)"},
      });
  static const PerfOptionParser& permuting = p.permute();
  return permuting;
}

// perf's -c: a method, "wdiff:W1,W2" with two non-zero weights. "cycles" is known (it needs
// branch stacks). Returns -1, or 129 after perf's message and the option's usage.
int parse_compute(const std::string& v, DiffOptions& o, bool& cycles) {
  size_t colon = v.find(':');
  std::string name = v.substr(0, colon);
  auto fail = [&](const std::string& msg) { return parser().option_usage("compute", msg); };
  static const std::pair<const char*, DiffCompute> kMethods[] = {
      {"delta", DiffCompute::kDelta}, {"delta-abs", DiffCompute::kDeltaAbs},
      {"ratio", DiffCompute::kRatio}, {"wdiff", DiffCompute::kWdiff}};
  bool known = name == "cycles";
  for (auto [n, c] : kMethods)
    if (name == n) {
      o.compute = c;
      known = true;
    }
  if (!known) return fail("Failed: '" + v + "' is not computation method (use 'delta','ratio' or 'wdiff')\n");
  cycles = name == "cycles";
  std::string arg = colon == std::string::npos ? "" : v.substr(colon + 1);
  if (!cycles && o.compute == DiffCompute::kWdiff) {
    size_t comma = arg.find(',');
    if (colon != std::string::npos && comma != std::string::npos && comma + 1 < arg.size()) {
      o.wdiff_w1 = std::strtol(arg.c_str(), nullptr, 10);
      o.wdiff_w2 = std::strtol(arg.c_str() + comma + 1, nullptr, 10);
    }
    if (!o.wdiff_w1 || !o.wdiff_w2) return fail("Failed: wrong weight data, use 'wdiff:w1,w2'\n");
  } else if (colon != std::string::npos) {
    return fail("Failed: extra option specified '" + arg + "'");
  }
  return -1;
}

// perf's message when a file cannot be opened, status 255; other read errors are cperf's
// one line, status 1.
int open_failed(const std::string& path) {
  std::fprintf(stderr, "failed to open %s: %s\nFailed to open %s\n", path.c_str(), std::strerror(errno),
               path.c_str());
  return 255;
}

struct DiffFile {
  std::string path;
  std::unique_ptr<PerfDataReader> reader;
  std::unique_ptr<ReportTool> tool;
  std::vector<std::unique_ptr<Hists>> empty;  // for events without samples
  std::vector<std::string> names;             // the events'
};

// perf's evsel__match2: the same event type and config.
int matching_event(const PerfDataReader& base, size_t index, const PerfDataReader& other) {
  const perf_event_attr& a = base.attrs()[index].attr;
  for (size_t i = 0; i < other.attrs().size(); ++i)
    if (other.attrs()[i].attr.type == a.type && other.attrs()[i].attr.config == a.config) return static_cast<int>(i);
  return -1;
}

// The options that shape the tables (-c, --percentage, -o, -p, -F, -b, -t, -q) and the files
// (perf.data.old and perf.data, or perf.data.old and the one given, or those given). -1 or
// perf's status.
int table_options(const PerfOptionValues& v, DiffOptions& d, bool& cycles, std::vector<std::string>& paths) {
  if (v.has("compute"))
    if (int rc = parse_compute(v.str("compute"), d, cycles); rc >= 0) return rc;
  if (v.has("percentage")) {
    const std::string p = v.str("percentage");
    if (p != "relative" && p != "absolute") return parser().option_usage("percentage", "");
    d.filter_relative = p == "relative";
  }
  if (v.count("cycles-hist") && !cycles) return parser().usage();
  // -o: a file number (perf reads it as unsigned)
  if (v.has("order")) d.order = static_cast<unsigned>(std::strtol(v.str("order").c_str(), nullptr, 0));
  d.show_period = v.count("period");
  d.show_formula = v.count("formula");
  d.baseline_only = v.count("baseline-only");
  if (v.has("field-separator")) d.field_sep = v.str("field-separator");
  if (v.count("dump-raw-trace")) {
    std::fprintf(stderr, "cperf diff: %s is not supported yet\n", "-D");
    return 1;
  }
  paths = {"perf.data.old", "perf.data"};
  if (v.rest.size() == 1) paths[1] = v.rest[0];
  else if (v.rest.size() > 1) paths = v.rest;
  d.nr_files = paths.size();
  if (d.order >= paths.size()) {
    std::fputs("Order option out of limit.\n", stderr);
    return 255;
  }
  return -1;
}

// How each file is read into histograms: perf diff's keys and filters on the report engine.
// -1 or perf's status.
int report_options(const PerfOptionValues& v, const DiffOptions& d, ReportToolOptions& ro) {
  auto str = [&](const char* name) { return v.has(name) ? v.str(name) : std::string(); };
  ro.symfs = str("symfs").substr(0, str("symfs").find(','));
  ro.kallsyms = str("kallsyms");
  ro.quiet = v.count("quiet");
  ro.hist.sort = {SortKey::kDso, SortKey::kSym};
  if (v.has("sort")) {
    ro.hist.sort.clear();
    for (const std::string& k : split_list(v.str("sort"))) {
      SortKey key;
      if (!sort_key_of(k, key) || is_branch_key(k) || is_mem_key(k)) {
        if (OutputField f; number_field_of(k, f) || k == "latency") {
          std::fprintf(stderr, "cperf diff: -s %s (a number column) is not supported\n", k.c_str());
          return 1;
        }
        bool invalid = is_branch_key(k) || is_mem_key(k);  // perf's words for keys of other modes
        std::fprintf(stderr, "Error:\n%s --sort key: `%s'\n", invalid ? "Invalid" : "Unknown", k.c_str());
        return parser().usage("", true);
      }
      if (std::find(ro.hist.sort.begin(), ro.hist.sort.end(), key) == ro.hist.sort.end()) ro.hist.sort.push_back(key);
    }
  }
  ro.hist.filter_relative = d.filter_relative;
  ro.verbose = ro.hist.verbose = v.count("verbose") > 0;  // addresses, symbol origins, long dso names
  ro.hist.collapse_sym_names = true;
  ro.hist.mode = ChainMode::kNone;  // perf diff shows no call graphs: none are built
  // and so no inline frames either (source lines aside)
  ro.inline_frames = std::find(ro.hist.sort.begin(), ro.hist.sort.end(), SortKey::kSrcline) != ro.hist.sort.end();
  ro.forget_exited_threads = true;
  ro.hist.field_sep = d.field_sep;
  std::vector<std::string> sym_list = split_list(str("symbols")), dso_list = split_list(str("dsos")),
                           comm_list = split_list(str("comms"));
  ro.symbols.insert(sym_list.begin(), sym_list.end());
  ro.dsos.insert(dso_list.begin(), dso_list.end());
  ro.hist.dso_filter = !dso_list.empty();
  ro.comms.insert(comm_list.begin(), comm_list.end());
  // a key whose filter allows one value is not shown (perf's elide; diff says nothing of it)
  ro.hist.elide_comm = comm_list.size() == 1;
  ro.hist.elide_dso = dso_list.size() == 1;
  ro.hist.elide_sym = sym_list.size() == 1;
  if (!parse_number_list(str("pid"), ro.pids) || !parse_number_list(str("tid"), ro.tids) ||
      !parse_number_list(str("cpu"), ro.cpus)) {
    std::fprintf(stderr, "  Error: invalid list\n");
    return 129;
  }
  if (!d.field_sep.empty() && d.field_sep[0] == '.') {
    std::fputs("'.' is the only non valid --field-separator argument\n", stderr);
    return 255;
  }
  return -1;
}

// perf first looks for branch stacks, file by file until one has none (its header warnings
// come once more for those); -c cycles and --stream need them in every file, else perf gives up
// without a word. -1 or the status.
int check_branch_stacks(const std::vector<std::string>& paths, bool force, bool quiet, const char* needs) {
  bool all = true;
  for (const std::string& path : paths) {
    if (path == "-") {  // stdin is read once, later
      all = false;
      break;
    }
    if (int fd = ::open(path.c_str(), O_RDONLY); fd < 0) return open_failed(path);
    else ::close(fd);
    if (int err = refuse_foreign_input(path, force)) return err;
    if (!PerfDataReader(path, !quiet).features().count(HEADER_BRANCH_STACK)) {
      all = false;
      break;
    }
  }
  if (!needs) return -1;
  if (!all) return 255;
  std::fprintf(stderr, "cperf diff: %s is not supported yet\n", needs);
  return 1;
}

// Reads a file into its histograms; `time`: its --time span (nullptr: none; "": a missing one).
// -1 or the status.
int read_file(DiffFile& f, const ReportToolOptions& ro, const std::string* time, bool force, bool quiet) {
  if (int fd = f.path == "-" ? 0 : ::open(f.path.c_str(), O_RDONLY); fd < 0) return open_failed(f.path);
  else if (fd) ::close(fd);
  if (int err = refuse_foreign_input(f.path, force)) return err;
  f.reader = std::make_unique<PerfDataReader>(f.path, !quiet);
  if (int rc = check_cpus(*f.reader, ro.cpus); rc >= 0) return rc;
  name_events(*f.reader);
  // the names as the header gives them (perf diff reads no EVENT_UPDATE record)
  for (const EventAttrEntry& a : f.reader->attrs()) f.names.push_back(a.name);
  ReportToolOptions fo = ro;
  if (time) {
    if (time->empty()) {
      std::fputs("Invalid time string\n", stderr);
      return 234;
    }
    if (int rc = parse_time_option(*time, *f.reader, fo.time_ranges); rc >= 0) return rc;
  }
  f.tool = std::make_unique<ReportTool>(fo);
  // perf holds a sample for its deferred user callchain (which decides when it counts)
  SessionStats stats = read_file_into(*f.tool, *f.reader);
  if (f.reader->is_pipe()) {  // a pipe's events come as records (cperf reads them; perf 7.2 fails)
    name_events(*f.reader, true);
    f.names.clear();
    for (const EventAttrEntry& a : f.reader->attrs()) f.names.push_back(a.name);
  }
  if (!quiet) print_loss_warnings(stderr, stats, f.tool->lost_samples());
  return -1;
}

// One table per event of the baseline, in its order.
void print_tables(std::vector<DiffFile>& files, const DiffOptions& d, const HistOptions& hist, bool quiet) {
  const PerfDataReader& base = *files[0].reader;
  for (size_t e = 0; e < base.attrs().size(); ++e) {
    std::vector<Hists*> hists(files.size(), nullptr);
    for (size_t i = 0; i < files.size(); ++i) {
      int idx = i ? matching_event(base, e, *files[i].reader) : static_cast<int>(e);
      if (idx < 0) continue;
      hists[i] = files[i].tool->hists_of(idx);
      if (!hists[i]) {  // no sample: an empty table
        files[i].empty.push_back(std::make_unique<Hists>(hist));
        hists[i] = files[i].empty.back().get();
      }
    }
    if (!quiet) {
      const std::string& name = files[0].names[e];
      std::printf("%s# Event '%s'\n#\n", e ? "\n" : "", name.empty() ? "[unknown]" : name.c_str());
      if (files.size() > 2 || hist.verbose) {
        std::puts("# Data files:");
        for (size_t i = 0; i < files.size(); ++i)
          std::printf("#  [%zu] %s %s\n", i, files[i].path.c_str(), i ? "" : "(Baseline)");
        std::puts("#");
      }
    }
    print_diff(stdout, hists, d, !quiet);
  }
}

}  // namespace

int cmd_diff(const Args& args) {
  PerfOptionValues v;
  if (int rc = parser().parse(args, v); rc >= 0) return rc;
  DiffOptions d;
  bool cycles = false;
  std::vector<std::string> paths;
  if (int rc = table_options(v, d, cycles, paths); rc >= 0) return rc;
  ReportToolOptions ro;
  if (int rc = report_options(v, d, ro); rc >= 0) return rc;
  const bool quiet = v.count("quiet"), force = v.count("force");
  // --time: one span for every file, or (with ':') one after another for each file
  std::vector<std::string> times;
  if (v.has("time")) {
    const std::string t = v.str("time");
    if (t.find(':') == std::string::npos) times.assign(paths.size(), t);
    else times = split_time_list(t);
  }
  std::vector<DiffFile> files(paths.size());
  try {
    const char* needs = cycles ? "-c cycles" : v.count("stream") ? "--stream" : nullptr;
    if (int rc = check_branch_stacks(paths, force, quiet, needs); rc >= 0) return rc;
    for (size_t i = 0; i < paths.size(); ++i) {
      files[i].path = paths[i];
      static const std::string kNone;
      const std::string* time = times.empty() ? nullptr : i < times.size() ? &times[i] : &kNone;
      if (int rc = read_file(files[i], ro, time, force, quiet); rc >= 0) return rc;
    }
  } catch (const InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return e.status();
  }
  print_tables(files, d, ro.hist, quiet);
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 1;
  return 0;
}

}  // namespace cperf
