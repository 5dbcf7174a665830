// Hists: perf report's histogram of one event — entries keyed by the sort keys (comm, dso,
// symbol, ...), each with its own ("self") period, the period it accumulates from its callees
// in --children mode, its sample counts and call-path tree — and the stdio printer that renders
// them as upstream `perf report --stdio` does.
//
// Usage: add() every resolved sample, then print(). Entries live in red-black trees built the
// way perf builds them (see rbtree.h): an input tree ordered by the sort keys' compare
// functions, then an output tree ordered by overhead (children first in --children mode,
// callers above callees on equal periods), then the keys' sort functions; ties keep the input
// tree order.
#pragma once
#include <array>
#include <cstdint>
#include <cstdio>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/object_arena.h"
#include "format/branch_flags.h"
#include "hist/branch_stats.h"
#include "hist/callchain_tree.h"
#include "hist/mem_stat.h"
#include "hist/chain_appender.h"
#include "hist/branch_counts.h"
#include "hist/entry_index.h"
#include "hist/rbtree.h"

namespace cperf {

// perf's -s keys. kPeriod is one of perf's output fields used as a key: it orders entries
// but never keeps two apart.
// kParallelism: how many threads ran when the sample was taken (--latency recordings).
// kIpcNull: the "IPC [IPC Coverage]" column perf 7.2 adds for the key spelt "symbol" (its
// values without branch data: "-").
// kSocket: the processor socket of the sample's CPU (the file's CPU topology).
enum class SortKey {
  kComm, kDso, kSym, kPid, kCpu, kPeriod, kParent, kSrcline, kParallelism, kIpcNull, kSocket, kCgroup, kTrace,
  // --branch-history's columns (callchain_branch_*): the branch counts of the entry's call graph
  kBranchPredicted, kBranchAbort, kBranchCycles,
  // Keys of the sample's own values (hist/sample_keys.cpp): weights and latencies (local: per
  // sample; the others: times the entry's samples), addresses, times, sizes.
  kWeight, kLocalWeight, kInsLat, kLocalInsLat, kPStageCyc, kLocalPStageCyc, kRetireLat, kLocalRetireLat,
  kAddr, kTime, kCodePageSize, kSimd, kTransaction, kDsoSize, kSymSize, kSymOff, kTgid, kCommNoDigit,
  kCgroupId, kSrcfile,
  // --mem-mode's keys: the data source's parts and the data address's symbol and dso.
  kMem, kSnoop, kTlb, kLocked, kBlocked, kSymDaddr, kDsoDaddr, kSymIaddr, kPhysDaddr, kDataPageSize,
  // Branch mode's keys: each taken branch's source and target, and its flags.
  kDsoFrom, kDsoTo, kSymFrom, kSymTo, kCycles, kMispredict, kInTx, kAbort, kAddrFrom, kAddrTo, kSrclineFrom,
  kSrclineTo,
  // --mem-mode's data cache line (after the branch keys: added later)
  kDcacheline,
  // data-type profiling: the type of the sample's memory access, with its offset, or its
  // cache line in the type (perf's type, typeoff, typecln)
  kType, kTypeOffset, kTypeCacheline,
};
constexpr int kSortKeys = static_cast<int>(SortKey::kTypeCacheline) + 1;
// Keys that sample_keys.cpp handles (all from kWeight on).
inline bool is_sample_key(SortKey k) { return k >= SortKey::kWeight; }

// One column of perf's output list (its hpp formats): a number column or a sort key.
struct OutputField {
  // kLatency(Children): the wall-clock share, each sample's period divided by the number of
  // threads running then (perf's latency and latency_children).
  // kGuestSys/Usr: the self period of guest kernel/user samples; kWeight1-3: the average of
  // the samples' weight, ins_lat and pipeline-stage weight (perf's weight1-3).
  enum Kind {
    kChildren, kSelf, kSys, kUsr, kSamples, kPeriod, kLatency, kLatencyChildren, kKey,
    kGuestSys, kGuestUsr, kWeight1, kWeight2, kWeight3,
    // --mem-mode's memory statistics (hist/mem_stat.h): -F op, cache, memory, snoop, dtlb
    kMemOp, kMemCache, kMemMemory, kMemSnoop, kMemDtlb
  };
  static constexpr int kKinds = kMemDtlb + 1;
  bool is_mem_stat() const { return kind >= kMemOp && kind <= kMemDtlb; }
  Kind kind = kKey;
  SortKey key = SortKey::kComm;
  bool operator==(const OutputField&) const = default;
};

enum class ChainMode { kGraph, kFractal, kFlat, kFolded, kNone };

enum class ChainValue { kPercent, kPeriod, kCount };

enum class LatencyNames { kX86, kPowerpc, kOther };

struct HistOptions {
  std::vector<SortKey> sort{SortKey::kComm, SortKey::kDso, SortKey::kSym};
  bool sort_starts_with_sym = false;  // the -s string starts with "sym" (perf hides a frame)
  bool use_callchain = false;
  bool children = false;       // --children: accumulate callees' periods into callers
  bool caller_order = false;   // paths are given caller first (-g caller, children default)
  ChainMode mode = ChainMode::kGraph;
  // What call-graph lines give (perf's callchain value): their percentage, period (-g period)
  // or sample count (-g count).
  ChainValue chain_value = ChainValue::kPercent;
  // -g's second number (perf's print_limit): at most this many branches per call-graph level,
  // or chains in flat/folded mode; 0: all.
  uint32_t chain_print_limit = 0;
  double chain_min_percent = 0.5;
  double percent_limit = 0;
  bool filter_relative = false;  // --percentage relative: percents of the non-filtered total
  // Columns hidden because a filter allows one value only (-S x, -d x, -c x; perf's elide).
  bool elide_comm = false, elide_dso = false, elide_sym = false;
  bool dso_filter = false;  // --dsos given (perf then leaves an unresolved entry's dso column be)
  // -v: the Symbol column starts with the address and the symbol-origin letter.
  bool verbose = false;
  // --symbol-filter: only entries whose symbol name holds this text are shown.
  std::string symbol_filter;
  // --socket-filter: only entries whose (first) sample's socket is this one; -1: all.
  int socket_filter = -1;
  bool show_nr_samples = false;
  bool show_cpu_utilization = false;  // --showcpuutilization: sys and usr columns
  bool show_total_period = false;
  // --hierarchy: one level per sort key, each entry holding the entries below it.
  bool hierarchy = false;
  // A pipe's --hierarchy keeps the Children column it set up before knowing the stream has no
  // accumulation, and prints N/A in it (as perf does).
  bool children_na = false;
  // Latency columns (a recording with context switches): beside the overhead ones, or first
  // and sorting (--latency, prefer). latency_key: `-s latency`, the only number column.
  bool latency = false, prefer_latency = false, latency_key = false;
  // -F/--fields: the columns in order, and the output sort order (perf appends the -s keys to
  // the columns and the columns to the sort keys). Empty: perf's default layout and order.
  std::vector<OutputField> fields, sort_fields;
  bool fields_from_sort = false;  // `fields` are -s's number columns, not -F's (perf's "Self")
  // -t/--field-separator: columns joined by this text instead of padded apart (numbers in no
  // fixed width, every column but the last still filled to its width), the separator's first
  // character written as '.' inside key texts, folded call chains joined by it. Empty: none.
  std::string field_sep;
  // --stdio-color (or a terminal): percentages coloured as perf colours them (hist/
  // percent_color.h); the entry columns only without -t, call-graph percentages always.
  bool color = false;
  // -w/--column-widths: widths for the columns of perf's output list in order, elided keys
  // included (0: the column's own). A key is cut to its width, a number column is at least
  // as wide as its header.
  std::vector<int> user_widths;
  bool nanosecs = false;  // --ns: -s time shows nanoseconds
  // The recording's architecture names the latency keys' columns (perf 7.2 renames them for
  // x86 and powerpc files).
  LatencyNames latency_names = LatencyNames::kX86;
  // --mem-mode: the header's total weight and sort order lines replace the event count.
  bool mem_mode = false;
  std::string sort_order_text;
  // -F names a memory-statistics column: entries count their weights by data source.
  bool mem_stats = false;
  // --group-sort-idx N (group view): the percent columns sort by member N first (0: the
  // leader, then each member in turn).
  int group_sort_idx = 0;
  // perf diff's collapse: symbols compare by name (entries of equal names are one, the first
  // by address; so are entries without a symbol), as far as the other keys allow.
  bool collapse_sym_names = false;
};

// An address resolved for a histogram key: its map's dso and its symbol (perf's
// addr_map_symbol). Branch ends and memory accesses' data addresses are such.
struct ResolvedAddr {
  uint64_t addr = 0;         // as recorded
  uint64_t addr_in_map = 0;  // relative to its map (a symbol's offset)
  bool has_map = false, has_sym = false, sym_is_object = false;
  char level = '.';          // a branch end's own: where it resolved ('H': nowhere)
  Text dso, sym;             // the dso's short name; the symbol's name
  uint64_t sym_start = 0, sym_end = 0;
  bool operator==(const ResolvedAddr&) const = default;
};

// A memory-access sample's data side (perf's mem_info): its data source, and its data
// address resolved like an instruction address. Pooled by the tool that makes it; histogram
// entries point at it.
struct MemInfo {
  uint64_t data_src = 0;
  ResolvedAddr data;
  char level = '.';            // the data address's
  uint64_t phys_addr = 0, data_page_size = 0;
  bool code_sym_is_object = false;  // the sampled address's symbol (-s symbol_iaddr)
  // -s dcacheline: the data map is a shared mapping of a file, not executable (perf's "[s]");
  // an anonymous user map (no inode) is told apart by process; the data dso's inode
  bool data_shared = false, data_anon = false;
  uint64_t data_ino = 0;
  uint64_t cacheline = 0;  // the data address in its map, down to its cache line
  bool operator==(const MemInfo&) const = default;
};

// A sample's own values for the keys of hist/sample_keys.cpp. Pooled by the tool that makes
// them; histogram entries point at them.
struct SampleValues {
  uint64_t time = 0;       // the sample's time, cut to the time quantum (-s time)
  uint64_t weight = 0;     // PERF_SAMPLE_WEIGHT(_STRUCT)
  uint32_t ins_lat = 0, p_stage_cyc = 0;
  uint64_t transaction = 0, code_page_size = 0;
  uint64_t map_size = 0;   // the map's size (-s dso_size)
  const std::string* process_comm = nullptr;  // the process's (-s tgid); nullptr: comm
  uint64_t cgroup_dev = 0, cgroup_ino = 0;    // the thread's cgroup namespace (-s cgroup_id)
  Text srcfile;            // the source file of the address (-s srcfile)
  Text data_type;          // the type of its memory access (-s type, typeoff, typecln)
  int32_t type_offset = 0; // ... and the accessed offset in it
  bool operator==(const SampleValues&) const = default;
};

// One taken branch of a sample's branch stack (perf's branch_info), both ends resolved.
struct BranchInfo {
  ResolvedAddr from, to;
  BranchFlags flags;
  Text srcline_from, srcline_to;  // made for -s srcline_from/srcline_to only
  bool operator==(const BranchInfo&) const = default;
};

// What one sample contributes, already resolved (also the key of a --children entry made
// from a callchain frame). Its texts are pooled: within one Hists, equal comms and dso names
// must be the same Text (entries are found by their identity, see findnew).
struct HistSample {
  // The fields an entry search compares come first (see HistEntry).
  Text comm;               // the thread's comm when sampled
  Text dso;                // short name; empty: no map ("[unknown]")
  int32_t pid = 0, tid = 0;
  bool has_map = false;
  char level = '.';       // 'k' or '.'
  char origin = '!';      // where the dso's symbols came from (report -v; ScriptSymbols::symtab_origin)
  bool has_sym = false;
  bool inlined = false;   // an inline frame's symbol (printed with " (inlined)")
  int parallelism = 1;     // threads running when sampled (here: it fills a gap)
  uint64_t sym_start = 0, sym_end = 0;
  Text sym;               // symbol name when has_sym
  uint64_t addr = 0;      // map-relative address (raw ip without a map / for chain frames)
  // The map the address was found in, compared by identity only (each process has its own
  // maps, as in perf): an entry hit from another map looks its symbol up again (findnew).
  const void* map = nullptr;
  // That map's symbols, for the look-up (opaque here: what the SymbolLookup reads).
  const void* symbols = nullptr;
  // The thread's comm as it is at print time (perf's thread__comm_str of the entry's thread,
  // used by -s pid and for the Command column's width); nullptr: same as comm.
  const std::string* thread_comm = nullptr;
  // Sampled before the thread's first COMM: perf's entry then shares the thread's default comm,
  // which that COMM renames in place, so the entry shows (and merges by) the new name.
  const std::string* default_comm = nullptr;
  uint64_t period = 1;
  uint8_t cpumode = 0;     // PERF_RECORD_MISC_KERNEL, _USER, ... of the sample (self entries)
  int32_t cpu = -1;        // -1: the file's samples have no CPU
  int32_t socket = -1;     // the CPU's socket; -1: no CPU, or no per-CPU ids in the file
  uint64_t cgroup = 0;     // PERF_SAMPLE_CGROUP's id (-s cgroup); 0: none
  const std::string* cgroup_name = nullptr;  // its PERF_RECORD_CGROUP path; nullptr: unknown
  // -s trace: the tracepoint's text (perf's trace output); not a tracepoint: "N/A".
  Text trace;
  bool is_tracepoint = false;
  // The first callchain function matching perf's parent regex (-s parent); empty: "[other]".
  Text parent;
  // perf's srcline of the sampled address (-s srcline): "file.c:23", else "sym+offset".
  Text srcline;
  uint64_t latency = 0;    // period * 1000 / parallelism
  uint64_t ip = 0;         // the absolute address (the sample's, or a callchain frame's)
  // The sample's own values (only when a key of hist/sample_keys.cpp needs them: most
  // reports do not, and this record is copied for every sample); nullptr: none.
  const SampleValues* values = nullptr;
  const MemInfo* mem = nullptr;  // the data access (--mem-mode); nullptr: none
  const BranchInfo* branch = nullptr;  // branch mode: the branch this entry counts
};

// Aligned, with the input tree's link, `filtered` and the compared key fields in its first two
// cache lines: a search of the input tree reads those of every entry on its way down.
struct alignas(64) HistEntry {
  RbNode rb_in;
  bool filtered = false;
  uint32_t collapse_seq = 0;  // its place in collapse()'s insertion order
  HistSample key;
  uint64_t period = 0, samples = 0;          // self
  uint64_t period_sys = 0, period_usr = 0;   // self, of kernel and of user samples
  uint64_t guest_sys = 0, guest_usr = 0;     // self, of guest kernel and guest user samples
  uint64_t weight1 = 0, weight2 = 0, weight3 = 0;  // self sums of the samples' weights
  uint64_t period_acc = 0, samples_acc = 0;  // self + callees (--children)
  uint64_t latency = 0, latency_acc = 0;     // self, self + callees
  RbNode rb_collapsed;
  CallchainTree chain;
  BranchCounts branch_counts;  // of the branch frames appended to `chain` (--branch-history)
  std::unique_ptr<MemStats> mem_stats;  // self weights by data source (HistOptions::mem_stats)
  // Group view: the same entry in member m's histogram (nullptr: none there). Kept aside,
  // made when first set: most reports have no group.
  const HistEntry* pair(size_t m) const { return pairs_ && m < pairs_->size() ? (*pairs_)[m] : nullptr; }
  void set_pair(size_t m, const HistEntry* p) {
    if (!pairs_) pairs_ = std::make_unique<std::vector<const HistEntry*>>();
    if (m >= pairs_->size()) pairs_->resize(m + 1);
    (*pairs_)[m] = p;
  }
  std::unique_ptr<std::vector<const HistEntry*>> pairs_;
  HistEntry() {
    rb_in.owner = this;
    rb_collapsed.owner = this;
  }
};

// One entry of perf's --hierarchy output: the entries equal on the sort keys down to its level
// (depth 0: the first key). As in perf, its key fields are those of the first entry merged,
// and so is its children period (that entry's self period); the self periods are summed.
struct HierNode {
  HistEntry e;
  int depth = 0;
  bool leaf = false;
  RbNode rb_in;                                   // in the parent's (or the top) input tree
  RbNode rb_out;                                  // in its level's output tree
  RbRoot kids_in;                                 // the next level, by that level's key
  std::vector<std::unique_ptr<HierNode>> kids;
  std::vector<HierNode*> sorted;                  // kids in output order
  HierNode() {
    rb_in.owner = this;
    rb_out.owner = this;
  }
};

// perf's map__find_symbol: the symbol holding a dso address in a map (name, start, end).
struct SymbolAt {
  bool found = false;
  Text name;
  uint64_t start = 0, end = 0;
};
// The symbol at dso_addr in the sample's map (s.map, s.symbols).
using SymbolLookup = std::function<SymbolAt(const HistSample& s, uint64_t dso_addr)>;

class Hists {
 public:
  // The sort keys that are printed (not elided), in order.
  std::vector<SortKey> shown_keys() const;
  // All the sort keys, elided ones included.
  const std::vector<SortKey>& sort_keys() const { return opts_.sort; }

