// ScriptTool: the SessionTool behind `cperf script`. It keeps a Machine up to date from the
// side-band records, resolves sample callchains against it (ScriptSymbols) and prints every
// sample in upstream perf script's text format; with merging off it also prints each
// CALLCHAIN_DEFERRED record as a "DEFERRED CALLCHAIN [cookie: X]" entry.
//
// When a DeferredCallchainMerger feeds it, the merger's state() tells how a parked sample was
// delivered (merged, cookie mismatch, flushed at the end).
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <optional>
#include <set>

#include "session/event_switch.h"
#include <string>
#include <vector>

#include "format/branch_flags.h"
#include "io/text_line.h"
#include "machine/machine.h"
#include "record/lbr_callchain.h"
#include "record/sample.h"
#include "record/sample_read.h"
#include "record/side_band.h"
#include "script/field_set.h"
#include "script/stat_counts.h"
#include "script/frame_text_cache.h"
#include "script/insn_fetch.h"
#include "script/kernel_map_finder.h"
#include "script/source_lines.h"
#include "script/symbols.h"
#include "script/time_ranges.h"
#include "scripting/dlfilter.h"
#include "scripting/sample_sink.h"
#include "session/deferred_merger.h"
#include "record/sample_read.h"
#include "session/session.h"
#include "trace/trace_events.h"
#include "unwind/sample_unwind.h"

namespace cperf {

struct ScriptOptions {
  std::string symfs, kallsyms;
  DemangleOptions demangle;  // --no-demangle
  bool inline_frames = true;  // --no-inline: no "(inlined)" lines
  SrclineOptions srcline;  // --full-source-path (script has no --addr2line-style)
  UnwindStyle unwind_style = UnwindStyle::kLibdw;  // --unwind-style: how dwarf samples unwind
  bool merge_callchains = true;
  bool hide_call_graph = false;
  int max_stack = 127;
  int max_blocks = 0;  // --max-blocks: brstackinsn shows at most this many blocks (0: all)
  uint64_t stitch_lbr = 0;  // --stitch-lbr: the LBR size perf stitches with (0: no stitching)
  bool ns = false;
  // --reltime: times from the first event's (non-zero) time; --deltatime: from the previous one.
  bool reltime = false, deltatime = false;
  bool show_task = false, show_mmap = false, show_switch = false, show_lost = false;
  bool show_namespaces = false;
  // --show-round-events: FINISHED_ROUND records are printed where they are in the file (perf
  // then also delivers every record unsorted, in file order).
  bool show_round = false;
  // --show-cgroup-events, --show-bpf-events (KSYMBOL, BPF_EVENT), --show-text-poke-events.
  bool show_cgroup = false, show_bpf = false, show_text_poke = false;
  // Filters; empty = all.
  TimeRanges time_ranges;
  std::set<uint32_t> cpus;
  std::set<int32_t> pids, tids;
  std::set<std::string> comms, symbols;
  std::set<std::string> dsos;  // --dsos: a sample's dso, by short or long name
  // --per-event-dump: each event's samples go to INPUT.EVENT.dump (other records to stdout).
  bool per_event_dump = false;
  std::string input_path;
  EventSwitch event_switch;  // --switch-on/--switch-off/--show-on-off-events
  // -L/--Latency: perf's latency format (comm in 8 columns, CPU as a plain number).
  bool latency_format = false;
  // -d/--debug-mode: samples are not printed, only checked for time order (stderr).
  bool debug_mode = false;
  // --stop-bt: a call chain's printing stops after a frame in one of these functions.
  std::set<std::string> stop_bt;
  // --graph-function: only samples at calls into these functions (and below) are printed;
  // samples without branch flags (all of a file without instruction trace) never are.
  bool graph_function = false;
  // -D: the thread and dso lines of perf's dump, printed where perf's script resolves a sample
  // (a deferred sample once merged; a CALLCHAIN_DEFERRED record unmerged).
  bool dump = false;
  // --show-kernel-path: every dso printed by its path (the kernel's: [kernel.kallsyms]).
  bool show_kernel_path = false;
};

class ScriptTool : public SessionTool, private DlFilterHost {
 public:
  ScriptTool(std::FILE* out, ScriptOptions opts, FieldSet fields);

