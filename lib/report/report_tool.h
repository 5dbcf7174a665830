// ReportTool: the SessionTool behind `cperf report` (histogram mode). It keeps a Machine up to
// date from side-band records, resolves each sample (ip and callchain) against it with the
// script symbol adapter, and adds it to the Hists of its event. print() writes perf report's
// --stdio text.
#pragma once
#include "trace/trace_events.h"
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <regex.h>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

#include "header/feature_text.h"
#include "base/huge_pages.h"
#include "hist/hists.h"
#include "machine/machine.h"
#include "report/hist_feeder.h"
#include "report/read_values.h"
#include "report/report_annotate.h"
#include "report/sample_data_type.h"
#include "report/value_pool.h"
#include "record/branch_history.h"
#include "report/block_cycles.h"
#include "report/block_report.h"
#include "record/lbr_callchain.h"
#include "record/sample_read.h"
#include "script/kernel_map_finder.h"
#include "script/symbols.h"
#include "script/time_ranges.h"
#include "session/deferred_merger.h"
#include "session/event_switch.h"
#include "session/session.h"
#include "unwind/sample_unwind.h"

namespace cperf {

// This machine's L1 data cache line size (perf's cacheline_size(): 64 when unknown).
uint64_t cacheline_size();

// perf's call-graph key (-g function|address|srcline): what makes two frames one.
enum class ChainKey { kFunction, kAddress, kSrcline };

struct ReportToolOptions {
  std::string symfs, kallsyms;
  DemangleOptions demangle;  // --no-demangle
  bool inline_frames = true;  // --no-inline: no "(inlined)" frames
  SrclineOptions srcline;  // --full-source-path, --addr2line-style
  UnwindStyle unwind_style = UnwindStyle::kLibdw;  // --unwind-style: how dwarf samples unwind
  HistOptions hist;
  EventSwitch event_switch;  // --switch-on/--switch-off/--show-on-off-events
  bool children = false;
  bool caller_order = false;  // -g caller / -G
  // The call-graph key; address and srcline also show each frame's source line after its name
  // (--branch-history implies address).
  ChainKey chain_key = ChainKey::kFunction;
  int max_stack = 127;
  // --branch-history: the sample's branches lead its call chain (record/branch_history.h),
  // whose frames compare by address and show their source lines
  bool branch_history = false;
  // -g ...,branch: the sample's branches lead its call chain as with --branch-history, the
  // frames keyed as -g says (perf's branch_callstack alone).
  bool branch_callstack = false;
  // ... and perf shows each call-graph frame's branch counts (the file has HEADER_BRANCH_STACK)
  bool branch_counts = false;
  uint64_t stitch_lbr = 0;  // --stitch-lbr: the LBR size perf stitches with (0: no stitching)
  bool quiet = false;
  bool raw_trace = false;  // --raw-trace: -s trace prints the fields as name=value
  // -v: dso columns show each dso's long name (its path; the kernel's [kernel.kallsyms]).
  bool verbose = false;
  // Filters; empty = all.
  std::set<std::string> comms, dsos, symbols;
  std::set<int32_t> pids, tids;
  std::set<uint32_t> cpus;
  // Each CPU's socket (HEADER_CPU_TOPOLOGY), for -s socket and --socket-filter; empty: unknown.
  std::vector<int32_t> cpu_sockets;
  // --time START,STOP in ns (0: open end); time_text is printed in the "# Samples" line.
  uint64_t time_start = 0, time_stop = 0;
  std::string time_text;
  // perf's other --time forms (percent slices, several ranges: diff); empty: none.
  TimeRanges time_ranges;
  // Latency: the recording's available CPUs bound the parallelism; --parallelism keeps only
  // samples taken at these levels (empty: all).
  uint32_t nr_cpus_avail = 0;
  std::set<int> parallelism;
  // Event groups (HEADER_GROUP_DESC) shown as one report each, members beside the leader
  // (perf's default; --no-group turns it off).
  std::vector<GroupDesc> groups;
  // --group/--no-group: without groups, the events make one "forced" group (perf's)
  bool force_group = false;
  bool group_view = true;
  // -p/--parent: what a parent function (-s parent) is, a POSIX extended regex; -x: only
  // entries with a parent are shown; -U/--hide-unresolved: samples without a symbol are dropped.
  std::string parent_pattern = "^sys_|^do_page_fault";
  bool exclude_other = false;
  bool hide_unresolved = false;
  // --ignore-callees: a POSIX extended regex; a call graph restarts at the last function it
  // matches (in the graph's order), which also becomes the sample's own location. Empty: none.
  std::string ignore_callees;
  // Branch mode (-b): an entry per taken branch of each sample's branch stack, keyed by its
  // target (and the branch keys), each counting 1.
  bool branch_mode = false;
  // --total-cycles (in branch mode): instead of each event's entries, perf's table of the
  // basic blocks the branches' cycles were spent in (report/block_report.h)
  bool total_cycles = false;
  // perf diff forgets a thread at its EXIT (report keeps it): a later sample of its tid
  // belongs to a new thread, named ":tid" until a COMM names it.
  bool forget_exited_threads = false;
  // -s time: sample times are cut to multiples of this (--time-quantum; perf's 100ms).
  uint64_t time_quantum = 100000000;
  // Sees each sample that goes into a histogram unfiltered, on the reading thread (its map
  // and symbol valid only then): annotate counts samples by address from it.
  std::function<void(int attr_index, const HistSample&)> on_sample;
  // Sees each symbol a sample hit that --symbols (annotate's symbol filter) drops, the other
  // filters passed: perf annotate deletes such a symbol from its dso.
  std::function<void(const Map&, const Symbol&)> on_symbol_dropped;
  // The browser's annotate view: count each sample at its address in its symbol.
  bool browser_annotations = false;
};

class ReportTool;
// Reads a whole file into the tool as diff and annotate do: the build-id table's dsos first,
// deferred user callchains merged, every record in time order. Returns what the session counted
// (for the loss warnings).
SessionStats read_file_into(ReportTool& tool, PerfDataReader& reader);

class ReportTool : public SessionTool {
 public:
  explicit ReportTool(ReportToolOptions opts);