  explicit Hists(HistOptions opts);

  // Adds one sample; `path` is its callchain in display order (nullptr: none). A filtered
  // sample (--comms, --dsos, -S, ...) still makes entries, which are counted in the total
  // period but never printed.
  void add(const HistSample& s, const std::vector<ChainFrame>* path, bool filtered = false);
  // The same with the path as ids of chain_store()'s frames (n == 0: none).
  void add(const HistSample& s, const FrameId* path, size_t n, bool filtered = false,
           const BranchCounts* branch_suffix = nullptr, const ChainBranchInfo* branch_frames = nullptr);
  // branch_suffix (--branch-history): n + 1 sums, [i] of the path's frames i.. (each entry
  // whose tree gets the path from frame i on adds it to its branch_counts); branch_frames:
  // the path's frames as branches, for the trees' per-frame counts (ChainStore::branch_stats).
  // The frames and arenas of the call-path trees, shared with other histograms of a report
  // (set before the first add); unset: the histogram's own.
  void set_chain_store(ChainStore* store) { store_ = store; }
  // Call-path appends go through `a` (another thread; a.drain() before reading the trees);
  // unset: add() makes them.
  void set_appender(ChainAppender* a) { appender_ = a; }
  // print() may make a long output's lines on a second thread.
  void set_print_threads(bool on) { print_threads_ = on; }
  ChainStore& chain_store();
  const FrameTable& frames() const;

