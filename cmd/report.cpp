// cperf report: `-D` raw dump and `--header-only`; histogram output comes in a later step.
#include <cstdio>

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
  bool children = false, no_children = false;
  std::string call_graph, sort, fields;
};

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
  app.add_flag("--children", o.children, "Accumulate callchains of children");
  app.add_flag("--no-children", o.no_children, "Do not accumulate callchains of children");
  app.add_option("-g,--call-graph", o.call_graph, "callchain display options")->expected(0, 1);
  app.add_option("-s,--sort", o.sort, "sort by key(s)");
  app.add_option("-F,--fields", o.fields, "output field(s)");
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  if (o.input.empty()) o.input = default_input();
  if (o.dump_raw) return run_dump(o);
  if (o.header_only) return run_header_only(o);
  std::fprintf(stderr, "cperf report: only -D and --header-only are implemented so far\n");
  return 1;
}

}  // namespace cperf
