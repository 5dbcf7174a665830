#include "annotate/annotate_print2.h"

#include <algorithm>
#include <cinttypes>
#include <cstdarg>
#include <unordered_map>

namespace cperf {

namespace {

// perf writes each part into a 256-byte buffer: longer text is cut there.
constexpr size_t kPartMax = 255;

std::string cut(std::string s) {
  if (s.size() > kPartMax) s.resize(kPartMax);
  return s;
}

int hex_digits(uint64_t v) {
  int n = 1;
  while (v >>= 4) ++n;
  return n;
}

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  int n = std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return std::string(buf, static_cast<size_t>(std::clamp(n, 0, static_cast<int>(sizeof buf) - 1)));
}

// The arrow perf draws before an instruction (2 columns with its blank).
const char* arrow(const DisasmInsn& d, int64_t offset) {
  switch (d.kind) {
    case InsnKind::kJump:
      if (d.outside) return "→ ";
      return d.target_offset > offset ? "↓ " : "↑ ";
    case InsnKind::kCall: return "→ ";
    case InsnKind::kRet: return "← ";
    default: return "  ";
  }
}

}  // namespace

Annotation2 prepare_annotation2(const AnnotatedSymbol& a, const std::string& sym_name, const DisasmContext& ctx,
                                PercentType t) {
  Annotation2 n;
  n.insns.resize(a.lines.size());
  n.jump_sources.assign(a.lines.size(), 0);
  n.columns = column_values(a, t);
  n.addr_width = hex_digits(a.size);
  for (size_t i = 0; i < a.lines.size(); ++i) {
    if (a.lines[i].offset < 0) continue;
    n.insns[i] = parse_insn(a.lines[i].text, ctx);
    n.name_width = std::max(n.name_width, static_cast<int>(n.insns[i].name.size()));
  }
  if (sym_name.find("@plt") != std::string::npos) return n;  // PLT jumps lead elsewhere
  std::unordered_map<int64_t, size_t> line_at;  // the first line at each offset
  for (size_t i = 0; i < a.lines.size(); ++i)
    if (a.lines[i].offset >= 0) line_at.try_emplace(a.lines[i].offset, i);
  for (size_t i = 0; i < a.lines.size(); ++i) {
    if (a.lines[i].offset < 0 || !is_local_jump(n.insns[i], a.size)) continue;
    // a jump into the middle of an instruction marks nothing
    if (auto it = line_at.find(n.insns[i].target_offset); it != line_at.end()) ++n.jump_sources[it->second];
  }
  return n;
}

int unprintable_line(const AnnotatedSymbol& a, const Annotation2& n) {
  for (size_t i = 0; i < a.lines.size(); ++i)
    if (a.lines[i].offset >= 0 && !insn_printable(n.insns[i])) return static_cast<int>(i);
  return -1;
}

std::string annotation2_line(const AnnotatedSymbol& a, const Annotation2& n, size_t i, const Annotation2Options& o,
                             bool first_line) {
  const int64_t offset = a.lines[i].offset;
  const int pcnt_width = (o.show_total_period ? 12 : 8) * static_cast<int>(n.columns.size());
  double percent_max = 0;
  for (const auto& col : n.columns) percent_max = std::max(percent_max, col[i].percent);
  std::string s;
  if (percent_max != 0) {
    for (const auto& col : n.columns) {
      const LineValue& v = col[i];
      if (o.show_total_period) s += format("%11" PRIu64 " ", v.period);
      else if (o.show_nr_samples) s += format("%7" PRIu64 " ", v.samples);
      else s += format("%7.2f ", v.percent);
    }
  } else {
    // the first line, when it has no value, names the column instead
    const char* label = !first_line ? " " : o.show_total_period ? "Period" : o.show_nr_samples ? "Samples" : "Percent";
    s += format("%-*s", pcnt_width, label);
  }
  int width = -pcnt_width - 1;
  s += ' ';
  std::string addr = n.jump_sources[i] ? format("%*" PRIx64 ": ", n.addr_width, static_cast<uint64_t>(offset))
                                       : format("%-*s  ", n.addr_width, " ");
  addr = cut(std::move(addr));
  width -= static_cast<int>(addr.size());
  s += addr;
  const DisasmInsn& d = n.insns[i];
  std::string text = cut(format_insn(d, n.name_width));
  width -= static_cast<int>(text.size()) + 2;
  s += arrow(d, offset);
  s += text;
  // perf's "%-*s" of a blank with the negative width left: padded to its magnitude
  s.append(static_cast<size_t>(std::max(1, -width)), ' ');
  return s;
}

std::string hists_title(uint64_t samples, const std::string& event, bool plural, uint64_t freq, uint64_t period) {
  char unit = ' ';
  for (char u : {'K', 'M', 'G'})
    if (samples > 1000) {
      samples /= 1000;
      unit = u;
    }
  return "Samples: " + std::to_string(samples) + unit + " of event" + (plural ? "s" : "") + " '" + event + "', " +
         std::to_string(static_cast<int>(freq)) + " Hz, Event count (approx.): " + std::to_string(period);
}

void print_annotation_stdio2(std::FILE* out, const std::string& title, PercentType t, const std::string& sym_name,
                             const std::string& dso_long_name, const AnnotatedSymbol& a, const Annotation2& n,
                             const Annotation2Options& o) {
  std::fprintf(out, "%s, [percent: %s]\n%s() %s\n", title.c_str(), percent_type_name(t), sym_name.c_str(),
               dso_long_name.c_str());
  bool first = true;
  for (size_t i = 0; i < a.lines.size(); ++i) {
    if (a.lines[i].offset < 0) continue;  // perf hides the source and objdump's other lines
    std::fputs(annotation2_line(a, n, i, o, first).c_str(), out);
    std::fputc('\n', out);
    first = false;
  }
}

}  // namespace cperf