  void set_merger(const DeferredCallchainMerger* m) { merger_ = m; }
  // Creates the dsos of the file's build-id table, in its order, before any event: perf does
  // so while reading the header, and the creation order decides how call-graph siblings of
  // different dsos compare (perf compares dso pointers).
  void prime_dsos(const PerfDataReader& reader);
  // -s type/typeoff/typecln: why cperf cannot make the report (a sample it cannot type);
  // empty: it can.
  std::string data_type_refusal() const { return data_types_ ? data_types_->refusal() : std::string(); }
  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;

  // Decided after the session (pipe-mode attrs arrive as records): print call graphs?
  void set_use_callchain(bool on) { opts_.hist.use_callchain = on; }
  uint64_t lost_samples() const { return lost_samples_; }
  const ReadValues& read_values() const { return read_values_; }  // report -T's table
  // The symbol look-ups of this run (annotate: a dso's objdump addresses).
  ScriptSymbols& symbols() { return symbols_; }
  const MapSet& kernel_maps() const { return machine_.kernel_maps(); }
  bool has_samples() const;  // any sample kept (filtered ones included)  // PERF_RECORD_LOST_SAMPLES' sum
  // The histogram of the event at attr_index after the run; nullptr: no sample came for it.
  Hists* hists_of(int attr_index);
  // Writes the report for every event with samples.
  void print(std::FILE* out, Session& s);
  // The interactive browser (a terminal) on the first report; returns the exit status.
  int browse(Session& s);

