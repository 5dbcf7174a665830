// perf diff's table of one event: the baseline file's histogram, each entry paired with its
// equal (by the sort keys) in every other file's histogram of that event, entries only another
// file has joining the baseline empty (perf's hists__match and hists__link), the difference
// columns computed from the pairs (delta, delta-abs, ratio, weighted diff), sorted and printed
// as perf 7.2's `diff` prints them.
#pragma once
#include <cstdint>
#include <cstdio>
#include <vector>

#include "hist/hists.h"

namespace cperf {

enum class DiffCompute { kDelta, kDeltaAbs, kRatio, kWdiff };

struct DiffOptions {
  DiffCompute compute = DiffCompute::kDeltaAbs;
  int64_t wdiff_w1 = 0, wdiff_w2 = 0;  // -c wdiff:w1,w2
  unsigned order = 1;                  // -o: the file whose column sorts first (0: none)
  bool show_period = false;            // -p
  bool show_formula = false;           // -F
  bool baseline_only = false;          // -b: only entries the baseline has
  bool filter_relative = false;        // --percentage relative
  size_t nr_files = 2;                 // all files given (columns are numbered beyond two)
  std::string field_sep;               // -t
};

// Prints the table: `files[0]` is the baseline's histogram, files[i] file i's (nullptr: that
// file lacks the event). The baseline is changed (paired, empty entries added). Header lines
// unless quiet.
void print_diff(std::FILE* out, std::vector<Hists*> files, const DiffOptions& opts, bool show_header);

}  // namespace cperf
