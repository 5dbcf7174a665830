// cperf report: `-D` raw dump, `--header-only`, and the --stdio histogram (lib/hist, lib/report).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <set>
#include <sstream>

#include <regex.h>
#include <unistd.h>

#include "base/byte_reader.h"
#include "base/error.h"
#include "hist/sample_keys.h"
#include "record/side_band.h"
#include "report/progress.h"
#include "report/report_tool.h"
#include "report/task_tree.h"
#include "session/deferred_merger.h"

#include "cli.h"
#include "report_compat.h"
#include "report_keys.h"
#include "itrace_option.h"
#include "pager.h"
#include "commands.h"
#include "dump/raw_dump.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "header/build_id_table.h"
#include "symbol/kernel_kallsyms.h"
#include "header/header_print.h"
#include "header/header_debug_log.h"
#include "io/header_peek.h"
#include "io/perf_data_reader.h"
#include "session/loss_warnings.h"
#include "session/session.h"

namespace cperf {

namespace {

struct ReportOptions {
  std::string input;
  bool dump_raw = false;
  bool header = false;
  bool header_only = false;
  bool tasks = false, mmaps = false;  // --tasks; --mmaps: tasks with their maps
  std::string switch_on, switch_off;  // --switch-on/--switch-off
  bool show_on_off = false;
  bool disable_order = false;  // --disable-order: no latency columns (see run_histogram)
  bool raw_trace = false;      // --raw-trace: -s trace shows the raw fields
  bool stitch_lbr = false;     // --stitch-lbr: see check_stitch_lbr
  bool stats = false;
  bool show_info = false;
  bool stdio = false, tui = false;
  bool use_tui = false;  // decided from --tui/--stdio and the terminal
  bool force = false;
  bool quiet = false;
  int verbose = 0;
  std::string symfs, kallsyms;
  std::string vmlinux;  // -k: checked apart from --kallsyms, which takes precedence over it
  bool demangle = true;
  bool inline_frames = true;
  std::string unwind_style;
  bool children = false, no_children = false;
  std::string call_graph, sort, fields;
  bool call_graph_set = false;
  double percent_limit = 0;
  bool show_nr_samples = false, show_total_period = false;
  bool hierarchy = false;  // --hierarchy
  bool latency = false;    // --latency
  bool group = false, no_group = false;  // --group / --no-group
  std::string parallelism;  // --parallelism LIST
  std::string symbols, dsos, comms, pids, tids, cpus;
  std::string symbol_filter;  // --symbol-filter
  int socket_filter = -1;     // --socket-filter
  bool show_cpu_utilization = false;
  int max_stack = 127;
  bool inverted = false, no_merge = false;
  std::string percentage;
  std::string time;
  std::string parent;            // -p/--parent REGEX
  bool exclude_other = false;    // -x
  bool hide_unresolved = false;  // -U
  bool threads = false;          // -T
  std::string stdio_color;
  bool color = false;                 // --stdio-color's answer
  std::string field_sep;      // -t
  std::string column_widths;  // -w
  bool skip_empty = true;     // --skip-empty (perf's default) / --no-skip-empty
  bool show_ref_call_graph = false;  // no effect on --stdio output
  std::string group_sort_idx;        // --group-sort-idx
  std::string ignore_callees;        // --ignore-callees REGEX
  bool full_source_path = false;     // --full-source-path
  std::string addr2line, addr2line_style, itrace;
  // -b/--branch-stack (-1: unset, the file decides), --mem-mode, --branch-history: perf's
  // branch and memory histograms, which cperf does not make yet.
  int branch_mode = -1;
  bool mem_mode = false, branch_history = false, total_cycles = false;
  bool ns = false;                        // --ns: -s time in nanoseconds
  uint64_t time_quantum = 100000000;      // --time-quantum, in ns
  bool addr2line_binutils = true;  // see addr2line_styles_binutils
};

// --addr2line-style: perf names each style it does not know. libdw and llvm come to cperf's
// libdw look-ups; where those find nothing perf asks binutils (libbfd, addr2line) only when
// the list has one of them. Returns whether it has.
bool addr2line_styles_binutils(const std::string& list) {
  bool binutils = false;
  for (const std::string& s : split_list(list)) {
    if (s == "libbfd" || s == "addr2line") binutils = true;
    else if (s != "libdw" && s != "llvm") std::fprintf(stderr, "Unknown addr2line style: %s\n", s.c_str());
  }
  return binutils;
}

// perf's -g/--call-graph string: print type, order, key, value, threshold and print limit
// (any order). perf takes a word that begins one of its names (in this order: none; graph,
// flat, fractal, folded; caller, callee; function, address, srcline, branch; percent, period,
// count), so "f" is flat and "s" srcline. Returns false on a word perf refuses.
bool parse_call_graph(const std::string& s, ReportToolOptions& o, bool& order_set) {
  auto is = [](const std::string& t, const char* name) { return std::string_view(name).starts_with(t); };
  bool threshold_set = false;
  for (const std::string& t : split_list(s)) {
    if (t.empty()) continue;  // (perf's strtok skips empty words)
    if (is(t, "none")) {
      o.hist.mode = ChainMode::kNone;
      return true;  // perf reads no further
    }
    if (is(t, "graph")) o.hist.mode = ChainMode::kGraph;
    else if (is(t, "flat")) o.hist.mode = ChainMode::kFlat;
    else if (is(t, "fractal")) o.hist.mode = ChainMode::kFractal;
    else if (is(t, "folded")) o.hist.mode = ChainMode::kFolded;
    else if (is(t, "caller")) o.caller_order = order_set = true;
    else if (is(t, "callee")) o.caller_order = !(order_set = true);
    else if (is(t, "function")) o.chain_key = ChainKey::kFunction;
    else if (is(t, "address")) o.chain_key = ChainKey::kAddress;
    else if (is(t, "srcline")) o.chain_key = ChainKey::kSrcline;
    else if (is(t, "percent")) o.hist.chain_value = ChainValue::kPercent;
    else if (is(t, "period")) o.hist.chain_value = ChainValue::kPeriod;
    else if (is(t, "count")) o.hist.chain_value = ChainValue::kCount;
    else if (is(t, "branch")) o.branch_callstack = true;
    else {
      char* end = nullptr;
      double v = std::strtod(t.c_str(), &end);
      if (end == t.c_str()) return false;
      if (threshold_set) {  // perf's second number is the print limit
        o.hist.chain_print_limit = static_cast<uint32_t>(v);
        continue;
      }
      o.hist.chain_min_percent = v;
      threshold_set = true;
    }
  }
  return true;
}

// --parallelism: perf's CPU-list syntax ("1", "7,8", "1,64-128").
bool parse_parallelism(const std::string& s, std::set<int>& out) {
  for (const std::string& item : split_list(s)) {
    size_t dash = item.find('-');
    char* end = nullptr;
    long lo = std::strtol(item.c_str(), &end, 10);
    if (end == item.c_str() || (dash == std::string::npos ? *end != 0 : *end != '-')) return false;
    long hi = lo;
    if (dash != std::string::npos) {
      const char* from = item.c_str() + dash + 1;
      hi = std::strtol(from, &end, 10);
      if (end == from || *end) return false;
    }
    if (lo < 0 || hi < lo || hi > 4096) return false;
    for (long v = lo; v <= hi; ++v) out.insert(static_cast<int>(v));
  }
  return !out.empty();
}

// perf 7.2's usage lines for -s and -F, after a bad key (the same list of keys for both).
void print_key_usage(bool fields) {
  std::fputs(fields ? " Usage: perf report [<options>]\n\n    -F, --fields <key[,keys...]>\n"
                      "                          output field(s): "
                    : " Usage: perf report [<options>]\n\n    -s, --sort <key[,key2...]>\n"
                      "                          sort by key(s): ",
             stderr);
  std::fputs("overhead latency overhead_sys overhead_us\n"
             "\t\t\t  overhead_guest_sys overhead_guest_us overhead_children\n"
             "\t\t\t  latency_children sample period weight1 weight2 weight3\n"
             "\t\t\t  ins_lat retire_lat p_stage_cyc op cache memory snoop\n"
             "\t\t\t  dtlb pid comm comm_nodigit dso symbol parent cpu socket\n"
             "\t\t\t  srcline srcfile local_weight weight transaction trace\n"
             "\t\t\t  symbol_size dso_size cgroup cgroup_id ipc_null time\n"
             "\t\t\t  code_page_size local_ins_lat ins_lat local_p_stage_cyc\n"
             "\t\t\t  p_stage_cyc addr local_retire_lat retire_lat simd\n"
             "\t\t\t  type typeoff symoff typecln parallelism tgid dso_from\n"
             "\t\t\t  dso_to symbol_from symbol_to mispredict abort in_tx\n"
             "\t\t\t  cycles srcline_from srcline_to ipc_lbr addr_from addr_to\n"
             "\t\t\t  callchain_branch_predicted callchain_branch_abort\n"
             "\t\t\t  callchain_branch_cycles symbol_daddr dso_daddr locked\n"
             "\t\t\t  tlb mem snoop dcacheline symbol_iaddr phys_daddr data_page_size\n"
             "\t\t\t  blocked\n",
             stderr);
}

// --mem-mode's memory-statistics columns of -F (perf 7.2's mem_stat fields; "snoop" and "mem"
// are also sort keys, which -s names).
bool mem_stat_field_of(const std::string& k, OutputField& f) {
  static const std::pair<const char*, OutputField::Kind> kStats[] = {
      {"op", OutputField::kMemOp}, {"cache", OutputField::kMemCache}, {"memory", OutputField::kMemMemory},
      {"snoop", OutputField::kMemSnoop}, {"dtlb", OutputField::kMemDtlb},
      {"mem", OutputField::kMemMemory}};  // (perf takes a field's name by its start)
  for (auto [name, kind] : kStats)
    if (k == name) {
      f = {kind};
      return true;
    }
  return false;
}

// Keys and columns perf 7.2 takes that cperf does not make yet: refused, never ignored.
// (op, cache, memory and dtlb are --mem-mode's -F columns; as sort keys perf 7.2 crashes on
// them)
bool is_unmade_key(const std::string& k) {
  static const std::set<std::string> keys = {
      "op", "cache",
      "memory", "dtlb", "ipc_lbr"};
  return keys.count(k) > 0;
}

// A key of -s or -F that cperf cannot take: perf's error and usage (status 0, as perf), or
// cperf's refusal of a key it does not make yet (status 1). -1: the key is fine.
int check_key(const std::string& k, bool fields, bool mem_mode, bool branch_mode, bool branch_history) {
  SortKey key;
  OutputField number;
  // perf takes its IPC columns as fields only; as a sort key (in any mode) it prints its
  // usage alone
  if (!fields && (k == "ipc_null" || k == "ipc_lbr")) {
    std::fputc('\n', stderr);
    print_key_usage(false);
    return 0;
  }
  // --branch-history's columns: cperf counts them for its call graphs only (perf takes them
  // in any mode, and crashes on them without a call graph)
  if (k.compare(0, 17, "callchain_branch_") == 0 && (fields || !branch_history) && is_branch_key(k)) {
    std::fprintf(stderr, fields ? "cperf report: --fields key `%s' is not supported yet\n"
                                : "cperf report: --sort key `%s' without --branch-history is not supported yet\n",
                 k.c_str());
    return 1;
  }
  // The memory statistics are --mem-mode's -F columns; elsewhere perf does not know them as
  // fields, and as sort keys it crashes (refused below).
  if (fields && mem_stat_field_of(k, number) && k != "snoop" && k != "mem") {
    if (mem_mode) return -1;
    std::fprintf(stderr, "Error:\nUnknown --fields key: `%s'\n", k.c_str());
    print_key_usage(true);
    return 0;
  }
  bool known = sort_key_of(k, key) || k == "latency" || k == "period" || number_field_of(k, number);
  bool invalid = (is_branch_key(k) && !branch_mode && k.compare(0, 17, "callchain_branch_") != 0) || (is_mem_key(k) && !mem_mode);
  if (known && !invalid) return -1;
  if (invalid || !is_unmade_key(k)) {
    std::fprintf(stderr, "Error:\n%s %s key: `%s'\n", invalid ? "Invalid" : "Unknown",
                 fields ? "--fields" : "--sort", k.c_str());
    print_key_usage(fields);
    return 0;
  }
  std::fprintf(stderr, "cperf report: %s key `%s' is not supported yet\n", fields ? "--fields" : "--sort",
               k.c_str());
  return 1;
}

bool has_number_key(const std::string& sort) {
  for (const std::string& k : split_list(sort))
    if (OutputField f; number_field_of(k, f)) return true;
  return false;
}

// -s with number columns: perf's columns are the keys' list after its overhead columns, which
// it leaves out when the list names any ("overhead" or "latency" anywhere in it).
std::string number_sort_list(const std::string& sort, bool children, bool latency, bool prefer_latency) {
  std::string keys = sort;
  auto prefix_unless_in = [&](const char* name) {
    if (keys.find(name) == std::string::npos) keys = std::string(name) + "," + keys;
  };
  if (prefer_latency) {
    prefix_unless_in("overhead");
    prefix_unless_in("latency");
    if (children) {
      prefix_unless_in("overhead_children");
      prefix_unless_in("latency_children");
    }
  } else if (keys.find("overhead") == std::string::npos && keys.find("latency") == std::string::npos) {
    if (latency) prefix_unless_in("latency");
    prefix_unless_in("overhead");
    if (children) {
      if (latency) prefix_unless_in("latency_children");
      prefix_unless_in("overhead_children");
    }
  }
  return keys;
}

OutputField field_of_known(const std::string& k) {
  OutputField f;
  if (number_field_of(k, f)) return f;
  if (k == "latency") return {OutputField::kLatency};
  SortKey key = SortKey::kComm;
  sort_key_of(k, key);  // checked by check_key
  return k == "period" ? OutputField{OutputField::kPeriod} : OutputField{OutputField::kKey, key};
}

// perf's columns for a -s list with number columns: its overhead columns where the list (after
// number_sort_list) has them, -n's and --show-total-period's, then the list's other items in
// its order; entries sort by the list.
void set_number_sort(const std::string& list, bool cpu_utilization, HistOptions& h) {
  std::vector<OutputField> sort, cols;
  auto add_new = [](std::vector<OutputField>& v, const OutputField& f) {
    if (std::find(v.begin(), v.end(), f) == v.end()) v.push_back(f);
  };
  for (const std::string& k : split_list(list)) add_new(sort, field_of_known(k));
  auto add_if_listed = [&](OutputField::Kind kind) {
    if (std::find(sort.begin(), sort.end(), OutputField{kind}) != sort.end()) add_new(cols, {kind});
  };
  if (h.children) {
    if (h.prefer_latency) add_if_listed(OutputField::kLatencyChildren);
    add_if_listed(OutputField::kChildren);
    if (h.latency) add_if_listed(OutputField::kLatencyChildren);
  }
  if (h.prefer_latency) add_if_listed(OutputField::kLatency);
  add_if_listed(OutputField::kSelf);
  if (h.latency) add_if_listed(OutputField::kLatency);
  if (cpu_utilization) {
    add_new(cols, {OutputField::kSys});
    add_new(cols, {OutputField::kUsr});
  }
  if (h.show_nr_samples) add_new(cols, {OutputField::kSamples});
  if (h.show_total_period) add_new(cols, {OutputField::kPeriod});
  for (const OutputField& f : sort) add_new(cols, f);
  h.sort.clear();
  for (const OutputField& f : sort)
    if (f.kind == OutputField::kKey) h.sort.push_back(f.key);
  if (cpu_utilization) {  // perf sorts by the output-only columns after the list
    add_new(sort, {OutputField::kSys});
    add_new(sort, {OutputField::kUsr});
  }
  h.fields = cols;
  h.sort_fields = sort;
  h.fields_from_sort = true;
}

// Returns the unknown key's name, or "" when all parse.
// given: the order is the user's -s (perf adds its IPC column only to those).
std::string parse_sort(const std::string& s, ReportToolOptions& o, bool given = true) {
  o.hist.sort.clear();
  bool ipc = false;
  for (const std::string& k : split_list(s)) {
    if (k == "latency") {  // a number column as a key: the only one shown
      o.hist.latency_key = true;
      continue;
    }
    if (OutputField f; number_field_of(k, f)) continue;  // a column: see set_number_sort
    SortKey key;
    if (!sort_key_of(k, key)) return k;
    // perf 7.2 adds its IPC column after the keys when one of them names a symbol
    if (given && k.compare(0, 6, "symbol") == 0) ipc = true;
    // perf takes a key once (see also set_latency_keys)
    if (std::find(o.hist.sort.begin(), o.hist.sort.end(), key) != o.hist.sort.end()) continue;
    o.hist.sort.push_back(key);
  }
  if (ipc) o.hist.sort.push_back(SortKey::kIpcNull);  // perf 7.2 adds its IPC column after the keys
  o.hist.sort_order_text = ipc ? s + ",ipc_null" : s;  // --mem-mode's header shows both
  o.hist.sort_starts_with_sym = s.compare(0, 3, "sym") == 0;
  return o.hist.sort.empty() && !has_number_key(s) ? s : "";
}

// -F/--fields: perf's output columns (number fields and sort keys). The -s keys are appended
// to the columns and the columns to the sort order; without -s the columns are the sort order.
// Sets the sort keys from that order. Returns the unknown field's name, or "" when all parse.
// sort_given: the -s order is the user's (or --branch-history's): perf then adds its IPC column
// after the keys when one of them names a symbol, as parse_sort does.
std::string parse_fields(const std::string& fields, const std::string& sort, ReportToolOptions& o,
                         bool sort_given = false) {
  bool mem_mode = o.hist.mem_mode;
  // (the memory statistics are columns of -F only: -s snoop is the sort key)
  auto field_of = [mem_mode](const std::string& k, OutputField& f, bool column = false) {
    if (number_field_of(k, f)) return true;
    if (column && mem_mode && mem_stat_field_of(k, f)) return true;
    if (k == "latency") f = {OutputField::kLatency};
    else if (k == "period") f = {OutputField::kPeriod};
    else if (SortKey key; sort_key_of(k, key)) f = {OutputField::kKey, key};
    else return false;
    return true;
  };
  auto add_new = [](std::vector<OutputField>& v, const OutputField& f) {
    if (std::find(v.begin(), v.end(), f) == v.end()) v.push_back(f);
  };
  std::vector<OutputField> cols, keys;
  for (const std::string& k : split_list(fields)) {
    OutputField f;
    if (!field_of(k, f, true)) return k;
    add_new(cols, f);
    if (f.is_mem_stat()) o.hist.mem_stats = true;
  }
  for (const std::string& k : split_list(sort)) {
    OutputField f;
    if (!field_of(k, f)) return k;
    add_new(keys, f);
  }
  bool ipc = false;
  if (sort_given)
    for (const std::string& k : split_list(sort)) ipc = ipc || k.compare(0, 6, "symbol") == 0;
  if (ipc) add_new(keys, OutputField{OutputField::kKey, SortKey::kIpcNull});
  for (const OutputField& f : keys) add_new(cols, f);
  for (const OutputField& f : cols) add_new(keys, f);
  o.hist.fields = cols;
  o.hist.sort_fields = keys;
  o.hist.sort.clear();
  for (const OutputField& f : keys)
    if (f.kind == OutputField::kKey) o.hist.sort.push_back(f.key);
  o.hist.sort_starts_with_sym = false;  // perf hides the entry's own frame only without -F
  return "";
}

// The header's feature lines: print_header's output after its "# ========" block.
void print_pipe_features(std::FILE* out, PerfDataReader& reader, bool full) {
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* mem = open_memstream(&buf, &len);
  if (!mem) return;
  print_header(mem, reader, full);
  std::fclose(mem);
  std::string text(buf, len);
  std::free(buf);
  const std::string block_end = "# ========\n#\n";
  size_t first = text.find("# ========\n");
  size_t at = first == std::string::npos ? std::string::npos : text.find(block_end, first + 1);
  std::fputs(at == std::string::npos ? text.c_str() : text.c_str() + at + block_end.size(), out);
}

// perf 7.2's latency keys by the recording's architecture (this machine's without one):
// x86 and powerpc name them their own way, and only they have the pipeline stage keys
// (elsewhere perf leaves those columns out).
void set_latency_keys(const std::string& arch, HistOptions& h) {
  bool x86 = arch.empty() || arch == "x86_64" || arch == "x86" ||
             (arch.size() == 4 && arch[0] == 'i' && arch.compare(2, 2, "86") == 0);
  bool ppc = arch.compare(0, 3, "ppc") == 0 || arch.compare(0, 7, "powerpc") == 0;
  h.latency_names = x86 ? LatencyNames::kX86 : ppc ? LatencyNames::kPowerpc : LatencyNames::kOther;
  if (!x86 && !ppc)
    std::erase_if(h.sort, [](SortKey k) { return k == SortKey::kPStageCyc || k == SortKey::kLocalPStageCyc; });
  // retire_lat and p_stage_cyc (and their local keys) are one key in perf: the first named
  // stays, with its own column name
  auto family = [](SortKey k) {
    return k == SortKey::kRetireLat ? SortKey::kPStageCyc : k == SortKey::kLocalRetireLat ? SortKey::kLocalPStageCyc : k;
  };
  std::vector<SortKey> kept;
  for (SortKey k : h.sort)
    if (std::none_of(kept.begin(), kept.end(), [&](SortKey o) { return family(o) == family(k); })) kept.push_back(k);
  h.sort = kept;
}

// perf 7.2's branch-mode sort order.
constexpr const char* kBranchSortOrder = "comm,dso_from,symbol_from,symbol_to,cycles";
// perf 7.2's sort order with --branch-history.
constexpr const char* kBranchHistorySortOrder =
    "srcline,symbol,dso,callchain_branch_predicted,callchain_branch_abort,callchain_branch_cycles";

// perf 7.2's --mem-mode sort order.
constexpr const char* kMemSortOrder =
    "local_weight,mem,sym,dso,symbol_daddr,dso_daddr,snoop,tlb,locked,blocked,local_ins_lat,local_p_stage_cyc";

int run_histogram(const ReportOptions& o) {
  ReportToolOptions ro;
  ro.browser_annotations = o.use_tui;
  ro.symfs = o.symfs;
  ro.kallsyms = o.kallsyms;
  ro.demangle.demangle = o.demangle;
  ro.inline_frames = o.inline_frames;
  ro.srcline.full_path = o.full_source_path;
  ro.srcline.binutils = o.addr2line_binutils;
  ro.ignore_callees = o.ignore_callees;
  ro.unwind_style = unwind_style_from(o.unwind_style);
  ro.quiet = o.quiet;
  ro.raw_trace = o.raw_trace;
  ro.verbose = o.verbose > 0;
  ro.hist.verbose = ro.verbose;
  ro.max_stack = o.max_stack;
  ro.branch_history = o.branch_history;
  ro.caller_order = o.inverted;
  bool order_set = o.inverted;
  // Without -b/--no-branch-stack a file's HEADER_BRANCH_STACK puts perf in branch mode, where
  // the branch keys are valid (perf checks them with the file open: its header tells here).
  const bool key_branch_mode =
      o.branch_mode == 1 ||
      (o.branch_mode == -1 && !o.branch_history && file_header_has_feature(o.input, HEADER_BRANCH_STACK));
  for (const std::string& k : split_list(o.sort))
    if (int rc = check_key(k, false, o.mem_mode, key_branch_mode, o.branch_history); rc >= 0) return rc;
  for (const std::string& k : split_list(o.fields))
    if (int rc = check_key(k, true, o.mem_mode, key_branch_mode, o.branch_history); rc >= 0) return rc;
  // --mem-mode: perf 7.2's memory keys unless -s names others; the header shows the order
  // --branch-history: perf 7.2's source-line keys and the branch columns
  // (-F without -s: the columns are the whole order, as without --mem-mode)
  const std::string sort = o.sort.empty() && o.mem_mode && o.fields.empty() ? kMemSortOrder
                           : o.sort.empty() && o.branch_history    ? kBranchHistorySortOrder
                                                                    : o.sort;
  ro.hist.mem_mode = o.mem_mode;
  ro.hist.nanosecs = o.ns;
  ro.time_quantum = o.time_quantum;
  if (std::string bad = sort.empty() ? "" : parse_sort(sort, ro, !o.sort.empty() || o.branch_history); !bad.empty()) {
    std::fprintf(stderr, "Error:\nUnknown --sort key: `%s'\n", bad.c_str());
    print_key_usage(false);
    return 0;  // perf's status too
  }
  if (!o.fields.empty()) {
    std::string bad = parse_fields(o.fields, sort, ro, !o.sort.empty() || o.branch_history);
    if (!bad.empty()) {
      std::fprintf(stderr, "Error:\nUnknown --fields key: `%s'\n", bad.c_str());
      print_key_usage(true);
      return 0;  // perf's status too
    }
  }
  if (!o.call_graph.empty() && !parse_call_graph(o.call_graph, ro, order_set)) {
    std::fprintf(stderr, "Invalid callchain mode: %s\n", o.call_graph.c_str());
    return 129;
  }
  if (o.inverted) ro.caller_order = true;  // perf applies -G after -g: it wins over -g callee
  if (o.percentage == "relative") {
    ro.hist.filter_relative = true;
  } else if (!o.percentage.empty() && o.percentage != "absolute") {
    std::fprintf(stderr, "Invalid percentage: %s\n", o.percentage.c_str());
    return 129;
  }
  if (!o.time.empty()) {
    if (!parse_time_range(o.time, ro.time_start, ro.time_stop)) {
      std::fputs("Invalid time string\n", stderr);
      return 129;
    }
    ro.time_text = o.time;
  }
  ro.hist.percent_limit = o.percent_limit;
  if (o.percent_limit > 0) ro.hist.chain_min_percent = o.percent_limit;
  ro.hist.show_nr_samples = o.show_nr_samples;
  ro.hist.show_total_period = o.show_total_period;
  ro.hist.hierarchy = o.hierarchy;
  ro.hist.field_sep = o.field_sep;
  ro.hist.color = o.color && !o.use_tui;  // (the browser paints its own colours)
  if (!parse_column_widths(o.column_widths, ro.hist.user_widths)) {
    std::fprintf(stderr, "cperf: -w/--column-widths '%s': only non-negative widths are supported\n",
                 o.column_widths.c_str());
    return 129;
  }
  if ((!o.field_sep.empty() || !o.column_widths.empty()) && o.use_tui) {
    std::fputs("cperf: -t/--field-separator and -w/--column-widths are not supported with "
               "the interactive browser\n", stderr);
    return 129;
  }
  if (o.hierarchy) ro.hist.user_widths.clear();  // perf's --hierarchy takes no -w widths
  if (ro.hist.mem_stats && ((o.hierarchy && !o.field_sep.empty()) || o.use_tui)) {
    std::fputs("cperf report: -F's memory statistics (op, cache, memory, snoop, dtlb) with --hierarchy -t "
               "or the interactive browser is not supported yet\n", stderr);
    return 1;
  }
  ro.exclude_other = o.exclude_other;
  ro.hide_unresolved = o.hide_unresolved;
  if (!o.parent.empty()) {
    ro.parent_pattern = o.parent;
    // perf adds the parent column for a pattern of the user's
    if (std::find(ro.hist.sort.begin(), ro.hist.sort.end(), SortKey::kParent) == ro.hist.sort.end())
      ro.hist.sort.push_back(SortKey::kParent);
  }
  std::vector<std::string> sym_list = split_list(o.symbols), dso_list = split_list(o.dsos),
                           comm_list = split_list(o.comms);
  ro.symbols.insert(sym_list.begin(), sym_list.end());
  ro.dsos.insert(dso_list.begin(), dso_list.end());
  ro.hist.dso_filter = !dso_list.empty();
  ro.comms.insert(comm_list.begin(), comm_list.end());
  if (!parse_number_list(o.pids, ro.pids) || !parse_number_list(o.tids, ro.tids) ||
      !parse_number_list(o.cpus, ro.cpus)) {
    std::fprintf(stderr, "  Error: invalid list\n");
    return 129;
  }
  try {
    PerfDataReader reader(o.input);
    name_events(reader);
    ro.event_switch.on_name = o.switch_on;  // perf checks the names before printing anything
    ro.event_switch.off_name = o.switch_off;
    ro.event_switch.show_on_off = o.show_on_off;
    if (!ro.event_switch.resolve(reader.attrs(), stderr)) return 254;
    // perf's default for a file of tracepoints only: their text is the one key
    if (o.sort.empty() && o.fields.empty() && !reader.attrs().empty() &&
        std::all_of(reader.attrs().begin(), reader.attrs().end(),
                    [](const EventAttrEntry& a) { return a.attr.type == PERF_TYPE_TRACEPOINT; }))
      ro.hist.sort = {SortKey::kTrace};
    // --children is the default; call graphs then read caller first unless an order was
    // given. Accumulation itself needs callchains, and perf cannot know that of a pipe
    // before its setup, so a pipe is always reported without it.
    bool want_children = !o.no_children;
    // perf 7.2 profiles data types without accumulation, whatever --children says
    const auto has_type_key = [](const std::vector<SortKey>& keys) {
      return std::any_of(keys.begin(), keys.end(), is_data_type_key);
    };
    // (its call graphs still read caller first then, as --children asks)
    if (want_children && !order_set) ro.caller_order = true;
    if (has_type_key(ro.hist.sort)) want_children = false;
    bool file_has_chain = false;
    for (const auto& a : reader.attrs())
      if (a.attr.sample_type & PERF_SAMPLE_CALLCHAIN) file_has_chain = true;
    // perf's sort mode: branch with -b, or by default on a file recorded with -b (no
    // accumulation there: an entry per branch, the sample's call graph aside)
    // (--branch-history keeps the sample histogram: its branches go into the call graphs)
    const bool branch_mode = !o.branch_history &&
                             (o.branch_mode == 1 || (o.branch_mode == -1 && reader.features().count(HEADER_BRANCH_STACK)));
    ro.hist.children = want_children && !reader.is_pipe() && file_has_chain && !o.mem_mode && !branch_mode;
    // perf takes these keys' values from each callchain frame's own address; cperf has the
    // sample's only
    for (auto [k, name] : {std::pair{SortKey::kSrcfile, "srcfile"}, {SortKey::kDsoSize, "dso_size"},
                           {SortKey::kAddr, "addr"}})
      if (ro.hist.children && std::find(ro.hist.sort.begin(), ro.hist.sort.end(), k) != ro.hist.sort.end()) {
        std::fprintf(stderr, "cperf report: -s %s with --children is not supported yet (use --no-children)\n", name);
        return 1;
      }
    // Call graphs under the data-type keys are checked against perf 7.2 on files (realsys),
    // not on pipes nor with --branch-history; in branch mode perf types other addresses
    // (synthetic branch-history: "(unknown)" where cperf finds stack operations)
    for (auto [k, name] : {std::pair{SortKey::kType, "type"}, {SortKey::kTypeOffset, "typeoff"},
                           {SortKey::kTypeCacheline, "typecln"}}) {
      if (std::find(ro.hist.sort.begin(), ro.hist.sort.end(), k) == ro.hist.sort.end()) continue;
      if ((reader.is_pipe() && ro.hist.mode != ChainMode::kNone) || o.branch_history) {
        std::fprintf(stderr, "cperf report: %s with a call graph from a pipe or --branch-history is not supported yet "
                     "(use -g none)\n", name);
        return 1;
      }
      if (branch_mode) {
        std::fprintf(stderr, "cperf report: %s in branch mode is not supported yet\n", name);
        return 1;
      }
    }
    ro.hist.children_na = o.hierarchy && want_children && reader.is_pipe();
    // Latency columns need the context switches of `record --latency` (perf tells parallelism
    // from them); asked for without them, perf refuses, else it just leaves them out.
    bool has_switches = false;
    for (const auto& a : reader.attrs())
      if (a.attr.context_switch) has_switches = true;
    bool latency_column = false;
    for (const std::string& k : split_list(o.sort + "," + o.fields))
      if (k == "latency" || k == "latency_children") latency_column = true;
    bool latency_asked = o.latency || !o.parallelism.empty() || latency_column ||
                         std::find(ro.hist.sort.begin(), ro.hist.sort.end(), SortKey::kParallelism) != ro.hist.sort.end();
    if (latency_asked && o.disable_order) {  // parallelism needs the records in time order
      std::fputs("Error:\nUse of latency profile or parallelism is incompatible with --disable-order.\n", stderr);
      return 255;
    }
    if (latency_asked && !has_switches) {
      std::fputs("Error:\nUse of latency profile or parallelism requires --latency flag during record.\n", stderr);
      return 255;
    }
    ro.hist.latency = has_switches && !o.disable_order;
    ro.hist.prefer_latency = o.latency;
    ro.nr_cpus_avail = feature_env(reader).nr_cpus_avail;
    set_latency_keys(feature_env(reader).arch, ro.hist);
    if (o.fields.empty() && has_number_key(o.sort)) {
      if (o.hierarchy) {
        std::fputs("cperf report: --hierarchy with a number column in --sort is not supported yet\n", stderr);
        return 1;
      }
      set_number_sort(number_sort_list(o.sort, ro.hist.children, ro.hist.latency, o.latency), o.show_cpu_utilization,
                      ro.hist);
      // perf drops its accumulated columns when a file cannot have them (no call graphs, a pipe)
      if (want_children && !o.mem_mode && !ro.hist.children)
        for (auto* v : {&ro.hist.fields, &ro.hist.sort_fields})
          std::erase_if(*v, [](const OutputField& f) {
            return f.kind == OutputField::kChildren || f.kind == OutputField::kLatencyChildren;
          });
    }
    // a Children column without accumulation: perf's N/A
    if (!ro.hist.children && std::find(ro.hist.fields.begin(), ro.hist.fields.end(),
                                       OutputField{OutputField::kChildren}) != ro.hist.fields.end())
      ro.hist.children_na = true;
    // (a pipe's groups are read once its FEATURE records have come: ReportTool::sections)
    if (auto it = reader.features().find(HEADER_GROUP_DESC); !reader.is_pipe() && it != reader.features().end()) {
      ByteReader r(it->second, reader.swapped());
      if (!read_group_desc(r, ro.groups)) ro.groups.clear();
    }
    // --group or --no-group on a file without groups: perf makes its events one group led by
    // the first (a "forced" group: no name, its events listed without braces)
    if ((o.group || o.no_group) && ro.groups.empty() && reader.attrs().size() > 1)
      ro.groups.push_back({"", 0, static_cast<uint32_t>(reader.attrs().size())});
    ro.force_group = o.group || o.no_group;  // a pipe's, once its attrs have come
    ro.group_view = !o.no_group;
    if (int rc = check_group_sort_idx(o.group_sort_idx, ro.groups, reader.is_pipe()); rc >= 0) return rc;
    if (ro.group_view && !o.group_sort_idx.empty())
      ro.hist.group_sort_idx = static_cast<int>(std::strtol(o.group_sort_idx.c_str(), nullptr, 0));
    if (!o.parallelism.empty() && !parse_parallelism(o.parallelism, ro.parallelism)) {
      std::fprintf(stderr, "Error:\nInvalid --parallelism list: %s\n", o.parallelism.c_str());
      return 255;
    }
    ro.hist.caller_order = ro.caller_order;
    ro.hist.symbol_filter = o.symbol_filter;
    ro.hist.socket_filter = o.socket_filter;
    if (auto it = reader.features().find(HEADER_CPU_TOPOLOGY); it != reader.features().end())
      ro.cpu_sockets = cpu_socket_ids(it->second, feature_env(reader));
    ro.hist.show_cpu_utilization = o.show_cpu_utilization;
    if (branch_mode && o.mem_mode) {
      std::fputs("branch and mem mode incompatible\n", stderr);
      return 0;  // perf's status too
    }
    if (o.header && !o.quiet) {
      print_header(stdout, reader, /*full=*/o.show_info);
    } else if (o.header && reader.is_pipe()) {
      // perf prints a pipe's features as their records arrive, -q or not; only the
      // "# ========" block before them is quiet.
      print_pipe_features(stdout, reader, o.show_info);
    }
    // (with a data-type key after reading the samples: cperf may refuse them, printing nothing)
    const bool header_hint = !o.header && !o.quiet && !o.use_tui;
    const bool hint_later = header_hint && has_type_key(ro.hist.sort);
    auto print_header_hint = [] {
      std::fputs("# To display the perf.data header info, please use --header/--header-only options.\n#\n", stdout);
    };
    if (header_hint && !hint_later) print_header_hint();
    // perf refuses this separator when it sets its symbol options up
    if (!o.field_sep.empty() && o.field_sep[0] == '.') {
      std::fflush(stdout);
      std::fputs("'.' is the only non valid --field-separator argument\n", stderr);
      return 0;
    }
    // Branch mode's keys: perf's default branch order unless -s or -F name others (always with
    // --total-cycles), set before the filters' keys are looked at (its keys have no dso or symbol).
    if (branch_mode && ((o.sort.empty() && o.fields.empty()) || o.total_cycles)) parse_sort(kBranchSortOrder, ro, false);
    // A sort key whose filter allows one value only is not printed; perf says so once.
    for (SortKey k : ro.hist.sort) {
      const std::vector<std::string>* list = nullptr;
      const char* what = "";
      bool* elide = nullptr;
      switch (k) {
        case SortKey::kComm: list = &comm_list; what = "comm"; elide = &ro.hist.elide_comm; break;
        case SortKey::kDso: list = &dso_list; what = "dso"; elide = &ro.hist.elide_dso; break;
        case SortKey::kSym: list = &sym_list; what = "symbol"; elide = &ro.hist.elide_sym; break;
        default: break;
      }
      if (list && list->size() == 1) {
        if (!o.use_tui) std::printf("# %s: %s\n", what, list->front().c_str());
        *elide = true;
      }
    }
    // perf checks -C, `-s parent` and -g against the events before it processes any record
    // (so no symbol is loaded and nothing else is said); a pipe's events arrive as records, so
    // there they are checked after the run.
    auto events_refuse_options = [&]() -> bool {
      uint64_t sample_types = 0;  // perf's combined sample type: any event's bit
      for (const auto& a : reader.attrs()) sample_types |= a.attr.sample_type;
      const bool has_chain = sample_types & PERF_SAMPLE_CALLCHAIN;
      if (!ro.cpus.empty()) {
        if (!(sample_types & PERF_SAMPLE_CPU)) {
          // perf gives up here, yet exits with status 0
          std::fflush(stdout);
          std::fputs("File does not contain CPU events. Remove -C option to proceed.\n"
                     "Error:\nfailed to set cpu bitmap\n", stderr);
          return true;
        }
        // perf's bitmap holds the recording machine's CPUs (HEADER_NRCPUS: available, online)
        auto nr = reader.features().find(HEADER_NRCPUS);
        if (nr != reader.features().end() && nr->second.size() >= 4) {
          uint32_t avail = ByteReader(nr->second, reader.swapped()).u32();
          for (uint32_t cpu : ro.cpus)
            if (cpu >= avail) {
              std::fflush(stdout);
              std::fprintf(stderr, "Requested CPU %u too large. Consider raising MAX_NR_CPUS\n"
                           "Error:\nfailed to set cpu bitmap\n", cpu);
              return true;
            }
        }
      }
      bool parent_key = std::find(ro.hist.sort.begin(), ro.hist.sort.end(), SortKey::kParent) !=
                        ro.hist.sort.end();
      // (perf checks these on files only: a pipe's samples may still have callchains)
      if (parent_key && !has_chain && !reader.is_pipe()) {
        std::fflush(stdout);
        std::fputs("Error:\nSelected --sort parent, but no callchain data. Did you call 'perf record' "
                   "without -g?\n", stderr);
        return true;
      }
      // (perf's branch counts make call graphs of the branches alone: no error then)
      if ((o.call_graph_set || o.branch_history) && !has_chain && !ro.branch_counts && !reader.is_pipe() &&
          ro.hist.mode != ChainMode::kNone) {
        std::fflush(stdout);
        std::fputs("Error:\nSelected -g or --branch-history.\nBut no callchain or branch data.\n"
                   "Did you call 'perf record' without -g or -b?\n", stderr);
        return true;
      }
      if (branch_mode && !reader.is_pipe() && !(sample_types & PERF_SAMPLE_BRANCH_STACK)) {
        std::fflush(stdout);
        std::fputs("Error:\nSelected -b but no branch data. Did you call perf record without -b?\n", stderr);
        return true;
      }
      if (o.mem_mode && !reader.is_pipe() && !(sample_types & PERF_SAMPLE_DATA_SRC)) {
        std::fflush(stdout);
        std::fputs("Error:\nSelected --mem-mode but no mem data. Did you call perf record without -d?\n", stderr);
        return true;
      }
      return false;
    };
    // Branch mode's IPC column (perf counts instructions by disassembling) is not made yet:
    // better no report than another one.
    // (the column -s adds after a symbol key; -F's ipc_null is perf's empty one)
    bool branch_ipc = o.fields.empty() &&
                      std::find(ro.hist.sort.begin(), ro.hist.sort.end(), SortKey::kIpcNull) != ro.hist.sort.end();
    auto unsupported_mode = [&]() -> bool {
      if (!branch_mode || !branch_ipc || o.total_cycles) return false;
      std::fflush(stdout);
      std::fprintf(stderr, "cperf report: %s: branch mode with perf's IPC column (a symbol key) is not supported yet "
                   "(use --no-branch-stack for the sample histogram)\n", o.input.c_str());
      return true;
    };
    // perf prints each call-graph frame's branch counts when the file says it has branch stacks
    ro.branch_counts = o.branch_history && reader.features().count(HEADER_BRANCH_STACK);
    if (branch_mode) {
      ro.branch_mode = true;
      ro.hist.children = false;
      // --total-cycles: the table of blocks, made from the entries of perf's default branch
      // keys (set above; without branch mode the option does nothing)
      ro.total_cycles = o.total_cycles;
    }
    // (-F, -S: perf's entries differ, and the blocks' averages with them; -x: perf prints
    // garbage; -t, --hierarchy: perf crashes)
    const char* tc_refused = !o.fields.empty()      ? "-F/--fields"
                             : !o.symbols.empty()   ? "-S/--symbols"
                             : o.exclude_other      ? "-x/--exclude-other"
                             : !o.field_sep.empty() ? "-t/--field-separator"
                             : o.hierarchy          ? "--hierarchy"
                                                    : nullptr;
    if (ro.total_cycles && tc_refused) {
      std::fprintf(stderr, "cperf report: --total-cycles with %s is not supported yet\n", tc_refused);
      return 1;
    }
    if (ro.total_cycles && o.use_tui) {
      std::fprintf(stderr, "cperf report: %s: the browser's --total-cycles block view is not supported yet "
                   "(use --stdio)\n", o.input.c_str());
      return 1;
    }
    if (!reader.is_pipe() && events_refuse_options()) return 0;
    if (unsupported_mode()) return 1;
    // The browser's call-graph lines have no per-frame branch counts yet: no screen rather
    // than another one.
    if (o.use_tui && ro.branch_counts) {
      std::fprintf(stderr, "cperf report: %s: the browser with --branch-history's branch counts is not supported yet "
                   "(use --stdio)\n", o.input.c_str());
      return 1;
    }
    if (o.stitch_lbr) ro.stitch_lbr = lbr_stitch_size(reader);
    if (o.verbose > 0 && !reader.is_pipe()) print_header_debug_log(reader, stderr);
    ReportTool tool(ro);
    tool.prime_dsos(reader);
    DeferredCallchainMerger merger(tool);
    SessionTool* front = &tool;
    if (!o.no_merge) {
      tool.set_merger(&merger);
      front = &merger;
    }
    ProgressMeter meter(stderr, reader.file_size(), !o.quiet && isatty(STDERR_FILENO));
    ProgressTool progress(*front, meter);
    // --disable-order: perf 7.2's report still delivers in time order (its output equals the
    // ordered one on every multi-threaded file tried); only its latency columns go.
    Session session(reader, SessionOptions{}, progress);
    session.run();
    meter.finish();
    if (std::string why = tool.data_type_refusal(); !why.empty()) {
      std::fprintf(stderr, "cperf report: %s\n", why.c_str());
      return 1;
    }
    if (hint_later) print_header_hint();
    name_events(reader);
    if (o.stitch_lbr && !check_stitch_lbr(reader, true)) return 1;
    if (reader.is_pipe() && events_refuse_options()) return 0;
    bool has_chain = false;
    for (const auto& a : reader.attrs())
      if (a.attr.sample_type & PERF_SAMPLE_CALLCHAIN) has_chain = true;
    if (!o.quiet) print_loss_warnings(stderr, session.stats(), tool.lost_samples());
    // perf's check that the hists have entries; a file (or --time slice) without samples has none.
    if (!tool.has_samples()) {
      std::fflush(stdout);
      std::fprintf(stderr, "Error:\nThe %s data has no samples!\n", o.input.c_str());
      return 0;
    }
    tool.set_use_callchain((has_chain || ro.branch_counts) && ro.hist.mode != ChainMode::kNone);
    if (o.use_tui) return tool.browse(session);
    tool.print(stdout, session);
    // -T: perf's table of per-thread counter values (PERF_RECORD_READ); without such records
    // only its heading.
    if (o.threads) {
      std::vector<std::string> names;
      for (const EventAttrEntry& a : reader.attrs()) names.push_back(a.name);
      tool.read_values().print(stdout, names);
    }
  } catch (const InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return e.status();
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 1;
  return 0;
}

int run_dump(const ReportOptions& o) {
  PerfDataReader reader(o.input);
  name_events(reader);
  // Records without the sample_id trailer cannot be sorted by time (perf's first event decides).
  if (!reader.is_pipe() && !reader.attrs().empty() && !reader.attrs()[0].attr.sample_id_all)
    std::fputs("WARNING: No sample_id_all support, falling back to unordered processing\n", stdout);
  std::fputs("# To display the perf.data header info, please use --header/--header-only options.\n#\n",
             stdout);
  RawDumpOptions dopts;
  dopts.path_label = reader.is_pipe() ? "pipe" : o.input;
  dopts.skip_empty = o.skip_empty;
  dopts.kernel_data = kernel_data_name(o.kallsyms);
  dopts.symfs = o.symfs;
  dopts.kallsyms = o.kallsyms;
  dopts.branch_mode = !o.branch_history && !o.mem_mode &&
                      (o.branch_mode == 1 || (o.branch_mode == -1 && reader.features().count(HEADER_BRANCH_STACK)));
  // --disable-order: perf dumps in file order, FINISHED_ROUND then unhandled
  dopts.unordered = o.disable_order;
  SessionOptions so;
  so.ordered = !o.disable_order;
  RawDumpTool tool(stdout, dopts);
  Session session(reader, so, tool);
  session.run();
  return 0;
}

// Counts PERF_RECORD_LOST_SAMPLES per event (perf report adds them to the event's stats) on the
// way to the tool that does the rest.
class LostSamplesCounter : public SessionTool {
 public:
  explicit LostSamplesCounter(SessionTool& inner) : inner_(inner) {}
  void user_record(const RawRecord& rec, Session& s) override { inner_.user_record(rec, s); }
  void record(Event& ev, Session& s) override {
    SideBand sb;
    if (ev.raw.type == PERF_RECORD_LOST_SAMPLES && decode_side_band(ev.raw, s.swapped(), sb).empty()) {
      size_t i = ev.attr_index < 0 ? 0 : static_cast<size_t>(ev.attr_index);  // perf: first event
      if (per_attr.size() <= i) per_attr.resize(i + 1);
      per_attr[i] += sb.lost;
    }
    inner_.record(ev, s);
  }
  void finish(Session& s) override { inner_.finish(s); }
  std::vector<uint64_t> per_attr;

 private:
  SessionTool& inner_;
};

// --stats: perf's event counts only — the closing part of the raw dump, which therefore runs
// into memory — with each event's lost samples after its sample count.
int run_stats(const ReportOptions& o) {
  PerfDataReader reader(o.input);
  name_events(reader);
  // --header --stats: the header block first, as perf prints it.
  if (o.header && !o.quiet) print_header(stdout, reader, /*full=*/o.show_info, /*pipe_features=*/false);
  char* buf = nullptr;
  size_t len = 0;
  std::FILE* mem = open_memstream(&buf, &len);
  if (!mem) return 1;
  RawDumpOptions dopts;
  dopts.path_label = reader.is_pipe() ? "pipe" : o.input;
  dopts.skip_empty = o.skip_empty;
  dopts.kernel_data = kernel_data_name(o.kallsyms);
  dopts.symfs = o.symfs;
  dopts.kallsyms = o.kallsyms;
  RawDumpTool tool(mem, dopts);
  LostSamplesCounter counter(tool);
  Session session(reader, SessionOptions{}, counter);
  session.run();
  std::fclose(mem);
  std::string text(buf, len);
  std::free(buf);
  size_t at = text.rfind("\nAggregated stats:\n");
  if (at == std::string::npos) return std::fflush(stdout) == 0 ? 0 : 1;
  text.erase(0, at);
  for (size_t i = 0; i < counter.per_attr.size() && i < session.attrs().size(); ++i) {
    if (!counter.per_attr[i]) continue;
    std::string head = "\n" + session.attrs()[i].name + " stats:\n";
    size_t h = text.find(head);
    if (h == std::string::npos) continue;
    size_t end = text.find('\n', h + head.size());  // the event's SAMPLE line
    if (end == std::string::npos) continue;
    char line[96];
    std::snprintf(line, sizeof(line), "%20s events: %10" PRIu64 "\n", "LOST_SAMPLES", counter.per_attr[i]);
    text.insert(end + 1, line);
  }
  std::fputs(text.c_str(), stdout);
  return std::fflush(stdout) == 0 ? 0 : 1;
}

// --task: only the task records (COMM, FORK, EXIT) are processed, as perf does, and the tree of
// threads is printed.
class TaskTool : public SessionTool {
 public:
  void record(Event& ev, Session& s) override {
    const RawRecord& rec = ev.raw;
    bool task = rec.type == PERF_RECORD_COMM || rec.type == PERF_RECORD_FORK || rec.type == PERF_RECORD_EXIT;
    bool map = rec.type == PERF_RECORD_MMAP || rec.type == PERF_RECORD_MMAP2;
    if (!task && !(map && with_maps)) return;
    SideBand sb;
    if (decode_side_band(rec, s.swapped(), sb).empty()) apply_side_band(machine, rec, sb);
  }
  Machine machine;
  bool with_maps = false;  // --mmaps: the maps too
};

int run_tasks(const ReportOptions& o) {
  PerfDataReader reader(o.input);
  TaskTool tool;
  tool.with_maps = o.mmaps;
  tool.machine.findnew_thread(0, 0);  // perf's idle thread is always there
  if (o.mmaps) {  // dsos known by build id print it: perf reads the table first
    auto it = reader.features().find(HEADER_BUILD_ID);
    if (it != reader.features().end())
      for (const auto& [file, hex] : parse_build_id_table(it->second, reader.swapped()))
        tool.machine.findnew_dso(file)->build_id = hex;
  }
  Session session(reader, SessionOptions{}, tool);
  session.run();
  print_task_tree(stdout, tool.machine, o.mmaps);
  return std::fflush(stdout) == 0 ? 0 : 1;
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
  app.add_flag("--stats", o.stats, "Display event stats");
  app.add_flag("--tasks", o.tasks, "Display recorded tasks");
  app.add_flag("--mmaps", o.mmaps, "Display recorded tasks memory maps");
  app.add_flag("--disable-order", o.disable_order, "Disable raw trace ordering");
  app.add_flag("--stitch-lbr", o.stitch_lbr, "Enable LBR callgraph stitching approach");
  app.add_option("--switch-on", o.switch_on, "Consider events after the occurrence of this event");
  app.add_option("--switch-off", o.switch_off, "Stop considering events after the occurrence of this event");
  app.add_flag("--show-on-off-events", o.show_on_off, "Show the on/off switch events, used with --switch-on and --switch-off");
  app.add_flag("-I,--show-info", o.show_info, "Display extended information about perf.data file");
  app.add_flag("--stdio", o.stdio, "Use the stdio interface");
  app.add_flag("--tui", o.tui, "Use the TUI interface");
  app.add_flag("-f,--force", o.force, "don't complain, do it");
  app.add_flag("-q,--quiet", o.quiet, "Do not show any warnings or messages");
  app.add_flag("-v,--verbose", o.verbose, "be more verbose");
  app.add_option("--symfs", o.symfs, "Look for files with symbols relative to this directory");
  app.add_option("-k,--vmlinux", o.vmlinux, "vmlinux pathname");
  app.add_option("--kallsyms", o.kallsyms, "kallsyms pathname");
  app.add_flag("--demangle,!--no-demangle", o.demangle, "Enable symbol demangling");
  app.add_flag("--inline,!--no-inline", o.inline_frames, "Show inline function");
  app.add_option("--unwind-style", o.unwind_style, "unwind styles (libdw,libunwind)");
  app.add_flag("--children", o.children, "Accumulate callchains of children");
  app.add_flag("--no-children", o.no_children, "Do not accumulate callchains of children");
  auto* g = app.add_option("-g,--call-graph", o.call_graph, "callchain display options")->expected(0, 1);
  app.add_option("--percent-limit", o.percent_limit, "Don't show entries under that percent");
  app.add_flag("-n,--show-nr-samples", o.show_nr_samples, "Show a column with the number of samples");
  app.add_flag("--showcpuutilization,--show-cpu-utilization", o.show_cpu_utilization, "Show sample percentage for different cpu modes");
  app.add_flag("--show-total-period", o.show_total_period, "Show a column with the sum of periods");
  app.add_flag("-H,--hierarchy", o.hierarchy, "Show entries in a hierarchy");
  app.add_flag("--group", o.group, "Show event group information together");
  app.add_flag("--no-group", o.no_group, "Show each event of a group on its own");
  app.add_flag("--latency", o.latency, "Show latency-centric profile rather than the default CPU-consumption-centric profile");
  app.add_option("--parallelism", o.parallelism, "only consider these parallelism levels (cpu set format)");
  app.add_option("-S,--symbols", o.symbols, "only consider these symbols");
  app.add_option("--symbol-filter", o.symbol_filter, "only show symbols that (partially) match with this filter");
  app.add_option("--socket-filter", o.socket_filter, "only show processor socket that match with this filter");
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
  app.add_option("--time", o.time, "Time span of interest (start,stop)");
  app.add_option("--percentage", o.percentage, "how to display percentage of filtered entries");
  app.add_option("-p,--parent", o.parent, "regex filter to identify parent, see: '--sort parent'");
  app.add_flag("-x,--exclude-other", o.exclude_other, "Only display entries with parent-match");
  app.add_flag("-U,--hide-unresolved", o.hide_unresolved, "Only display entries resolved to a symbol");
  app.add_flag("-T,--threads", o.threads, "Show per-thread event counters");
  app.add_option("-t,--field-separator", o.field_sep, "separator for columns, no spaces will be added between columns '.' is reserved.");
  app.add_option("-w,--column-widths", o.column_widths, "don't try to adjust column width, use these fixed values");
  app.add_flag("--skip-empty,!--no-skip-empty", o.skip_empty, "Do not display empty (or dummy) events in the output");
  app.add_flag("--show-ref-call-graph", o.show_ref_call_graph, "Show callgraph from reference event");
  app.add_option("--group-sort-idx", o.group_sort_idx, "Sort the output by the event at the index n in group.");
  app.add_option("--stdio-color", o.stdio_color, "'always' (default), 'never' or 'auto' only applicable to --stdio mode");
  app.add_option("--ignore-callees", o.ignore_callees, "ignore callees of these functions in call graphs");
  app.add_flag("--full-source-path", o.full_source_path, "Show full source file name path for source lines");
  app.add_option("--addr2line", o.addr2line, "addr2line binary to use for line numbers");
  app.add_option("--addr2line-style", o.addr2line_style, "addr2line styles (libdw,llvm,libbfd,addr2line)");
  auto* itrace = attached_value_only(app.add_option("--itrace", o.itrace, "Instruction Tracing options"));
  app.add_flag_function("-b,--branch-stack,!--no-branch-stack", [&](int64_t n) { o.branch_mode = n > 0; },
                        "use branch records for per branch histogram filling");
  app.add_flag("--mem-mode", o.mem_mode, "mem access profile");
  app.add_flag("--branch-history", o.branch_history, "add last branch records to call history");
  app.add_flag("--total-cycles", o.total_cycles, "Sort all blocks by 'Sampled Cycles%'");
  ReportCompatOptions compat;
  add_report_compat_options(app, compat);
  int rc = parse_command_line(app, args);
  if (rc >= 0) return rc;
  if ((rc = check_report_compat_options(app, compat)) >= 0) return rc;
  o.ns = compat.ns;
  o.raw_trace = compat.raw_trace;
  o.time_quantum = time_quantum_ns(compat);
  if ((rc = check_itrace_option(itrace->count() > 0, o.itrace, kReportUsage)) >= 0) return rc;
  if (app.count("--addr2line-style")) o.addr2line_binutils = addr2line_styles_binutils(o.addr2line_style);
  if (!o.ignore_callees.empty()) {
    regex_t re;
    if (int err = regcomp(&re, o.ignore_callees.c_str(), REG_EXTENDED); err != 0) {
      char msg[256];
      regerror(err, &re, msg, sizeof(msg));
      std::fprintf(stderr, "Invalid --ignore-callees regex: %s\n%s\n Usage: perf report [<options>]\n\n",
                   o.ignore_callees.c_str(), msg);
      return 129;
    }
    regfree(&re);
  }
  if (app.count("--group-sort-idx") && !parse_group_sort_idx(o.group_sort_idx)) return 129;
  if (!o.parent.empty()) {
    regex_t re;
    if (regcomp(&re, o.parent.c_str(), REG_EXTENDED | REG_NOSUB) != 0) {
      std::fprintf(stderr, "Invalid regex: %s\n", o.parent.c_str());
      return 255;
    }
    regfree(&re);
  }
  // perf's colours: always, never, else (auto, a bad value, none given) when stdout is a
  // terminal, which a pager then takes.
  if (app.count("--stdio-color") && o.stdio_color != "always" && o.stdio_color != "never" &&
      o.stdio_color != "auto")
    std::fputs("bad config value for 'color.ui', ignoring...\n", stderr);
  o.color = o.stdio_color == "always" || (o.stdio_color != "never" && isatty(STDOUT_FILENO));
  // perf checks -k/--vmlinux, then --kallsyms, before it opens the input, in every mode (silent
  // with -q); the kernel's symbols then come from --kallsyms when given, else from -k.
  for (const std::string* f : {&o.vmlinux, &o.kallsyms})
    if (!f->empty() && ::access(f->c_str(), R_OK) != 0) {
      if (!o.quiet) std::fprintf(stderr, "Invalid file: %s\n", f->c_str());
      return 234;
    }
  if (o.kallsyms.empty()) o.kallsyms = o.vmlinux;
  if (o.input.empty()) o.input = default_input();
  if (int err = refuse_foreign_input(o.input, o.force)) return err;
  if (o.kallsyms.empty()) o.kallsyms = recorded_kallsyms(o.input);  // a --kcore directory's copy
  // perf browses the report on a terminal (stdin and stdout), else prints it, paged on a
  // terminal except when the data comes from stdin.
  const char* term = std::getenv("TERM");
  bool terminal = isatty(STDOUT_FILENO) && isatty(STDIN_FILENO) && term && *term && std::strcmp(term, "dumb") != 0;
  o.use_tui = !o.stdio && o.input != "-" && !o.header && (o.tui || terminal) && !o.dump_raw &&
              !o.header_only && !o.stats && !o.tasks && !o.mmaps;
  if (o.input != "-" && !o.use_tui) setup_pager();
  if (o.dump_raw) return run_dump(o);
  if (o.header_only) return run_header_only(o);
  if (o.stats) return run_stats(o);
  if (o.tasks || o.mmaps) return run_tasks(o);
  o.call_graph_set = g->count() > 0;
  return run_histogram(o);
}

}  // namespace cperf
