#include "report/block_report.h"

#include <algorithm>
#include <cstring>

#include "symbol/symbol.h"

namespace cperf {

namespace {

// perf's cycle counts: 1.2M, 3.4K or the number.
std::string cycles_text(uint64_t c) {
  char buf[32];
  if (c >= 1000000) std::snprintf(buf, sizeof buf, "%.1fM", static_cast<double>(c) / 1000000.0);
  else if (c >= 1000) std::snprintf(buf, sizeof buf, "%.1fK", static_cast<double>(c) / 1000.0);
  else std::snprintf(buf, sizeof buf, "%d", static_cast<int>(c));
  return buf;
}

std::string percent_text(double ratio) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f%%", 100.0 * ratio);
  return buf;
}

struct Row {
  const Map* map;
  const Symbol* sym;
  const std::string* dso;
  uint64_t start, end;
  const BlockCount* count;
};

// perf's compare of two blocks: in one function by start then end, else by the functions'
// names (two functions of one name are one: perf keeps the first block).
int64_t compare_blocks(const Row& l, const Row& r) {
  if (l.sym != r.sym) return std::strcmp(l.sym->name.c_str(), r.sym->name.c_str());
  if (l.start != r.start) return static_cast<int64_t>(r.start - l.start);
  return static_cast<int64_t>(r.end - l.end);
}

// Column widths and names, in perf's order.
constexpr int kWidths[] = {15, 14, 11, 10, 70, 20};
constexpr const char* kNames[] = {"Sampled Cycles%", "Sampled Cycles", "Avg Cycles%", "Avg Cycles",
                                  "[Program Block Range]", "Shared Object"};

}  // namespace

void BlockReport::add_entry(const EntryKey& key, const Map* to_map, const Symbol* to_sym, const std::string& to_dso) {
  if (!keys_.insert(key).second) return;  // the entry exists: it keeps its first target
  targets_.push_back(Target{to_map, to_sym, to_dso});
}

void BlockReport::print(std::FILE* out, const BlockCycles& cycles, const SrclineOf& srcline,
                        double percent_limit) const {
  std::vector<Row> rows;
  uint64_t block_cycles = 0;  // the "Avg Cycles%" total: every entry's blocks' averages
  for (const Target& t : targets_) {
    if (!t.map || !t.sym) continue;
    const std::map<uint64_t, BlockCount>* counts = cycles.counts(t.sym);
    if (!counts) continue;
    for (const auto& [end, c] : *counts) {
      if (!c.num_aggr) continue;
      block_cycles += c.cycles_aggr / c.num_aggr;
      Row row{t.map, t.sym, &t.dso, c.start, end, &c};
      if (std::none_of(rows.begin(), rows.end(), [&](const Row& r) { return compare_blocks(r, row) == 0; }))
        rows.push_back(row);
    }
  }
  // perf's order: by share of the total cycles (to 1/1000 of a percent), ties in its input
  // tree's order (the compare above, descending). (perf 7.2's share is of all the cycles
  // counted at the block's end, as its Sampled Cycles column: the longest block's own count
  // only decides the start shown.)
  std::sort(rows.begin(), rows.end(), [](const Row& a, const Row& b) { return compare_blocks(a, b) > 0; });
  const uint64_t total = cycles.total_cycles();
  auto share = [&](const Row& r) -> int64_t {
    if (!total) return 0;
    return static_cast<int64_t>(static_cast<double>(r.count->cycles_aggr) / static_cast<double>(total) * 100000.0);
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const Row& a, const Row& b) { return share(a) > share(b); });

  std::string head = "#", dots = "#";
  for (size_t i = 0; i < 6; ++i) {
    char buf[96];
    std::snprintf(buf, sizeof buf, "%s%*s", i ? "  " : " ", kWidths[i], kNames[i]);
    head += buf;
    dots += (i ? "  " : " ") + std::string(static_cast<size_t>(kWidths[i]), '.');
  }
  std::fprintf(out, "%s\n%s\n#\n", head.c_str(), dots.c_str());
  for (const Row& r : rows) {
    const BlockCount& c = *r.count;
    // --percent-limit: perf compares the longest block's share of the total cycles (a float)
    const float percent = total ? static_cast<float>(static_cast<double>(c.cycles) * 100.0 / static_cast<double>(total)) : 0.0f;
    if (percent < static_cast<float>(percent_limit)) continue;
    const uint64_t avg = c.cycles_aggr / c.num_aggr;
    std::string range = "[" + srcline(r.map, r.sym, r.start) + " -> " + srcline(r.map, r.sym, r.end) + "]";
    if (range.size() > 127) range.resize(127);  // perf's buffer
    std::fprintf(out, "  %15s  %14s  %11s  %10s  %70s  %20s\n",
                 percent_text(total ? static_cast<double>(c.cycles_aggr) / static_cast<double>(total) : 0.0).c_str(),
                 cycles_text(c.cycles_aggr).c_str(),
                 percent_text(block_cycles ? static_cast<double>(avg) / static_cast<double>(block_cycles) : 0.0).c_str(),
                 cycles_text(avg).c_str(), range.c_str(), r.dso->c_str());
  }
}

}  // namespace cperf
