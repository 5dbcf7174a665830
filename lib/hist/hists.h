// Hists: perf report's histogram of one event — entries keyed by the sort keys (comm, dso,
// symbol, ...), each with its period, sample count and call-path tree — and the stdio printer
// that renders them as upstream `perf report --stdio` does (--no-children layout).
//
// Usage: add() every resolved sample, then print(). Entries are grouped by the sort keys,
// ordered by period (largest first), then by the keys' own order; remaining ties keep the
// grouping order, which is deterministic.
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "hist/callchain_tree.h"

namespace cperf {

enum class SortKey { kComm, kDso, kSym, kPid };

enum class ChainMode { kGraph, kFractal, kFlat, kFolded, kNone };

struct HistOptions {
  std::vector<SortKey> sort{SortKey::kComm, SortKey::kDso, SortKey::kSym};
  bool sort_starts_with_sym = false;  // the -s string starts with "sym" (perf hides a frame)
  bool use_callchain = false;
  ChainMode mode = ChainMode::kGraph;
  double chain_min_percent = 0.5;
  double percent_limit = 0;
  bool show_nr_samples = false;
  bool show_total_period = false;
};

// What one sample contributes, already resolved.
struct HistSample {
  std::string comm;
  int32_t pid = 0;
  std::string dso;        // short name; empty: no map ("[unknown]")
  bool has_map = false;
  char level = '.';       // 'k' or '.'
  bool has_sym = false;
  uint64_t sym_start = 0;
  std::string sym;        // symbol name when has_sym
  uint64_t addr = 0;      // map-relative address (raw ip without a map)
  uint64_t period = 1;
};

struct HistEntry {
  HistSample key;
  uint64_t period = 0;
  uint64_t samples = 0;
  CallchainTree chain;
};

class Hists {
 public:
  explicit Hists(HistOptions opts) : opts_(std::move(opts)) {}

  void add(const HistSample& s, const std::vector<ChainFrame>* path);

  void set_use_callchain(bool on) { opts_.use_callchain = on; }
  uint64_t total_period() const { return total_period_; }
  uint64_t nr_samples() const { return nr_samples_; }

  // Output-sorted entries (call once, after all add()s).
  std::vector<HistEntry*> sorted();
  // Prints the column header block and every entry (with its call graph).
  void print(std::FILE* out, bool show_header);

  // Formats one entry's columns; widths from compute_widths().
  std::string format_entry(const HistEntry& e) const;

 private:
  std::string group_key(const HistSample& s) const;
  void compute_widths(const std::vector<HistEntry*>& entries);
  void print_graph(std::FILE* out, HistEntry& e) const;
  void print_graph_level(std::FILE* out, const ChainNode& node, uint64_t total, int depth,
                         int depth_mask, int left_margin) const;
  void print_folded(std::FILE* out, const HistEntry& e, bool flat) const;

  HistOptions opts_;
  std::map<std::string, std::unique_ptr<HistEntry>> entries_;
  uint64_t total_period_ = 0, nr_samples_ = 0;
  size_t w_comm_ = 0, w_dso_ = 0, w_sym_ = 0, w_pid_ = 0;
};

}  // namespace cperf