  void set_use_callchain(bool on) { opts_.use_callchain = on; }
  // How an entry looks its symbol up in another map (see findnew); unset: it never does.
  void set_symbol_lookup(SymbolLookup f) { symbol_lookup_ = std::move(f); }
  // Period total used for percentages (relative: non-filtered entries only).
  uint64_t total_period() const;
  uint64_t nr_samples() const;  // likewise for the sample count
  uint64_t all_samples() const { return nr_samples_; }

  // Group view (perf's event groups): these histograms' entries are shown beside this one's,
  // matched by key; entries only they have join this one with no period (perf's hists__link).
  // Call once before print(). A null member has no entries to match (perf diff: a file without
  // the event); add_missing false: theirs without an equal are left out (diff -b).
  void link_group(const std::vector<Hists*>& members, bool add_missing = true);
  size_t group_size() const { return members_.size() + 1; }

  // Branch mode: each add() counted by its entry's branch (the entry's first, as perf does).
  const BranchStats& branch_stats() const { return branch_stats_; }

  // Output-sorted entries (call once, after all add()s).
  std::vector<HistEntry*> sorted();
  // The entries in the order the output tree is built from (perf's collapsed tree), the
  // output filters applied: what sorted() sorts (perf diff sorts them its own way).
  std::vector<HistEntry*> collapsed_entries();
  // Prints the column header block and every entry (with its call graph).
  void print(std::FILE* out, bool show_header);

