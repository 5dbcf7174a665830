// perf 7.2's `annotate --stdio` text of one symbol: the header, the dashes, then every objdump
// line (source and other lines with their line numbers, instructions with their percent,
// sample count or period column).
#pragma once
#include <cstdint>
#include <cstdio>
#include <map>
#include <string>
#include <vector>

#include "annotate/objdump_lines.h"

namespace cperf {

// perf's --percent-type: what a percentage is of.
enum class PercentType { kLocalPeriod, kGlobalPeriod, kLocalHits, kGlobalHits };

// Parses perf's spellings ("local-period", "period-local", ...); false: not one of them.
bool parse_percent_type(const std::string& s, PercentType& out);
const char* percent_type_name(PercentType t);  // "local period", ...

// The samples of one symbol (one event), by offset from the symbol's start.
struct SymbolHist {
  struct Count {
    uint64_t samples = 0, period = 0;
  };
  std::map<uint64_t, Count> by_offset;
  uint64_t samples = 0, period = 0;
  void add(uint64_t offset, uint64_t p) {
    Count& c = by_offset[offset];
    ++c.samples;
    c.period += p;
    ++samples;
    period += p;
  }
};

struct AnnotatePrintOptions {
  PercentType percent = PercentType::kLocalPeriod;
  bool show_nr_samples = false;   // -n
  bool show_total_period = false;  // --show-total-period
  bool color = false;              // perf's colours (--stdio-color, or a terminal)
};

struct AnnotatedSymbol {
  std::string dso_name;   // as shown (perf's basename unless -P)
  std::string event;      // the event's name
  uint64_t size = 0;      // the symbol's length (the last instruction's samples end there)
  uint64_t objdump_start = 0;
  uint64_t event_period = 0;  // the event's total period (global percentages)
  // the event's samples (global hits); perf's annotate never counts them: 0 there
  uint64_t event_samples = 0;
  const SymbolHist* hist = nullptr;
  // --group: the other events' samples of the symbol, each a column after hist's (nullptr:
  // none), with their events' total periods.
  std::vector<const SymbolHist*> members;
  std::vector<uint64_t> member_periods;
  std::vector<AnnotLine> lines;
  // -l: each line's source line ("file.c:12"), for instructions above 0.5%; empty: none.
  std::vector<std::string> paths;
};

// An instruction line's samples: those from it up to the next instruction (or the end).
struct LineValue {
  uint64_t samples = 0, period = 0;
  double percent = 0;
};
// The values of every line (zero for lines that are not instructions).
std::vector<LineValue> line_values(const AnnotatedSymbol& a, PercentType t);
// --group: the values of each event's column, the leader's first (an event without samples
// in the symbol: zeros).
std::vector<std::vector<LineValue>> column_values(const AnnotatedSymbol& a, PercentType t);

// `last_path`: the source line printed last (perf remembers it from one symbol to the next,
// and prints " // PATH" only when it changes).
void print_annotation_stdio(std::FILE* out, const AnnotatedSymbol& a, const AnnotatePrintOptions& o,
                            std::string& last_path);

}  // namespace cperf
