#include "report_compat.h"

#include "record/lbr_callchain.h"

#include <cstdio>
#include <cstdlib>

namespace cperf {

void add_report_compat_options(CLI::App& app, ReportCompatOptions& o) {
  app.add_option("--pretty", o.pretty, "pretty printing style key: normal raw");
  app.add_flag("--ns", o.ns, "Show times in nanosecs");
  app.add_option("--time-quantum", o.time_quantum, "Set time quantum for time sort key (default 100ms)");
  app.add_option("--percent-type", o.percent_type, "Set percent type local/global-period/hits");
  app.add_flag("-m,--modules", o.modules, "load module symbols - WARNING: use only with -k and LIVE kernel");
  app.add_flag("--demangle-kernel", o.demangle_kernel, "Enable kernel symbol demangling");
  app.add_flag("--ignore-vmlinux", o.ignore_vmlinux, "don't load vmlinux even if found");
  app.add_option("--samples", o.samples, "Number of samples to save per histogram entry for individual browsing");
  app.add_option("-M,--disassembler-style", o.disassembler_style, "Specify disassembler style (e.g. -M intel for intel syntax)");
  app.add_option("--objdump", o.objdump, "objdump binary to use for disassembly and annotations");
  app.add_flag("--asm-raw", o.asm_raw, "Display raw encoding of assembly instructions (default)");
  app.add_flag("--source,!--no-source", o.source, "Interleave source code with assembly code (default)");
  app.add_option("--prefix", o.prefix, "Add prefix to source file path names in programs (with --prefix-strip)");
  app.add_option("--prefix-strip", o.prefix_strip, "Strip first N entries of source file path name in programs (with --prefix)");
  app.add_flag("--raw-trace", o.raw_trace, "Show raw trace event output (do not use print fmt or plugins)");
}

namespace {

// perf's usage text for one option after a bad value.
void option_usage(const char* lead, const char* option, const char* help) {
  std::fprintf(stderr, "%s Usage: perf report [<options>]\n\n        %s\n                          %s\n", lead,
               option, help);
}

// perf's parse_time_quantum: an unsigned number, then nothing or ns, us, ms or s.
int check_time_quantum(const std::string& s) {
  const char* p = s.c_str();
  char* end = nullptr;
  unsigned long long v = std::strtoull(p, &end, 10);
  std::string unit = end;
  bool ok = end != p && (unit.empty() || unit == "ns" || unit == "us" || unit == "ms" || unit == "s");
  const char* opt = "--time-quantum <time (ms|us|ns|s)>";
  const char* help = "Set time quantum for time sort key (default 100ms)";
  if (!ok) {
    std::fprintf(stderr, "Cannot parse time quantum `%s'\n", s.c_str());
    option_usage("\n", opt, help);
    return 129;
  }
  if (v == 0) {
    std::fputs("time quantum cannot be 0\n", stderr);
    option_usage("", opt, help);
    return 129;
  }
  return -1;
}

}  // namespace

uint64_t time_quantum_ns(const ReportCompatOptions& o) {
  if (o.time_quantum.empty()) return 100000000;
  char* end = nullptr;
  uint64_t v = std::strtoull(o.time_quantum.c_str(), &end, 10);
  std::string unit = end;
  if (unit == "s") return v * 1000000000;
  if (unit == "ms") return v * 1000000;
  if (unit == "us") return v * 1000;
  return v;
}

int check_report_compat_options(const CLI::App& app, const ReportCompatOptions& o) {
  if (app.count("--time-quantum"))
    if (int rc = check_time_quantum(o.time_quantum); rc >= 0) return rc;
  if (app.count("--percent-type")) {
    const std::string& t = o.percent_type;
    if (t != "local-period" && t != "global-period" && t != "local-hits" && t != "global-hits") {
      option_usage("\n", "--percent-type <local-period>", "Set percent type local/global-period/hits");
      return 129;
    }
  }
  if (app.count("--prefix-strip") && !app.count("--prefix")) {
    std::fputs("--prefix-strip requires --prefix\n", stderr);
    return 234;
  }
  return -1;
}

bool parse_column_widths(const std::string& s, std::vector<int>& out) {
  out.clear();
  if (s.empty()) return true;
  const char* p = s.c_str();
  for (;;) {
    char* end = nullptr;
    long v = std::strtol(p, &end, 10);
    if (v < 0 || v > 4096) return false;
    out.push_back(static_cast<int>(v));
    if (*end != ',') break;
    p = end + 1;
  }
  return true;
}

namespace {

const char* kGroupSortIdx = "--group-sort-idx <n>";
const char* kGroupSortIdxHelp =
    "Sort the output by the event at the index n in group. If n is invalid, sort by the first event. "
    "WARNING: should be used on grouped events.";

bool whole_number(const std::string& s, long& v) {
  char* end = nullptr;
  v = std::strtol(s.c_str(), &end, 0);
  return !s.empty() && *end == 0;
}

}  // namespace

bool parse_group_sort_idx(const std::string& s) {
  long v = 0;
  if (whole_number(s, v)) return true;
  std::fputs("\n Error: option `group-sort-idx' expects a numerical value\n", stderr);
  option_usage("", kGroupSortIdx, kGroupSortIdxHelp);
  return false;
}

int check_group_sort_idx(const std::string& idx, const std::vector<GroupDesc>& groups, bool pipe) {
  long v = 0;
  if (idx.empty() || !whole_number(idx, v) || v == 0) return -1;
  bool grouped = false;
  for (const GroupDesc& g : groups)
    if (g.nr_members > 1) grouped = true;
  if (pipe || !grouped) {
    std::fflush(stdout);
    std::fprintf(stderr, "        %s\n                          %s\n", kGroupSortIdx, kGroupSortIdxHelp);
    return 234;
  }
  return -1;
}

uint64_t lbr_stitch_size(const PerfDataReader& reader) {
  if (reader.is_pipe()) return 0;
  for (const std::string& cap : feature_env(reader).cpu_pmu_caps)
    if (cap.rfind("branches=", 0) == 0) return std::strtoull(cap.c_str() + 9, nullptr, 10);
  return 0;
}

bool check_stitch_lbr(const PerfDataReader& reader, bool report) {
  bool lbr = false;
  for (const EventAttrEntry& e : reader.attrs()) {
    // (perf looks before a pipe's attrs arrive: it sees none)
    if (reader.is_pipe() || !has_lbr_callstack(e.attr)) continue;
    lbr = true;
    if ((e.attr.branch_sample_type & PERF_SAMPLE_BRANCH_HW_INDEX) && reader.features().count(HEADER_PMU_CAPS)) {
      std::fputs("cperf: --stitch-lbr is not supported on files with per-PMU capabilities (hybrid CPUs)\n", stderr);
      return false;
    }
  }
  if (lbr) return true;
  std::fprintf(stderr, "%sCan't find LBR callchain. Switch off --stitch-lbr.\nPlease apply --call-graph lbr when recording.\n",
               report ? "Warning:\n" : "");
  return true;
}

}  // namespace cperf