  void set_merger(const DeferredCallchainMerger* m) { merger_ = m; }
  // cperf script -s: samples go to the sink (unprinted, without the field checks); with
  // merging off, CALLCHAIN_DEFERRED records are still printed, as perf does.
  void set_sink(SampleSink* sink) { sink_ = sink; }
  // --dlfilter: samples it drops are neither printed nor handed to a sink.
  void set_dlfilter(DlFilter* f) { dlfilter_ = f; }
  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;

  // --per-event-dump: makes the files of events that had no sample, closes them all and prints
  // perf's "[ perf script: Wrote ... ]" line for each. Returns false if one could not be made.
  bool close_event_dumps(const std::vector<EventAttrEntry>& attrs);
  uint64_t samples_printed() const { return samples_printed_; }
  uint64_t misordered_samples() const { return misordered_; }  // -d
  uint64_t deferred_printed() const { return deferred_printed_; }
  // Parses the file's HEADER_TRACING_DATA section, as perf does when it opens the file, so
  // that a damaged section fails before any sample is processed. No-op for pipes.
  void load_file_trace(const PerfDataReader& reader);
  // HEADER_CLOCK_DATA, for -F tod: false (after perf's error on stderr) when a type present
  // in the file prints tod and the file has no clock data.
  bool load_clock(const PerfDataReader& reader);
  const std::string& error() const { return error_; }
  // The exit status for error(): 255, or 234 when a pipe's ATTR record failed the field check.
  int exit_status() const { return exit_status_; }