  // For the interactive browser: the shown entries in output order (filters and
  // --percent-limit applied, call graphs sorted, column widths set), and the header lines.
  std::vector<HistEntry*> display_entries();
  std::pair<std::string, std::string> header_lines() const;
  bool chains_shown() const { return opts_.use_callchain && opts_.mode != ChainMode::kNone; }
  bool children_mode() const { return opts_.children; }
  uint64_t chain_percent_total() const { return total_period_; }
  // A call-graph line's value as -g asks (perf's callchain_node__scnprintf_value): the
  // percentage of its hits in total, their period, or its sample count; never coloured.
  std::string chain_value_text(uint64_t hits, uint32_t count, uint64_t total) const;

  // Formats one entry's columns; widths from compute_widths().
  std::string format_entry(const HistEntry& e) const;
  // The same, with where each percentage is in the line (the browser colours them).
  struct PercentSpan {
    size_t begin = 0, size = 0;
    double percent = 0;
  };
  std::string format_entry(const HistEntry& e, std::vector<PercentSpan>* spans) const;
  std::string key_text(SortKey key, const HistEntry& e, bool align) const;
  // A key's text in -t mode (unaligned, the separator's first character replaced by '.').
  std::string sep_key_text(SortKey key, const HistEntry& e) const;
  // The key columns' widths for these entries (perf's hists__calc_col_len). from_entries:
  // the entries' widths only, not at least the headers' (perf after a browser's zoom).
  void compute_widths(const std::vector<HistEntry*>& entries, bool from_entries = false);
  // Hides the DSO column (perf's browser zoomed into a DSO) or shows it again.
  void set_elide_dso(bool on) { opts_.elide_dso = on; }
  // A sort key's sort function (perf's se_sort, or se_cmp without one): > 0 puts `a` first.
  int64_t key_sort_cmp(SortKey key, const HistEntry& a, const HistEntry& b) const;
  std::string number_text(OutputField::Kind kind, const HistEntry& e) const;
  static const char* number_header(OutputField::Kind kind, bool self_is_self);
  static size_t number_width(OutputField::Kind kind);
  const char* key_header(SortKey key) const;
  size_t key_width(SortKey key) const;  // after compute_widths()