 private:
  struct Section {
    Hists* hists = nullptr;
    std::string event;     // the event's name, or "anon group { a, b }"
    bool plural = false;   // a group leader: "of events"
    int attr = 0;          // the (leader's) attr index
    uint64_t freq = 0;     // its attr's sample_freq/sample_period field
    uint64_t samples = 0, period = 0;
    std::string samples_text() const;
  };
  std::vector<Section> sections(Session& s);
  struct Resolved {
    const Map* map = nullptr;
    const Symbol* sym = nullptr;
    const InlineChain* chain = nullptr;  // perf 7.2's lines for a callchain entry; nullptr: sym
    const SymbolTable* symbols = nullptr;  // the map's symbols (HistSample::symbols)
    uint64_t addr = 0;
  };
  static constexpr FrameId kNoFrame = UINT32_MAX;
  struct ChainEntry {
    Resolved r;
    uint64_t ip = 0;
    FrameId frame = kNoFrame;  // its frame, when made already (entries without inline lines)
    uint8_t cpumode = PERF_RECORD_MISC_USER;  // its context's
    BranchCounts branch;  // --branch-history: what it counts for the branch columns
    ChainBranchInfo binfo;  // ... and the frame as a branch (branch_counts)
  };
  void on_sample(Event& ev, Session& s);
  // --time: the sample's time is outside the span(s) asked for.
  bool outside_time(uint64_t time) const {
    return (opts_.time_start && time < opts_.time_start) || (opts_.time_stop && time > opts_.time_stop) ||
           (!opts_.time_ranges.empty() && opts_.time_ranges.skip(time));
  }
  // Adds one sample to the histogram of attr_index (a sample read of a group gives several).
  void add_sample(Event& ev, Session& s, DecodedSample& ds, int attr_index);
  Resolved resolve(const Thread& t, uint8_t cpumode, uint64_t ip) { return resolve_slot(t, cpumode, ip).r; }
  struct ResolveMemo;
  // The memo entry of the address, filled if it was not there.
  ResolveMemo& resolve_slot(const Thread& t, uint8_t cpumode, uint64_t ip);
  Resolved resolve_uncached(const Thread& t, uint8_t cpumode, uint64_t ip);
  Resolved resolve_in(const Map* map, uint64_t ip);  // map: the one holding ip, or nullptr
  // inline_name: the frame is that inlined function's line of the entry (perf's "(inlined)");
  // inline_srcline: that line's source line.
  FrameId make_frame(const Resolved& r, uint64_t ip, const std::string* inline_name = nullptr,
                     const std::string* inline_srcline = nullptr);
  // The callchain entries as frames: one per line perf 7.2 prints for each (inline_chain).
  void expand_entries();
  uint32_t dso_order(const Dso* d);
  // The pooled texts entries are keyed by (one Text per distinct string).
  Text dso_name(const Dso* d);
  Text comm_text(const Thread& t);
  // perf's srcline of an entry; frame_ip: a callchain frame's (absolute) address.
  std::string srcline_of(const Resolved& r, const uint64_t* frame_ip = nullptr, bool show_sym = true);
  void add_block_branch(const HistSample& hs, const Resolved& source, uint64_t from, const Resolved& target,
                        uint64_t to, uint32_t cycles, int attr_index);
  std::string frame_line(const Resolved& r);
  std::vector<BranchHistoryFrame> bh_frames_;
  std::vector<BranchCounts> path_branch_;  // per path_ frame, then suffix sums (n + 1)
  std::vector<ChainBranchInfo> path_binfo_;  // per path_ frame (branch_counts)
  bool path_has_branch_ = false;
  Hists& hists_for(int attr_index);
  Text find_parent();
  // --ignore-callees: drops the entries before the last one matching, which it returns
  // (nullptr: none matched).
  const ChainEntry* cut_ignored_callees();
  // The sample's location fields of hs (map, dso, symbol, level, address, srcline).
  void set_location(HistSample& hs, const Resolved& al, uint8_t cpumode);