 private:
  struct Frame {
    uint64_t ip;
    const Map* map;
  };
  void on_sample(Event& ev, Session& s);
  // Handles one sample as the event of attr_index (a sample read of a group gives several).
  void deliver_sample(Event& ev, Session& s, DecodedSample& ds, int attr_index);
  void on_deferred(Event& ev, Session& s);
  void on_side_band(Event& ev, Session& s);
  void to_sink(const Event& ev, const SideBand& sb, Session& s);
  bool check_fields(int attr_index, Session& s);
  void check_pipe_attr(const RawRecord& rec, Session& s);
  void on_stat_record(const RawRecord& rec, Session& s);
  bool filtered(uint32_t cpu, uint64_t time, const Thread& t) const;
  // "sym+0xoff" of a kernel address (TEXT_POKE's), or "" when the kernel map has no symbol.
  std::string kernel_symbol_offset(uint64_t addr);
  void print_start(TextLine& out, const Thread& t, int32_t pid, uint32_t tid, uint32_t cpu,
                   uint64_t time, int type, bool callchain_style, uint32_t rec_type, uint16_t misc);
  static void print_misc(TextLine& out, uint32_t rec_type, uint16_t misc);
  // Resolves chain entries into frames (perf's thread__resolve_callchain_sample).
  void resolve_chain(const Thread& t, const U64Array& chain, std::vector<Frame>& out);
  // A sample's chain: an LBR call stack's as perf builds it (record/lbr_callchain.h), else
  // resolve_chain's. `stitch`: --stitch-lbr applies (perf stitches the samples it prints, not
  // those it hands to a script).
  void resolve_sample_chain(const Thread& t, const perf_event_attr& attr, const DecodedSample& ds,
                            bool swapped, bool stitch, std::vector<Frame>& out);
  Frame chain_frame(const Thread& t, uint64_t ip, uint8_t cpumode);
  // --stop-bt: the frame is in one of its functions.
  bool stops_backtrace(const Frame& f);
  void print_frames(TextLine& out, const std::vector<Frame>& frames, int type, bool deferred,
                    uint64_t cookie);
  // inline_name: print "NAME+off (inlined)" (off from the symbol's start) instead of the
  // symbol and its dso, as perf does for the inlined lines of a callchain entry.
  void print_symbol(TextLine& out, const Map* map, uint64_t ip, bool dso_field, bool symoff,
                    const std::string* inline_name = nullptr);
  // perf 7.2's inline lines of a callchain entry, or nullptr for a single plain line.
  const InlineChain* inline_chain(const Map* map, uint64_t ip);
  // " (dso)", or with dsoff " (dso+0xOFFSET)" (addr: the address in the map) for dsos that
  // are object files (not the kernel's kallsyms).
  void put_dso(TextLine& out, const Map* map, bool dsoff = false, uint64_t addr = 0) const;
  // perf's map__fprintf_srcline: "\n  file.c:23", or "\n  dso[objdump address]" when the
  // dso has no line for ip; nothing without a map. known: the srcline an inline line has.
  // prefix: what goes before the line (brstackinsn's "\t", " srcline: ").
  void put_srcline(TextLine& out, const Map* map, uint64_t ip, const std::string* known,
                   const char* prefix = "\n  ");
  size_t name_width(Session& s);
  // Tracepoint fields (-F trace): formats from HEADER_TRACING_DATA (file) or the
  // HEADER_TRACING_DATA record (pipe); a malformed blob is a fatal InputError.
  void load_trace(Bytes blob, std::optional<uint64_t> file_offset, const std::string& path);
  void print_trace(TextLine& out, const perf_event_attr& attr, const DecodedSample& ds, Session& s);
  // -F brstack / brstacksym (script_brstack.cpp): each branch entry as "from/to/flags".
  void print_brstack(TextLine& out, const Thread& t, uint8_t cpumode, const DecodedSample& ds,
                     int type, bool swap);
  // script_fields.cpp: the memory sample fields (data_src, weight, ins_lat, retire_lat,
  // cgroup) perf prints between addr and ip, the ones after the branch stack (bpf-output,
  // phys_addr, page sizes), and tod in print_start.
  void print_mem_fields(TextLine& out, const DecodedSample& ds, int type);
  void print_tail_fields(TextLine& out, const perf_event_attr& attr, const DecodedSample& ds,
                         int type, const Map* map, const Thread& t, Session& s);
  // -F srccode (script_srccode.cpp): "|LINE     TEXT", the source line of ip, unless it is the
  // line last shown for the thread (perf's srccode state). Returns whether it printed (the
  // caller ends the line).
  bool put_srccode(TextLine& out, const Map* map, uint64_t ip, const Thread& t);
  // -F brstackinsn / brstackinsnlen / brstackdisasm (script_brstackinsn.cpp): the code of
  // the branch stack's blocks, read from the dso files.
  struct BlockWalk;
  void print_brstackinsn(TextLine& out, const Thread& t, const perf_event_attr& attr,
                         const DecodedSample& ds, int type, bool swap);
  const Map* walk_map(const BlockWalk& w, uint64_t addr);
  int read_block(BlockWalk& w, uint64_t start, uint64_t end);
  void walk_symbol(TextLine& out, BlockWalk& w, uint64_t addr);
  void walk_srccode(TextLine& out, BlockWalk& w, uint64_t ip);
  int walk_insn(TextLine& out, BlockWalk& w, uint64_t ip, const uint8_t* code, int size);
  void walk_jump(TextLine& out, BlockWalk& w, uint64_t ip, const BranchFlags& f,
                 const uint8_t* code, int size, int insns);
  // -F insn / insnlen: the sample's instruction bytes as perf reads them (insn_fetch.h).
  void print_insn(TextLine& out, const DecodedSample& ds, int type, const Map* map, Session& s);
  // The instruction at ip in map (none for the kernel, an unreadable file, or !native).
  InsnBytes fetch_insn(uint64_t ip, const Map* map, bool native);
  void put_tod(TextLine& out, uint64_t time);
  static void put_bpf_output(TextLine& out, Bytes raw);
  const Map* find_map_fb(const Thread& t, uint8_t cpumode, uint64_t addr);
  // -F iregs / uregs (script_regs.cpp): the machine that names a thread's registers, and
  // one register block.
  uint16_t thread_e_machine(Thread& t);
  static void print_regs(TextLine& out, const RegsDump& regs, uint16_t e_machine);
  // script_sample_fill.cpp: a sample as a ScriptSample for sink_.
  void emit_sample(const EventAttrEntry& e, const DecodedSample& ds, uint16_t misc,
                   const Thread& t, const Map* map, Session& s);
  void emit_db_sample(const EventAttrEntry& e, int attr_index, const DecodedSample& ds,
                      uint16_t misc, Thread& t, const Map* map, Session& s);
  ScriptLocation locate(const Map* map, uint64_t ip);
  // perf's dso__bid of the map's dso, as hex ("" when unknown).
  std::string build_id_hex(const Map* map);
  // script_dlfilter.cpp
  bool dlfilter_drops(const EventAttrEntry& e, const DecodedSample& ds, uint16_t misc,
                      const Thread& t, const Map* map, bool early);
  void fill_al(const Map* map, uint64_t ip, bool kernel, dlfilter_abi::AddrLocation& al,
               std::vector<uint8_t>& bid_store);
  const dlfilter_abi::AddrLocation* resolve_ip() override;
  std::string_view insn() override;
  bool resolve_address(uint64_t address, dlfilter_abi::AddrLocation& al) override;
  perf_event_attr* attr() override;
  void append_frames(const Frame& f, std::vector<ScriptFrame>& out);
  // Kernel-mode map lookup. Like perf, loading the kernel symbols (on the first hit in the
  // core kernel map) stretches that map to cover [first symbol, last symbol end).