 private:
  // A sample's place in index_ (entry_index.h): its group (the keys before the symbol) and
  // whole-key hashes, and whether its symbol part may be looked up by hash at all.
  struct IndexKey {
    uint64_t group = 0, hash = 0;
    bool usable = false;
  };
  // An index look-up already made for a key (add()'s duplicate check, reused by findnew).
  struct Lookup {
    IndexKey key;
    bool answered = false;
    HistEntry* entry = nullptr;
  };
  HistEntry* findnew(const HistSample& s, bool sample_self, bool filtered, const Lookup* known = nullptr);
  IndexKey index_key(const HistSample& s, bool filtered) const;
  // The entry equal to `s` by the index, when its group is still a total order.
  HistEntry* indexed(const IndexKey& k, const HistSample& s, bool filtered, bool* answered) const;
  void refresh_map(HistEntry& e, const HistSample& s);
  void add_self_extras(HistEntry& e, const HistSample& s) const;
  static void merge_self_extras(HistEntry& into, const HistEntry& from);
  // perf's collapse pass (sort keys with their own collapse function, i.e. comm): entries are
  // re-inserted in input-tree order and equal ones merged; returns the tree to output from.
  RbRoot& collapse();
  // perf's hist_entry__cmp (collapsing: hist_entry__collapse, the keys' se_collapse).
  int64_t cmp(const HistEntry& left, const HistSample& right, bool right_filtered,
              bool collapsing = false) const;
  int64_t key_cmp(SortKey key, const HistSample& l, const HistSample& r, bool collapsing) const;
  int64_t sym_key_cmp(const HistSample& l, const HistSample& r, bool collapsing) const;  // key_cmp's kSym
  // Print-time entry fixes: comms renamed in place, the --symbol-filter (flat output).
  void prepare_entries();
  bool output_filter_keeps(const HistSample& s) const;  // --symbol-filter and --socket-filter
  int64_t sort_cmp(const HistEntry& a, const HistEntry& b) const;
  void prepare_sort_order() const;  // sort_numbers_ and sort_keys_
  // sorted() for the common layouts (hists_output_sort.cpp): the same tree, built on compact
  // copies of what sort_cmp reads. False: the layout is not one of them.
  bool plain_sorted(const std::vector<HistEntry*>& in, std::vector<HistEntry*>& out) const;
  int64_t fields_sort_cmp(const HistEntry& a, const HistEntry& b) const;
  int64_t children_cmp(const HistEntry& a, const HistEntry& b) const;
  int64_t acc_cmp(uint64_t a_acc, uint64_t b_acc, const HistEntry& a, const HistEntry& b) const;
  int64_t number_sort_cmp(OutputField::Kind kind, const HistEntry& a, const HistEntry& b) const;
  int64_t own_number_sort_cmp(OutputField::Kind kind, const HistEntry& a, const HistEntry& b) const;
  uint64_t total_latency() const;
  // The collapsed tree, made once (prepare_entries first).
  RbRoot& output_root();
  // One number column of one entry alone (a group shows one per member side by side).
  std::string single_number_text(OutputField::Kind kind, const HistEntry& e) const;
  // format_entry() appended to `line`, for these columns (columns(), worked out once per print).
  void append_entry(std::string& line, const HistEntry& e, std::vector<PercentSpan>* spans,
                    const std::vector<OutputField>& cols) const;
  void append_key_text(std::string& line, SortKey key, const HistEntry& e, bool align) const;
  std::string colored_number_text(OutputField::Kind kind, const HistEntry& e) const;
  // Memory statistics (hist/mem_stat.h): the categories shown (any weight in the report's
  // entries, set by compute_widths), an entry's sub-columns, and the title line above the
  // column headers ("" when no such column is shown).
  int mem_stat_columns(OutputField::Kind kind) const;
  std::string mem_stat_text(OutputField::Kind kind, const HistEntry& e, std::vector<PercentSpan>* spans,
                            size_t at) const;
  std::string mem_stat_title_line() const;
  std::string mem_stat_names(OutputField::Kind kind) const;
  std::string mem_stat_title_text(OutputField::Kind kind) const;
  // chain_value_text, a percentage coloured when colours are on (perf's
  // callchain_node__fprintf_value).
  std::string chain_value(uint64_t hits, uint32_t count, uint64_t total) const;
  // A number column's percentage for one histogram's entry (nullopt: not a percentage).
  std::optional<double> number_percent(OutputField::Kind kind, const HistEntry& e) const;
  void add_percent_spans(OutputField::Kind kind, const HistEntry& e, size_t at, std::vector<PercentSpan>& spans) const;
  uint64_t number_field(OutputField::Kind kind, const HistEntry& e) const;
  // The printed columns: -F's, or perf's default (Children, Self/Overhead, -n, --show-total-
  // period, then the sort keys), without elided keys.
  std::vector<OutputField> columns() const;
  // The same with the elided keys (perf's whole output list, which -w numbers).
  std::vector<OutputField> all_columns() const;
  // -w's width for a column (0: none given).
  int user_width(const OutputField& f) const;
  // A column's width as its header and alignment use it (after compute_widths()).
  size_t field_width(const OutputField& f) const;
  void print_chain(std::FILE* out, HistEntry& e) const;  // sort_chain, print_sorted_chain
  void sort_chain(HistEntry& e) const;
  // perf's callchain min percent as a period: the hits a call-graph node needs to be shown.
  uint64_t chain_min_hit() const {
    uint64_t chain_total = opts_.filter_relative ? non_filtered_period_ : total_period_;
    return static_cast<uint64_t>(static_cast<double>(chain_total) * (opts_.chain_min_percent / 100.0));
  }
  void print_sorted_chain(std::FILE* out, HistEntry& e) const;
  void print_entries(std::FILE* out, const std::vector<HistEntry*>& shown) const;
  void print_graph(std::FILE* out, HistEntry& e) const;
  // --hierarchy (hists_hierarchy.cpp)
  std::vector<SortKey> hierarchy_levels() const;
  void build_hierarchy();
  bool filter_hierarchy_symbols(HierNode& n);
  void sort_hierarchy(std::vector<HierNode*>& out, RbRoot& in);
  void link_hierarchy(RbRoot& ours, std::vector<std::unique_ptr<HierNode>>& owned, RbRoot& theirs,
                      size_t m, int depth);
  void print_hierarchy(std::FILE* out, bool show_header);
  void print_hierarchy_header(std::FILE* out) const;
  // What every line of a hierarchy needs, worked out once for the whole print.
  struct HierLayout {
    std::vector<SortKey> levels;
    std::vector<OutputField::Kind> numbers;  // the number columns, in order
    size_t overhead_width = 0;               // their width with separators (perf's "no entry" indent)
    bool chains = false;
  };
  void print_hierarchy_node(std::FILE* out, HierNode& n, const HierLayout& layout);
  void print_graph_level(std::FILE* out, const ChainNode& node, uint64_t total, int depth,
                         int depth_mask, int left_margin) const;
  // The branch counts printed after frame k of a node (--branch-history); "" when none.
  std::string branch_text(const ChainNode& node, size_t k) const;
  void print_folded(std::FILE* out, const HistEntry& e, bool flat) const;

