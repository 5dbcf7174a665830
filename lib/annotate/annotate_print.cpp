#include "annotate/annotate_print.h"

#include <cinttypes>
#include <string_view>

namespace cperf {

bool parse_percent_type(const std::string& s, PercentType& out) {
  size_t dash = s.find('-');
  if (dash == std::string::npos) return false;
  std::string a = s.substr(0, dash), b = s.substr(dash + 1);
  bool local = a == "local" || b == "local", global = a == "global" || b == "global";
  bool period = a == "period" || b == "period", hits = a == "hits" || b == "hits";
  if (local == global || period == hits) return false;
  out = local ? (period ? PercentType::kLocalPeriod : PercentType::kLocalHits)
              : (period ? PercentType::kGlobalPeriod : PercentType::kGlobalHits);
  return true;
}

const char* percent_type_name(PercentType t) {
  switch (t) {
    case PercentType::kLocalPeriod: return "local period";
    case PercentType::kGlobalPeriod: return "global period";
    case PercentType::kLocalHits: return "local hits";
    case PercentType::kGlobalHits: return "global hits";
  }
  return "";
}

namespace {

// perf's percent colours: red from 5%, green from 0.5%, else none.
const char* percent_color(double p) { return p >= 5.0 ? "\033[31m" : p >= 0.5 ? "\033[32m" : ""; }

// perf's color_fprintf: the text between the colour and the reset (nothing for no colour).
void put_colored(std::FILE* out, bool on, const char* color, const std::string& text) {
  if (on && *color) std::fprintf(out, "%s%s\033[m", color, text.c_str());
  else std::fputs(text.c_str(), out);
}

// The samples from an instruction up to the next one (or the symbol's end), of hist h.
LineValue value_of(const SymbolHist& h, uint64_t event_period, uint64_t event_samples, int64_t from, int64_t to,
                   PercentType t) {
  LineValue v;
  for (auto it = h.by_offset.lower_bound(static_cast<uint64_t>(from));
       it != h.by_offset.end() && it->first < static_cast<uint64_t>(to); ++it) {
    v.samples += it->second.samples;
    v.period += it->second.period;
  }
  switch (t) {
    case PercentType::kLocalPeriod: v.percent = h.period ? 100.0 * v.period / h.period : 0; break;
    case PercentType::kLocalHits: v.percent = h.samples ? 100.0 * v.samples / h.samples : 0; break;
    case PercentType::kGlobalPeriod: v.percent = event_period ? 100.0 * v.period / event_period : 0; break;
    case PercentType::kGlobalHits: v.percent = event_samples ? 100.0 * v.samples / event_samples : 0; break;
  }
  return v;
}

}  // namespace

std::vector<LineValue> line_values(const AnnotatedSymbol& a, PercentType t) {
  std::vector<LineValue> values(a.lines.size());
  int64_t next = static_cast<int64_t>(a.size);
  for (size_t i = a.lines.size(); i-- > 0;) {
    if (a.lines[i].offset < 0) continue;
    values[i] = value_of(*a.hist, a.event_period, a.event_samples, a.lines[i].offset, next, t);
    next = a.lines[i].offset;
  }
  return values;
}

std::vector<std::vector<LineValue>> column_values(const AnnotatedSymbol& a, PercentType t) {
  std::vector<std::vector<LineValue>> columns{line_values(a, t)};
  for (size_t m = 0; m < a.members.size(); ++m) {
    AnnotatedSymbol b;
    b.lines = a.lines;
    b.size = a.size;
    SymbolHist none;
    b.hist = a.members[m] ? a.members[m] : &none;
    b.event_period = m < a.member_periods.size() ? a.member_periods[m] : 0;
    columns.push_back(line_values(b, t));
  }
  return columns;
}

void print_annotation_stdio(std::FILE* out, const AnnotatedSymbol& a, const AnnotatePrintOptions& o,
                            std::string& last_path) {
  const int columns = 1 + static_cast<int>(a.members.size());
  const int width = (o.show_total_period ? 12 : 8) * columns;
  const std::vector<std::vector<LineValue>> column = column_values(a, o.percent);
  const char* label = o.show_total_period ? "Period" : o.show_nr_samples ? "Samples" : "Percent";
  int len = std::fprintf(out, " %-*.*s|\tSource code & Disassembly of %s for %s (%" PRIu64 " samples, percent: %s)\n",
                         width, width, label, a.dso_name.c_str(), a.event.c_str(), a.hist->samples,
                         percent_type_name(o.percent));
  // perf's dashes: the header's length (its tab and newline counted) plus four
  std::fprintf(out, "%s\n", std::string(static_cast<size_t>(len > 0 ? len : 0) + 4, '-').c_str());
  // the address column is as wide as the last instruction's address
  int addr_width = 0;
  for (auto it = a.lines.rbegin(); it != a.lines.rend(); ++it)
    if (it->offset != -1) {
      addr_width = std::snprintf(nullptr, 0, "%" PRIx64, a.objdump_start + static_cast<uint64_t>(it->offset));
      break;
    }
  const std::vector<LineValue>& values = column[0];
  for (size_t i = 0; i < a.lines.size(); ++i) {
    const AnnotLine& l = a.lines[i];
    if (l.offset == -1) {
      if (l.text.empty()) std::fprintf(out, " %*s:\n", width, " ");
      else std::fprintf(out, " %*s: %-*d %s\n", width, " ", addr_width, l.line_nr, l.text.c_str());
      continue;
    }
    const LineValue& v = values[i];
    char buf[64];
    for (int c = 0; c < columns; ++c) {
      const LineValue& cv = column[static_cast<size_t>(c)][i];
      if (o.show_total_period) std::snprintf(buf, sizeof buf, " %11" PRIu64, cv.period);
      else if (o.show_nr_samples) std::snprintf(buf, sizeof buf, " %7" PRIu64, cv.samples);
      else std::snprintf(buf, sizeof buf, " %7.2f", cv.percent);
      put_colored(out, o.color, percent_color(cv.percent), buf);
    }
    std::fputs(" : ", out);
    // the address magenta, the instruction blue (perf has no branch coverage here)
    std::snprintf(buf, sizeof buf, "  %*" PRIx64 ":", addr_width, a.objdump_start + static_cast<uint64_t>(l.offset));
    put_colored(out, o.color, "\033[35m", buf);
    put_colored(out, o.color, "\033[34m", l.text);
    if (i < a.paths.size() && !a.paths[i].empty() && a.paths[i] != last_path) {
      put_colored(out, o.color, percent_color(v.percent), " // " + a.paths[i]);
      last_path = a.paths[i];
    }
    std::fputc('\n', out);
  }
}

}  // namespace cperf
