// perf 7.2's `annotate` options as its parse-options knows them (for perf's -h text, byte for
// byte, and its errors), and the message perf gives for its two exclusive column options.
#include "annotate_usage.h"

#include <cstdio>

namespace cperf {

namespace {

const char* const kItraceHelp =
    "Instruction Tracing options\n"
    "\t\t\t\ti[period]:    \t\tsynthesize instructions events\n"
    "\t\t\t\ty[period]:    \t\tsynthesize cycles events (same period as i)\n"
    "\t\t\t\tb:\t    \t\tsynthesize branches events\n"
    "\t\t\t\tc:\t    \t\tsynthesize branches events (calls only)\n"
    "\t\t\t\tr:\t    \t\tsynthesize branches events (returns only)\n"
    "\t\t\t\tx:\t    \t\tsynthesize transactions events\n"
    "\t\t\t\tw:\t    \t\tsynthesize ptwrite events\n"
    "\t\t\t\tp:\t    \t\tsynthesize power events\n"
    "\t\t\t\to:\t\t\tsynthesize other events recorded due to the use\n"
    "\t\t\t\t\t\t\tof aux-output (refer to perf record)\n"
    "\t\t\t\tI:\t\t\tsynthesize interrupt or similar (asynchronous) events\n"
    "\t\t\t\t\t\t\t(e.g. Intel PT Event Trace)\n"
    "\t\t\t\te[flags]:\t\tsynthesize error events\n"
    "\t\t\t\t\t\t\teach flag must be preceded by + or -\n"
    "\t\t\t\t\t\t\terror flags are: o (overflow)\n"
    "\t\t\t\t\t\t\t\t\t l (data lost)\n"
    "\t\t\t\td[flags]:\t\tcreate a debug log\n"
    "\t\t\t\t\t\t\teach flag must be preceded by + or -\n"
    "\t\t\t\t\t\t\tlog flags are: a (all perf events)\n"
    "\t\t\t\t\t\t\t               o (output to stdout)\n"
    "\t\t\t\tf:\t    \t\tsynthesize first level cache events\n"
    "\t\t\t\tm:\t    \t\tsynthesize last level cache events\n"
    "\t\t\t\tt:\t    \t\tsynthesize TLB events\n"
    "\t\t\t\ta:\t    \t\tsynthesize remote access events\n"
    "\t\t\t\tg[len]:     \t\tsynthesize a call chain (use with i or x)\n"
    "\t\t\t\tG[len]:\t\t\tsynthesize a call chain on existing event records\n"
    "\t\t\t\tl[len]:     \t\tsynthesize last branch entries (use with i or x)\n"
    "\t\t\t\tL[len]:\t\t\tsynthesize last branch entries on existing event records\n"
    "\t\t\t\tsNUMBER:    \t\tskip initial number of events\n"
    "\t\t\t\tq:\t\t\tquicker (less detailed) decoding\n"
    "\t\t\t\tA:\t\t\tapproximate IPC\n"
    "\t\t\t\tZ:\t\t\tprefer to ignore timestamps (so-called \"timeless\" decoding)\n"
    "\t\t\t\tT:\t\t\tuse the timestamp trace as kernel time\n"
    "\t\t\t\tPERIOD[ns|us|ms|i|t]:   specify period to sample stream\n"
    "\t\t\t\tconcatenate multiple options. Default is iybxwpe or cewp\n";

}  // namespace

const PerfOptionParser& annotate_parser() {
  static PerfOptionParser p(
      "perf annotate [<options>]",
      {
          {'C', "cpu", PerfOption::kString, "cpu", "list of cpus to profile"},
          {'d', "dsos", PerfOption::kString, "dso[,dso...]", "only consider symbols in these dsos"},
          {'D', "dump-raw-trace", PerfOption::kFlag, nullptr, "dump raw trace in ASCII"},
          {'f', "force", PerfOption::kFlag, nullptr, "don't complain, do it"},
          {'i', "input", PerfOption::kString, "file", "input file name"},
          {'k', "vmlinux", PerfOption::kString, "file", "vmlinux pathname"},
          {'l', "print-line", PerfOption::kFlag, nullptr, "print matching source lines (may be slow)"},
          {'M', "disassembler-style", PerfOption::kString, "disassembler style",
           "Specify disassembler style (e.g. -M intel for intel syntax)"},
          {'m', "modules", PerfOption::kFlag, nullptr,
           "load module symbols - WARNING: use only with -k and LIVE kernel"},
          {'n', "show-nr-samples", PerfOption::kFlag, nullptr, "Show a column with the number of samples"},
          {'P', "full-paths", PerfOption::kFlag, nullptr, "Don't shorten the displayed pathnames"},
          {'q', "quiet", PerfOption::kFlag, nullptr, "do now show any warnings or messages"},
          {'s', "symbol", PerfOption::kString, "symbol", "symbol to annotate"},
          {'v', "verbose", PerfOption::kIncr, nullptr, "be more verbose (show symbol address, etc)"},
          {0, "addr2line", PerfOption::kString, "path", "addr2line binary to use for line numbers"},
          {0, "asm-raw", PerfOption::kFlag, nullptr, "Display raw encoding of assembly instructions (default)"},
          {0, "code-with-type", PerfOption::kFlag, nullptr,
           "Show data type info in code annotation (memory instructions only)"},
          {0, "data-type", PerfOption::kOptString, "name", "Show data type annotate for the memory accesses"},
          {0, "demangle", PerfOption::kFlag, nullptr, "Enable symbol demangling"},
          {0, "demangle-kernel", PerfOption::kFlag, nullptr, "Enable kernel symbol demangling"},
          {0, "group", PerfOption::kFlag, nullptr, "Show event group information together"},
          {0, "ignore-vmlinux", PerfOption::kFlag, nullptr, "don't load vmlinux even if found"},
          {0, "insn-stat", PerfOption::kFlag, nullptr, "Show instruction stats for the data type annotation"},
          {0, "itrace", PerfOption::kOptString, "opts", kItraceHelp},
          {0, "objdump", PerfOption::kString, "path", "objdump binary to use for disassembly and annotations"},
          {0, "percent-limit", PerfOption::kString, "percent", "Don't show entries under that percent"},
          {0, "percent-type", PerfOption::kString, "local-period", "Set percent type local/global-period/hits"},
          {0, "prefix", PerfOption::kString, "prefix",
           "Add prefix to source file path names in programs (with --prefix-strip)"},
          {0, "prefix-strip", PerfOption::kString, "N",
           "Strip first N entries of source file path name in programs (with --prefix)"},
          {0, "show-total-period", PerfOption::kFlag, nullptr, "Show a column with the sum of periods"},
          {0, "skip-empty", PerfOption::kFlag, nullptr, "Do not display empty (or dummy) events in the output"},
          {0, "skip-missing", PerfOption::kFlag, nullptr, "Skip symbols that cannot be annotated"},
          {0, "source", PerfOption::kFlag, nullptr, "Interleave source code with assembly code (default)"},
          {0, "stdio", PerfOption::kFlag, nullptr, "Use the stdio interface"},
          {0, "stdio-color", PerfOption::kString, "mode",
           "'always' (default), 'never' or 'auto' only applicable to --stdio mode"},
          {0, "stdio2", PerfOption::kFlag, nullptr, "Use the stdio interface"},
          kSymfsOption,
          {0, "tui", PerfOption::kFlag, nullptr, "Use the TUI interface"},
          {0, "type-stat", PerfOption::kFlag, nullptr, "Show stats for the data type annotation"},
      });
  static const PerfOptionParser& permuting = p.permute();
  return permuting;
}


// -n with --show-total-period: perf's message for exclusive options, naming the later one
// (as given: a switch or an option) and listing it first.
int exclusive_columns(const Args& args) {
  size_t n_at = 0, period_at = 0;
  bool n_short = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") break;
    if (a.rfind("--show-n", 0) == 0) n_at = i;
    else if (a.rfind("--show-t", 0) == 0) period_at = i;
    else if (a.size() > 1 && a[0] == '-' && a[1] != '-' && a.find('n') != std::string::npos) n_at = i, n_short = true;
  }
  const char* n_help = "    -n, --show-nr-samples\n                          Show a column with the number of samples\n";
  const char* p_help = "        --show-total-period\n                          Show a column with the sum of periods\n";
  if (n_at > period_at)
    std::fprintf(stderr, " Error: %s cannot be used with show-total-period\n Usage: perf annotate [<options>]\n\n%s%s",
                 n_short ? "switch `n'" : "option `show-nr-samples'", n_help, p_help);
  else
    std::fprintf(stderr,
                 " Error: option `show-total-period' cannot be used with show-nr-samples\n"
                 " Usage: perf annotate [<options>]\n\n%s%s",
                 p_help, n_help);
  return 129;
}

}  // namespace cperf