  ReportToolOptions opts_;
  std::vector<LbrFrame> lbr_frames_;  // an LBR sample's frames (record/lbr_callchain.h)
  LbrStitcher lbr_stitcher_{opts_.stitch_lbr};
  Machine machine_;
  ScriptSymbols symbols_;
  const std::string kernel_data_ = kernel_data_name(opts_.kallsyms);  // the kernel's long name
  std::unique_ptr<ReportAnnotations> annotations_;  // browser_annotations
  const DeferredCallchainMerger* merger_ = nullptr;
  std::unordered_map<int, std::unique_ptr<Hists>> hists_;
  std::unordered_map<const Dso*, uint32_t> dso_order_;
  std::unordered_map<const Dso*, Text> dso_names_;
  // PERF_RECORD_CGROUP paths by id (-s cgroup). A sample's id gets its node at once, named
  // "unknown" until a CGROUP record names it: perf looks the name up at print time.
  std::unordered_map<uint64_t, std::string> cgroup_names_;
  // Each thread's cgroup namespace (dev, inode) from its last NAMESPACES record (-s cgroup_id).
  static constexpr size_t kCgroupNsIndex = 6;  // perf's CGROUP_NS_INDEX
  std::unordered_map<int32_t, std::pair<uint64_t, uint64_t>> cgroup_ns_;
  // -s trace: the file's tracepoint formats, loaded on the first tracepoint sample.
  TraceEvents trace_;
  bool trace_tried_ = false;
  std::string trace_text_;
  bool sorts_by_trace() const;
  Text trace_output(Session& s, const perf_event_attr& attr, const DecodedSample& ds);
  std::pair<const Dso*, Text> last_dso_name_{nullptr, Text()};
  struct CommMemo {
    const Thread* thread = nullptr;
    uint64_t gen = 0;
    Text text;
  };
  CommMemo comm_memo_;
  std::pair<const Dso*, uint32_t> order_memo_[2] = {{nullptr, 0}, {nullptr, 0}};
  KernelMapFinder kernel_maps_{machine_, symbols_};
  uint64_t lost_samples_ = 0;
  ReadValues read_values_;
  SampleReadSplitter read_splitter_;  // samples of the S modifier, split per counter
  // Threads running now, after the context switches so far (perf's machine parallelism: it
  // starts at 1, as nothing switches the first thread in).
  int running_ = 1;
  SampleUnwinder unwinder_{opts_.symfs};  // --call-graph dwarf samples
  bool want_parent_ = false;  // -s parent
  // perf's parent pattern, compiled (-p); freed by the deleter.
  std::unique_ptr<regex_t, void (*)(regex_t*)> parent_re_{nullptr, [](regex_t* r) { regfree(r); delete r; }};
  std::unique_ptr<regex_t, void (*)(regex_t*)> ignore_re_{nullptr, [](regex_t* r) { regfree(r); delete r; }};
  bool want_srcline_ = false;  // -s srcline
  bool want_srcfile_ = false;  // -s srcfile
  std::unique_ptr<SampleDataTypes> data_types_;  // -s type, typeoff, typecln
  bool want_branch_srclines_ = false;  // -s srcline_from/srcline_to
  uint64_t cacheline_size_ = cacheline_size();  // -s dcacheline: this machine's, as perf
  bool want_values_ = false;   // a key of the sample's own values (HistSample::values)
  ValuePool<SampleValues, SampleValuesHash> sample_values_;
  const SampleValues* make_values(const Thread& t, const DecodedSample& ds, const Resolved& al);
  // --mem-mode: each sample's data side (HistSample::mem), kept while the entries live.
  ValuePool<MemInfo, MemInfoHash> mem_infos_;
  const MemInfo* make_mem_info(const Thread& t, uint8_t cpumode, const DecodedSample& ds, const Resolved& code);
  Text srcfile_of(const Resolved& r);
  // Branch mode: the sample's taken branches as entries.
  void add_branches(Session& s, const DecodedSample& ds, const Thread& t, HistSample& hs, uint8_t cpumode,
                    int attr_index, bool filtered);
  Resolved branch_end(const Thread& t, uint64_t addr, char& level);
  ResolvedAddr resolved_addr(const Resolved& r, uint64_t addr);  // r: addr looked up
  ValuePool<BranchInfo, BranchInfoHash> branch_infos_;
  std::unordered_map<int, uint64_t> branch_samples_;  // samples per event (entries count branches)
  // --total-cycles: the blocks' cycles (all events) and each event's table
  BlockCycles block_cycles_;
  std::unordered_map<int, BlockReport> block_reports_;
  std::vector<BlockBranch> block_branches_;  // the sample's branches (scratch)
  int nonany_branches_ = -1;  // the file's branch filter is not "any" (-1: not looked at yet)
  static uint64_t map_size(const Map& m, const SymbolTable* symbols);
  // perf's default ":<tid>" comm of threads sampled before their first COMM, renamed once by it.
  struct DefaultComm {
    std::string name;
    bool renamed = false;
  };
  std::unordered_map<const Thread*, std::unique_ptr<DefaultComm>> default_comms_;
  struct ResolveMemo {
    const void* maps = nullptr;
    uint64_t ip = 0, gen = ~uint64_t{0};
    uint8_t cpumode = 0;
    FrameId frame = kNoFrame;  // make_frame(r, ip), once asked for (r without inline lines)
    Resolved r;
  };
  static constexpr size_t kResolveMemo = 1 << 12;  // index: the top 12 bits of a hash
  std::unique_ptr<ResolveMemo[]> resolve_memo_ = std::make_unique<ResolveMemo[]>(kResolveMemo);
  // User addresses by what they resolve in, across processes: the many short processes of a
  // build run the same binaries, and each one misses resolve_memo_ (keyed by its own maps).
  // What an address resolves to depends only on its dso and place in it, and so does its
  // frame where frames carry no map (frames_across_maps_); the ip is kept for the frame's own.
  struct DsoAddrMemo {
    const Dso* dso = nullptr;
    uint64_t addr = 0, ip = 0;
    const Symbol* sym = nullptr;
    const InlineChain* chain = nullptr;
    const SymbolTable* symbols = nullptr;
    FrameId frame = kNoFrame;
  };
  static constexpr unsigned kDsoAddrMemoBits = 17;
  LargeArray<DsoAddrMemo> dso_addr_memo_;
  bool frames_across_maps_ = false;
  DsoAddrMemo& dso_addr_slot(const Dso* dso, uint64_t addr, uint64_t ip);
  struct RecentMaps {
    const MapSet* maps = nullptr;
    uint64_t gen = 0;
    const Map* found[2] = {nullptr, nullptr};
  };
  RecentMaps recent_maps_;
  // maps.find(ip), through recent_maps_ (gen: resolve_slot's, changed by every side-band record).
  const Map* find_user_map(const MapSet& maps, uint64_t gen, uint64_t ip);
  // m's frame (made once; shared through dso_addr_memo_ where frames carry no map).
  FrameId memo_frame(ResolveMemo& m, uint64_t ip);
  uint64_t side_band_gen_ = 0;
  std::vector<ChainEntry> entries_;
  ChainStore chains_;  // the frames and call-path trees of every histogram
  std::vector<FrameId> path_;  // this sample's callchain, as frames
  ChainFrame frame_;  // make_frame's scratch
  StringPool pool_;  // the frames' names (pooled: frames are many, names few)
  // A symbol's (or inline line's) name -> its pooled name and "name (inlined)".
  std::unordered_map<const std::string*, std::pair<Text, Text>> names_;
  // Adds samples to hists_ on the other core, and makes their call-path appends on a third
  // thread; declared last, so they stop before anything they touch goes
  // away (the feeder first: it hands work to the appender). Drained (const too) before the
  // histograms are read.
  mutable ChainAppender appender_{std::thread::hardware_concurrency() > 1};
  mutable HistFeeder feeder_{std::thread::hardware_concurrency() > 1};
  void drain() const {
    feeder_.drain();
    appender_.drain();
  }
};

}  // namespace cperf
