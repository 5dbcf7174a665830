// cperf script: prints every sample of a perf.data file as upstream perf script does, merging
// deferred user callchains into their samples unless --no-merge-callchains.
//
//   1. parse options (perf's names; unknown option -> usage, exit 129)
//   2. open the file, name the events, optionally print the header
//   3. run Session -> [DeferredCallchainMerger] -> ScriptTool
//   4. with -v, report the merger's counts on stderr
#include <algorithm>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <sstream>

#include "symbol/kernel_kallsyms.h"
#include "base/error.h"
#include "cli.h"
#include "report_compat.h"
#include "commands.h"
#include "perf_usage.h"
#include "header/feature_print.h"
#include "header/feature_text.h"
#include "header/header_print.h"
#include "io/perf_data_reader.h"
#include "script/script_tool.h"
#include "dump/raw_dump.h"
#include "script_args.h"
#include "itrace_option.h"
#include "pager.h"
#include "script_modes.h"
#include "scripting/python_engine.h"
#include "scripting/script_paths.h"
#include "session/deferred_merger.h"
#include "session/session.h"

namespace cperf {

namespace {

struct ScriptCliOptions {
  std::string input;
  std::vector<std::string> fields;
  bool hide_call_graph = false;
  int max_stack = 127;
  bool ns = false;
  bool reltime = false, deltatime = false, all_cpus = false;
  bool demangle_kernel = false, show_kernel_path = false;
  std::string time, cpu, pid, tid, comms, symbols, dsos;
  bool show_task = false, show_mmap = false, show_switch = false, show_lost = false;
  bool show_namespaces = false, show_round = false;
  bool stitch_lbr = false;  // --stitch-lbr: see check_stitch_lbr
  bool show_cgroup = false, show_bpf = false, show_text_poke = false, per_event_dump = false;
  std::string switch_on, switch_off;
  bool show_on_off = false;
  bool header = false, header_only = false, force = false, show_info = false;
  int verbose = 0;
  std::string kallsyms, symfs;
  std::string vmlinux;  // -k: checked apart from --kallsyms, which takes precedence over it
  bool demangle = true;
  bool inline_frames = true;
  std::string unwind_style;
  bool merge = false, no_merge = false;
  std::string script, gen_lang, dlfilter;
  std::vector<std::string> dlargs;
  bool list = false, list_dlfilters = false;
  bool latency = false, debug_mode = false, full_source_path = false;
  std::string addr2line, itrace, addr_range, stop_bt, graph_function;
  int max_blocks = 0;
  // --insn-trace, --call-trace, --call-ret-trace (fields and itrace settings of their own),
  // --xed (the output piped to xed).
  std::string insn_trace;  // raw (the default) or disasm
  bool call_trace = false, call_ret_trace = false, xed = false;
  // -D: each record's raw dump before what script prints of it; --dump-unsorted-raw-trace:
  // the same in file order.
  bool dump_raw = false, dump_unsorted = false;
};

// -D: every record goes to the raw dump first, then to script.
class DumpThenScript : public SessionTool {
 public:
  DumpThenScript(RawDumpTool& dump, SessionTool& script) : dump_(dump), script_(script) {}
  void user_record(const RawRecord& rec, Session& s) override {
    dump_.user_record(rec, s);
    script_.user_record(rec, s);
  }
  void record(Event& ev, Session& s) override {
    dump_.record(ev, s);
    script_.record(ev, s);
    dump_.flush_pending();
  }
  void finish(Session& s) override {
    dump_.finish(s);
    script_.finish(s);
  }