  std::FILE* out_;
  // Where an event's samples go: out_, or with --per-event-dump its own file (opened on first use).
  std::FILE* sample_out(int attr_index, const std::vector<EventAttrEntry>& attrs, bool count = true);
  std::vector<std::FILE*> event_out_;
  std::vector<uint64_t> event_samples_;
  bool event_out_failed_ = false;
  ScriptOptions opts_;
  uint64_t initial_time_ = 0, previous_time_ = 0;  // --reltime, --deltatime
  FieldSet fields_;
  Machine machine_;
  ScriptSymbols symbols_;
  const std::string kernel_data_ = kernel_data_name(opts_.kallsyms);  // the kernel's long name
  InsnFetcher insn_;
  SourceLines source_lines_;  // -F srccode
  struct ShownLine {
    std::string file;
    int line = 0;
  };
  std::map<uint64_t, ShownLine> srccode_shown_;  // by Thread::serial
  std::optional<bool> native_arch_;  // the recording's architecture is this machine's
  const DeferredCallchainMerger* merger_ = nullptr;
  SampleSink* sink_ = nullptr;
  DlFilter* dlfilter_ = nullptr;
  struct DlFilterCall {  // the sample the dlfilter is looking at
    dlfilter_abi::Sample sample{};
    std::vector<uint64_t> chain;
    perf_event_attr attr_copy{};
    perf_event_attr* attr = nullptr;
    const Thread* thread = nullptr;
    const Map* map = nullptr;
    bool ip_resolved = false, filtered = false;
    dlfilter_abi::AddrLocation ip_al{};
    std::vector<uint8_t> ip_bid, addr_bid;
    InsnBytes insn;  // the last insn() answer
  } dl_;
  size_t name_width_ = 0;
  KernelMapFinder kernel_maps_{machine_, symbols_};
  std::vector<Frame> frames_;
  std::vector<LbrFrame> lbr_frames_;
  LbrStitcher lbr_stitcher_{opts_.stitch_lbr};
  TraceEvents trace_;
  bool trace_tried_ = false;
  std::string trace_text_;
  SampleUnwinder unwinder_{opts_.symfs};  // --call-graph dwarf samples
  StatCounts stat_{out_};                 // perf stat record files
  FrameTextCache frame_text_;
  uint64_t samples_printed_ = 0, deferred_printed_ = 0;
  uint64_t misordered_ = 0, last_sample_time_ = 0;  // -d
  SampleReadSplitter read_splitter_;  // samples of the S modifier, split per counter
  std::string error_;
  int exit_status_ = 255;
  // -F data_src pads to the longest value printed so far, as perf does.
  size_t data_src_width_ = 0;
  bool dsoff_ = false;  // the type being printed has -F dsoff
  std::map<uint64_t, std::string> cgroups_;  // PERF_RECORD_CGROUP: id -> path (first wins)
  struct ClockData {
    uint64_t tod_ns = 0, clockid_ns = 0;
  };
  std::optional<ClockData> clock_;
};

}  // namespace cperf
