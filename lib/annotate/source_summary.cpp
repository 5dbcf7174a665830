#include "annotate/source_summary.h"

#include <algorithm>
#include <map>

namespace cperf {

void find_source_lines(AnnotatedSymbol& a, PercentType t, const std::function<std::string(uint64_t)>& srcline) {
  const std::vector<LineValue> values = line_values(a, t);
  a.paths.assign(a.lines.size(), std::string());
  for (size_t i = 0; i < a.lines.size(); ++i)
    if (a.lines[i].offset >= 0 && values[i].percent > 0.5)
      a.paths[i] = srcline(static_cast<uint64_t>(a.lines[i].offset));
}

void print_source_summary(std::FILE* out, const AnnotatedSymbol& a, PercentType t, const std::string& name,
                          bool color) {
  const std::vector<LineValue> values = line_values(a, t);
  std::map<std::string, double> sums;
  for (size_t i = 0; i < a.paths.size(); ++i)
    if (!a.paths[i].empty()) sums[a.paths[i]] += values[i].percent;
  // perf's trees: paths in descending order, then re-sorted by sum (equal sums keep that order)
  std::vector<std::pair<std::string, double>> lines(sums.rbegin(), sums.rend());
  std::stable_sort(lines.begin(), lines.end(), [](const auto& x, const auto& y) { return x.second > y.second; });
  std::fprintf(out, "\nSorted summary for file %s\n----------------------------------------------\n\n", name.c_str());
  if (lines.empty()) {
    std::fputs(" Nothing higher than 0.5%\n", out);
    return;
  }
  for (const auto& [path, pct] : lines) {
    const char* c = !color ? "" : pct >= 5.0 ? "\033[31m" : pct >= 0.5 ? "\033[32m" : "";
    if (*c) std::fprintf(out, "%s %7.2f\033[m%s %s\n\033[m", c, pct, c, path.c_str());  // perf resets after the newline
    else std::fprintf(out, " %7.2f %s\n", pct, path.c_str());
  }
}

}  // namespace cperf