  HistOptions opts_;
  SymbolLookup symbol_lookup_;
  // Entries in creation order; they live in chunks (one allocation for many, none freed alone).
  std::vector<HistEntry*> entries_;
  ObjectArena<HistEntry> entry_store_;
  HistEntry* new_entry();
  RbRoot in_, collapsed_;
  bool index_keys_ = false;  // the sort keys are ones index_ can hash
  bool dso_key_ = false;     // the sort keys include the dso (the symbol key then leaves it out)
  bool default_keys_ = false;  // the sort keys are perf's default comm,dso,sym
  bool comms_renamed_ = false;  // prepare_entries gave entries their thread's later comm
  EntryIndex index_;
  ChainStore* store_ = nullptr;
  std::unique_ptr<ChainStore> own_store_;
  ChainAppender* appender_ = nullptr;
  bool print_threads_ = false;
  std::vector<FrameId> path_ids_;  // add()'s frames, interned
  std::vector<Hists*> members_;
  // sort_cmp's columns and keys, worked out at its first call
  mutable bool sort_order_ready_ = false;
  mutable std::vector<OutputField::Kind> sort_numbers_;
  mutable std::vector<SortKey> sort_keys_;
  RbRoot* root_ = nullptr;  // the tree output comes from (collapse() once)
  // That tree's entries in order, when collapse() made it (empty: walk the tree).
  std::vector<HistEntry*> root_order_;
  std::vector<std::unique_ptr<HierNode>> hier_top_;
  RbRoot hier_in_;
  std::vector<HierNode*> hier_sorted_;
  std::vector<HistEntry*> cache_;  // this sample's entries (--children de-duplication)
  uint64_t total_period_ = 0, nr_samples_ = 0;
  uint64_t total_latency_ = 0, non_filtered_latency_ = 0;
  uint64_t non_filtered_period_ = 0, non_filtered_samples_ = 0;
  mutable const char* mispredict_text_ = "N/A";  // -s mispredict (see key_text)
  BranchStats branch_stats_;
  size_t w_sample_key_[kSortKeys] = {};  // the sample keys' widths (sample_keys.h)
  size_t w_comm_ = 0, w_dso_ = 0, w_sym_ = 0, w_pid_ = 0, w_parent_ = 0, w_srcline_ = 0, w_cgroup_ = 0, w_trace_ = 0;
  // -w's widths by key and by number kind (0: none), set by compute_widths()
  int user_w_key_[kSortKeys] = {}, user_w_num_[OutputField::kKinds] = {};
  std::array<std::array<bool, kMemStatLen>, kMemStatTypes> mem_shown_{};
  bool mem_full_width_ = false;  // no header printed: memory statistics keep all 8 places
  // A number column's width for its entries' text (-w's or perf's, at least its header's).
  int entry_number_width(OutputField::Kind kind) const;
};

}  // namespace cperf