 private:
  RawDumpTool& dump_;
  SessionTool& script_;
};

// "1,3-5" -> {1,3,4,5}; false on a malformed list.
bool parse_cpu_list(const std::string& s, std::set<uint32_t>& out) {
  for (const std::string& item : split_list(s)) {
    char* end = nullptr;
    unsigned long a = std::strtoul(item.c_str(), &end, 10);
    if (end == item.c_str()) return false;
    unsigned long b = a;
    if (*end == '-') {
      const char* p = end + 1;
      b = std::strtoul(p, &end, 10);
      if (end == p) return false;
    }
    if (*end || b < a || b - a > 65536) return false;
    for (unsigned long c = a; c <= b; ++c) out.insert(static_cast<uint32_t>(c));
  }
  return true;
}

// perf's perf_session__cpu_bitmap: -C needs CPU in the samples of the first event of each
// attr type, and CPUs below the recorded nr_cpus_avail (unknown, i.e. 0, in pipe mode).
// Returns an error message, or empty.
std::string check_cpu_option(const PerfDataReader& reader, const std::set<uint32_t>& cpus) {
  std::set<uint32_t> seen_types;
  for (const EventAttrEntry& a : reader.attrs()) {
    if (a.attr.type >= PERF_TYPE_MAX || !seen_types.insert(a.attr.type).second) continue;
    if (!(a.attr.sample_type & PERF_SAMPLE_CPU))
      return "File does not contain CPU events. Remove -C option to proceed.";
  }
  uint32_t nr_cpus = std::min<uint32_t>(feature_env(reader).nr_cpus_avail, 4096);
  for (uint32_t c : cpus)
    if (c >= nr_cpus)
      return "Requested CPU " + std::to_string(c) + " too large. Consider raising MAX_NR_CPUS";
  return {};
}

constexpr const char* kFieldsUsage =
    "    -F, --fields <str>    comma separated output fields prepend with 'type:'. +field to add and -field to remove.Valid types: hw,sw,trace,raw,synth. Fields: comm,tid,pid,time,cpu,event,trace,ip,sym,dso,dsoff,addr,symoff,srcline,period,iregs,uregs,brstack,brstacksym,flags,data_src,weight,bpf-output,brstackinsn,brstackinsnlen,brstackdisasm,brstackoff,callindent,insn,disasm,insnlen,synth,phys_addr,metric,misc,srccode,ipc,tod,data_page_size,code_page_size,ins_lat,machine_pid,vcpu,cgroup,retire_lat,brcntr";

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "  Error: %s\n", msg.c_str());
  return 129;
}

// perf's answer to a -F it refuses (its option callback fails): the message, then the usage
// lines and -F's own line.
int field_error(const std::string& msg) {
  std::fprintf(stderr,
               "%s\n\n Usage: perf script [<options>]\n"
               "    or: perf script [<options>] record <script> [<record-options>] <command>\n"
               "    or: perf script [<options>] report <script> [script-args]\n"
               "    or: perf script [<options>] <script> [<record-options>] <command>\n"
               "    or: perf script [<options>] <top-script> [script-args]\n\n"
               "%s\n",
               msg.c_str(), kFieldsUsage);
  return 129;
}

// The fields cperf cannot make yet on this file: "" or what to refuse. metric: perf computes
// metrics (from its tables for the host's CPU) over the members of event groups, none without
// groups. brcntr: the branch counters of `-j any,counter` recordings. synth: the payloads of
// Intel PT's synthesized events.
std::string unsupported_field(const PerfDataReader& reader, const FieldSet& fields) {
  bool metric = false, brcntr = false;
  for (int t = 0; t < kOutTypes; ++t) {
    metric |= fields.has(t, kFieldMetric);
    brcntr |= fields.has(t, kFieldBrcntr);
  }
  for (const auto& a : reader.attrs()) {
    if (brcntr && (a.attr.branch_sample_type & PERF_SAMPLE_BRANCH_COUNTERS))
      return "-F brcntr (branch counters)";
    if (a.attr.type == 0x80000000u && fields.has(kOutSynth, kFieldSynth))  // PERF_TYPE_SYNTH
      return "-F synth of synthesized (Intel PT) events";
  }
  if (!metric) return {};
  auto it = reader.features().find(HEADER_GROUP_DESC);
  if (it == reader.features().end()) return {};
  std::vector<GroupDesc> groups;
  ByteReader r(it->second, reader.swapped());
  if (!read_group_desc(r, groups)) return {};
  for (const GroupDesc& g : groups)
    if (g.nr_members > 1) return "-F metric on a file with event groups";
  return {};
}

}  // namespace

