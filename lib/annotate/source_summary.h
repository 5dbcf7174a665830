// perf 7.2's `annotate -l`: the source line of each instruction above 0.5% of its symbol, and
// the "Sorted summary" of those lines printed before the symbol.
#pragma once
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "annotate/annotate_print.h"

namespace cperf {

// Fills a.paths: `srcline(offset)` for every instruction whose percent is above 0.5.
void find_source_lines(AnnotatedSymbol& a, PercentType t, const std::function<std::string(uint64_t)>& srcline);

// "Sorted summary for file NAME": each source line once, with the sum of its instructions'
// percentages, largest first.
void print_source_summary(std::FILE* out, const AnnotatedSymbol& a, PercentType t, const std::string& name,
                          bool color);

}  // namespace cperf