int cmd_script(const Args& args) {
  ScriptCliOptions o;
  CLI::App app("perf script [<options>]", "script");
  app.add_option("-i,--input", o.input, "input file name");
  app.add_option("-F,--fields", o.fields, "comma separated output fields prepend with 'type:'");
  app.add_flag("-G,--hide-call-graph", o.hide_call_graph, "When printing symbols do not display call chain");
  app.add_option("--max-stack", o.max_stack, "Set the maximum stack depth when parsing the callchain");
  app.add_flag("--ns", o.ns, "Use 9 decimal places when displaying time");
  app.add_flag("--reltime", o.reltime, "Show time stamps relative to start");
  app.add_flag("--deltatime", o.deltatime, "Show time stamps relative to previous event");
  app.add_flag("-a,--all-cpus", o.all_cpus, "system-wide collection from all CPUs");
  app.add_flag("--demangle-kernel", o.demangle_kernel, "Enable kernel symbol demangling");
  app.add_option("--time", o.time, "Time span of interest (start,stop)");
  app.add_option("-C,--cpu", o.cpu, "list of cpus to profile");
  app.add_option("--pid", o.pid, "only consider symbols in these pids");
  app.add_option("--tid", o.tid, "only consider symbols in these tids");
  app.add_option("-c,--comms", o.comms, "only display events for these comms");
  app.add_option("-S,--symbols", o.symbols, "only consider these symbols");
  app.add_flag("--show-task-events", o.show_task, "Show the fork/comm/exit events");
  app.add_flag("--show-mmap-events", o.show_mmap, "Show the mmap events");
  app.add_flag("--show-switch-events", o.show_switch, "Show context switch events");
  app.add_flag("--show-lost-events", o.show_lost, "Show lost events");
  app.add_flag("--show-namespace-events", o.show_namespaces, "Show namespace events");
  app.add_flag("--show-round-events", o.show_round, "Show round events (if recorded)");
  app.add_flag("--per-event-dump", o.per_event_dump, "Dump trace output to files named by the monitored events");
  app.add_option("--switch-on", o.switch_on, "Consider events after the occurrence of this event");
  app.add_option("--switch-off", o.switch_off, "Stop considering events after the occurrence of this event");
  app.add_flag("--show-on-off-events", o.show_on_off, "Show the on/off switch events, used with --switch-on and --switch-off");
  app.add_flag("--show-cgroup-events", o.show_cgroup, "Show cgroup events");
  app.add_flag("--show-bpf-events", o.show_bpf, "Show bpf related events");
  app.add_flag("--show-text-poke-events", o.show_text_poke, "Show text poke related events");
  app.add_option("--dsos", o.dsos, "only consider symbols in these dsos");
  app.add_flag("--stitch-lbr", o.stitch_lbr, "Enable LBR callgraph stitching approach");
  // Guest symbol paths: used by perf for guest samples only, which cperf resolves no further.
  std::string guest_path;
  bool guest_code = false;
  for (const char* name : {"--guestmount", "--guestvmlinux", "--guestkallsyms", "--guestmodules"})
    app.add_option(name, guest_path, "guest symbol path");
  app.add_flag("--guest-code", guest_code, "Indicate that guest code can be found in the hypervisor process");
  app.add_flag("--header", o.header, "Show data header.");
  app.add_flag("--header-only", o.header_only, "Show only data header.");
  app.add_flag("-I,--show-info", o.show_info, "display extended information from perf.data file");
  app.add_flag("-f,--force", o.force, "don't complain, do it");
  app.add_flag("-v,--verbose", o.verbose, "be more verbose");
  app.add_option("-k,--vmlinux", o.vmlinux, "vmlinux pathname");
  app.add_option("--kallsyms", o.kallsyms, "kallsyms pathname");
  app.add_option("--symfs", o.symfs, "Look for files with symbols relative to this directory");
  app.add_flag("--demangle,!--no-demangle", o.demangle, "Enable symbol demangling");
  app.add_flag("--inline,!--no-inline", o.inline_frames, "Show inline function");
  app.add_option("--unwind-style", o.unwind_style, "unwind styles (libdw,libunwind)");
  app.add_flag("--merge-callchains", o.merge, "Enable merging deferred user callchains");
  app.add_flag("--no-merge-callchains", o.no_merge, "Show separate CALLCHAIN_DEFERRED records");
  app.add_option("-s,--script", o.script, "script file name (lang:script name, script name)");
  app.add_option("-g,--gen-script", o.gen_lang, "generate perf-script.xx script in specified language");
  app.add_flag("-l,--list", o.list, "list available scripts");
  app.add_option("--dlfilter", o.dlfilter, "filter sample events using the given shared object file");
  app.add_option("--dlarg", o.dlargs, "argument to pass to the dlfilter")->allow_extra_args(false);
  app.add_flag("--list-dlfilters", o.list_dlfilters, "list available dlfilters");
  app.add_flag("-L,--Latency", o.latency, "show latency attributes (irqs/preemption disabled, etc)");
  app.add_flag("-d,--debug-mode", o.debug_mode, "do not print samples, only check that they are in time order");
  app.add_flag("--full-source-path", o.full_source_path, "Show full source file name path for source lines");
  app.add_option("--addr2line", o.addr2line, "addr2line binary to use for line numbers");
  auto* itrace = attached_value_only(app.add_option("--itrace", o.itrace, "Instruction Tracing options"));
  app.add_option("--addr-range", o.addr_range, "Use with -S to list traced records within address range");
  app.add_flag("--show-kernel-path", o.show_kernel_path, "Show the path of [kernel.kallsyms]");
  app.add_option("--max-blocks", o.max_blocks, "Maximum number of code blocks to dump with brstackinsn");
  app.add_option("--stop-bt", o.stop_bt, "Stop display of callgraph at these symbols");
  app.add_option("--graph-function", o.graph_function, "Only print symbols and callees with --call-trace/--call-ret-trace");
  auto* insn_trace = attached_value_only(app.add_option("--insn-trace", o.insn_trace, "Decode instructions from itrace"));
  app.add_flag("--call-trace", o.call_trace, "Decode calls from itrace");
  app.add_flag("--call-ret-trace", o.call_ret_trace, "Decode calls and returns from itrace");
  app.add_flag("--xed", o.xed, "Run xed disassembler on output");
  app.add_flag("-D,--dump-raw-trace", o.dump_raw, "dump raw trace in ASCII");
  app.add_flag("--dump-unsorted-raw-trace", o.dump_unsorted, "dump unsorted raw trace in ASCII");
  std::vector<std::string> rest;  // a script's arguments, or record|report NAME ...
  // -h before any script name: perf's usage, of the options named after it (those words are
  // not a script's)
  for (size_t i = 1; i < args.size() && (args[i][0] == '-' || args[i].empty()); ++i)
    if (args[i] == "-h" || args[i] == "--help") return print_perf_usage(args, i);
  int rc = parse_command_line(app, split_at_non_option(app, args, rest));
  if (rc >= 0) return rc;
  if ((rc = check_itrace_option(itrace->count() > 0, o.itrace, kScriptUsage)) >= 0) return rc;
  // --insn-trace: perf's fields for an instruction trace (instruction bytes; disasm needs the
  // capstone that Debian's perf 7.2 is built without: its words) and its itrace settings.
  const bool insn_trace_on = insn_trace->count() > 0;
  if (insn_trace_on && !o.insn_trace.empty() && o.insn_trace != "raw" && o.insn_trace != "disasm") {
    std::fprintf(stderr, "Only accept raw|disasm\n\n%s", kScriptUsage);
    return 129;
  }
  if (insn_trace_on && o.insn_trace == "disasm") {
    std::fprintf(stderr, "Field \"disasm\" requires perf to be built with libcapstone support.\n\n%s", kScriptUsage);
    return 129;
  }
  // --xed: the output goes through Intel's xed disassembler (and less on a terminal), as perf
  // sends it, installed or not
  if (o.xed) force_pager(::isatty(1) ? "xed -F insn: -A -64 | less" : "xed -F insn: -A -64");
  if (o.list) {
    list_scripts(stdout);
    return 0;
  }
  if (o.list_dlfilters) {
    DlFilter::list(stdout, script_search_paths(), o.verbose > 0);
    return 0;
  }
  if (o.input.empty()) o.input = default_input();
  if (int err = refuse_foreign_input(o.input, o.force)) return err;
  if (o.kallsyms.empty()) o.kallsyms = recorded_kallsyms(o.input);  // a --kcore directory's copy
  export_exec_path();
  if (!o.gen_lang.empty()) return generate_script(o.gen_lang, o.input);
  if (o.script.empty() && !rest.empty()) {
    if (rest.size() > 1 && rest[0].size() > 2 &&
        (std::string("record").rfind(rest[0], 0) == 0 || std::string("report").rfind(rest[0], 0) == 0))
      return run_named_script(rest[0][2] == 'c' ? "record" : "report", rest[1],
                              std::vector<std::string>(rest.begin() + 2, rest.end()));
    return run_named_script("", rest[0], std::vector<std::string>(rest.begin() + 1, rest.end()));
  }
  if (o.script.rfind("python:", 0) == 0 || o.script.rfind("py:", 0) == 0)
    o.script = o.script.substr(o.script.find(':') + 1);
  if (!o.script.empty() && o.script.find(':') == std::string::npos &&
      (o.script.size() < 3 || o.script.compare(o.script.size() - 3, 3, ".py") != 0)) {
    std::fprintf(stderr, "Couldn't find language for script %s\n", o.script.c_str());
    return 255;
  }
  if (o.script.empty()) setup_pager();  // on a terminal only, as perf

  // The trace shorthands choose fields (before -F's, which cperf applies next) and ns times.
  if (o.call_trace) o.fields.insert(o.fields.begin(), "-ip,-addr,-event,-period,+callindent");
  if (insn_trace_on)
    o.fields.insert(o.fields.begin(), "+insn,-event,-period");
  if (o.call_ret_trace) o.fields.insert(o.fields.begin(), "-ip,-addr,-event,-period,+callindent,+flags");
  // perf parses -F while it reads the options: its warnings and errors come first
  FieldSet fields;
  for (const std::string& f : o.fields) {
    std::string err = fields.parse(f);
    std::fputs(fields.take_warnings().c_str(), stderr);
    if (!err.empty()) return field_error(err);
  }

  ScriptOptions so;
  so.symfs = o.symfs;
  so.max_blocks = o.max_blocks;
  // perf's check, first: -k/--vmlinux, then --kallsyms; the kernel's symbols then come from
  // --kallsyms when given, else from -k.
  for (const std::string* f : {&o.vmlinux, &o.kallsyms})
    if (!f->empty() && ::access(f->c_str(), R_OK) != 0) {
      std::fprintf(stderr, "Invalid file: %s\n", f->c_str());
      return 255;
    }
  so.kallsyms = o.kallsyms.empty() ? o.vmlinux : o.kallsyms;
  so.demangle.demangle = o.demangle;
  so.inline_frames = o.inline_frames;
  so.show_kernel_path = o.show_kernel_path;
  so.srcline.full_path = o.full_source_path;
  so.latency_format = o.latency;
  so.debug_mode = o.debug_mode;
  for (const std::string& f : split_list(o.stop_bt)) so.stop_bt.insert(f);
  so.graph_function = !o.graph_function.empty();
  so.dump = o.dump_raw || o.dump_unsorted;
  so.unwind_style = unwind_style_from(o.unwind_style);
  so.merge_callchains = !o.no_merge;
  so.hide_call_graph = o.hide_call_graph;
  so.max_stack = o.max_stack < 0 ? 0 : o.max_stack;
  so.ns = o.ns || o.call_trace || o.call_ret_trace || insn_trace_on;
  if (o.reltime && o.deltatime) {
    std::fputs("reltime and deltatime - the two don't get along well. Please limit to --reltime or --deltatime.\n",
               stderr);
    return 255;
  }
  so.reltime = o.reltime;
  so.deltatime = o.deltatime;
  so.show_task = o.show_task;
  so.show_mmap = o.show_mmap;
  so.show_switch = o.show_switch;
  so.show_lost = o.show_lost;
  so.show_namespaces = o.show_namespaces;
  so.show_round = o.show_round;
  so.per_event_dump = o.per_event_dump;
  so.event_switch.on_name = o.switch_on;
  so.event_switch.off_name = o.switch_off;
  so.event_switch.show_on_off = o.show_on_off;
  so.input_path = o.input;
  so.show_cgroup = o.show_cgroup;
  so.show_bpf = o.show_bpf;
  so.show_text_poke = o.show_text_poke;
  for (const std::string& d : split_list(o.dsos)) so.dsos.insert(d);
  if (!o.cpu.empty() && !parse_cpu_list(o.cpu, so.cpus)) return usage_error("Invalid cpu list");
  if (!o.pid.empty() && !parse_number_list(o.pid, so.pids)) return usage_error("Invalid pid list");
  if (!o.tid.empty() && !parse_number_list(o.tid, so.tids)) return usage_error("Invalid tid list");
  for (const std::string& c : split_list(o.comms)) so.comms.insert(c);
  for (const std::string& c : split_list(o.symbols)) so.symbols.insert(c);

  // Script output is large: write it to a pipe or file in big chunks (a terminal keeps
  // stdio's line buffering).
  // (glibc ignores the size unless it is given the buffer; this one lives until exit.)
  static char out_buffer[1 << 20];
  if (!isatty(STDOUT_FILENO)) std::setvbuf(stdout, out_buffer, _IOFBF, sizeof out_buffer);
  try {
    PerfDataReader reader(o.input);
    name_events(reader);
    if (o.stitch_lbr && !check_stitch_lbr(reader, false)) return 1;
    if (o.stitch_lbr) so.stitch_lbr = lbr_stitch_size(reader);
    if (!so.event_switch.resolve(reader.attrs(), stderr)) return 254;
    if (std::string what = unsupported_field(reader, fields); !what.empty()) {
      std::fprintf(stderr, "cperf script: %s is not supported yet\n", what.c_str());
      return 1;
    }
    if (!so.cpus.empty()) {
      std::string err = check_cpu_option(reader, so.cpus);
      if (!err.empty()) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return 255;
      }
    }
    if (!o.time.empty())
      if (int rc = parse_time_option(o.time, reader, so.time_ranges); rc >= 0) return rc;
    if (o.header || o.header_only) print_header(stdout, reader, o.show_info || o.verbose > 0, true, /*script_names=*/true);
    if (o.header_only) return std::fflush(stdout) == 0 ? 0 : 1;
    ScriptTool tool(stdout, so, fields);
    tool.load_file_trace(reader);
    if (!reader.is_pipe() && !tool.load_clock(reader)) return 255;
    std::unique_ptr<DlFilter> dlfilter;
    if (!o.dlfilter.empty()) {
      dlfilter = DlFilter::open(o.dlfilter, o.dlargs);
      if (!dlfilter) return 255;
      tool.set_dlfilter(dlfilter.get());
    }
    std::unique_ptr<PythonEngine> engine;
    if (!o.script.empty()) {
      std::fflush(stdout);
      engine = PythonEngine::start(o.script, rest);
      if (!engine) return 255;
      tool.set_sink(engine.get());
    }
    DeferredCallchainMerger merger(tool);
    SessionTool* front = &tool;
    if (so.merge_callchains) {
      tool.set_merger(&merger);
      front = &merger;
    }
    SessionOptions session_options;
    session_options.ordered = !so.show_round && !o.dump_unsorted;  // perf delivers in file order then
    RawDumpOptions dump_options;
    dump_options.path_label = reader.is_pipe() ? "pipe" : o.input;
    dump_options.script_view = true;
    dump_options.unordered = o.dump_unsorted;
    dump_options.symfs = o.symfs;
    dump_options.kallsyms = o.kallsyms;
    RawDumpTool dump(stdout, dump_options);
    DumpThenScript dump_then_script(dump, *front);
    if (o.dump_raw || o.dump_unsorted) front = &dump_then_script;
    Session session(reader, session_options, *front);
    session.run();
    if (o.verbose > 0 && so.merge_callchains) {
      const DeferredMergerStats& st = merger.stats();
      std::fprintf(stderr,
                   "deferred callchains: %" PRIu64 " samples parked, %" PRIu64 " merged, %" PRIu64
                   " cookie mismatches, %" PRIu64 " flushed at end, %" PRIu64
                   " released early (memory bound), %" PRIu64 " records, %" PRIu64
                   " matched no sample\n",
                   st.parked, st.merged, st.mismatched, st.flushed, st.evicted, st.records,
                   st.records_unmatched);
    }
    if (engine) engine->finish();
    if (!tool.close_event_dumps(reader.attrs())) return 255;
    if (dlfilter && !dlfilter->stop()) return 255;
    if (so.debug_mode) std::fprintf(stderr, "Misordered timestamps: %" PRIu64 "\n", tool.misordered_samples());
    if (!tool.error().empty()) return tool.exit_status();
  } catch (const InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    return e.status();
  }
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) return 1;
  return 0;
}

}  // namespace cperf
