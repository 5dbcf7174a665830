// The stdio rendering of Hists: column header, entry lines and call graphs (perf's
// ui/stdio/hist.c layout).
#include <algorithm>
#include <cinttypes>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <thread>

#include "base/fixed2_text.h"
#include "hist/hists.h"
#include "hist/percent_color.h"
#include "hist/sample_keys.h"

namespace cperf {

namespace {

// -v's start of the Symbol column: the address, left-aligned in 18, and the origin letter.
constexpr size_t kVerbosePrefix = 21;

std::string sym_text(const HistSample& s, bool verbose) {
  std::string out;
  if (verbose) {
    char buf[48];
    std::snprintf(buf, sizeof(buf), "%-#18" PRIx64 " %c ", s.addr, s.origin);
    out = buf;
  }
  out += "[";
  out += s.level;
  out += "] ";
  if (s.has_sym) {
    out += s.sym;
    if (s.inlined) out += " (inlined)";
  } else {
    char buf[40];
    // perf: "%-#.*llx" with 16 digits of precision (no 0x for zero)
    std::snprintf(buf, sizeof(buf), s.addr ? "0x%016" PRIx64 : "%016" PRIx64, s.addr);
    out += buf;
  }
  return out;
}

const char* dso_text(const HistSample& s) { return s.has_map ? s.dso.c_str() : "[unknown]"; }

const std::string& current_comm(const HistSample& s) { return s.thread_comm ? *s.thread_comm : s.comm.str(); }

void margin(std::FILE* out, int left_margin) {
  std::fprintf(out, "            %*s", left_margin > 0 ? left_margin : 0, "");
}

std::string percent(uint64_t v, uint64_t total) {
  char buf[32];
  double p = total ? static_cast<double>(v) * 100.0 / static_cast<double>(total) : 0.0;
  std::snprintf(buf, sizeof(buf), "%.2f%%", p);
  return buf;
}

double ratio(uint64_t v, uint64_t total) {
  return total ? static_cast<double>(v) * 100.0 / static_cast<double>(total) : 0.0;
}

}  // namespace

void Hists::compute_widths(const std::vector<HistEntry*>& entries, bool from_entries) {
  auto base = [&](const char* header) { return from_entries ? size_t{0} : std::strlen(header); };
  w_comm_ = base("Command");
  w_dso_ = base("Shared Object");
  w_sym_ = base("Symbol");
  w_pid_ = base("    Pid:Command");
  w_parent_ = base("Parent symbol");
  w_srcline_ = base("Source:Line");
  w_cgroup_ = base("Cgroup");
  w_trace_ = base("Trace output");
  for (int k = static_cast<int>(SortKey::kWeight); k < kSortKeys; ++k)
    w_sample_key_[k] = sample_key_base_width(static_cast<SortKey>(k), opts_.nanosecs, opts_.latency_names);
  if (opts_.mem_stats) {
    mem_shown_ = {};
    // (filtered entries count: perf sums the categories before its filters hide entries)
    for (const HistEntry* e : entries)
      if (e->mem_stats)
        for (int t = 0; t < kMemStatTypes; ++t)
          for (int i = 0; i < kMemStatLen; ++i) mem_shown_[t][i] = mem_shown_[t][i] || (*e->mem_stats)[t][i];
  }
  for (const HistEntry* e : entries) {
    if (e->filtered) continue;
    size_t comm_len = current_comm(e->key).size();
    w_comm_ = std::max(w_comm_, comm_len);
    if (e->key.has_map) w_dso_ = std::max(w_dso_, e->key.dso.size());
    // perf's unresolved-symbol rule: room for an address in the dso column too (not with -t,
    // -w or --dsos).
    if ((!e->key.has_map || !e->key.has_sym) && opts_.field_sep.empty() && opts_.user_widths.empty() &&
        !opts_.dso_filter)
      w_dso_ = std::max<size_t>(w_dso_, 16);
    // perf counts the bare name (not " (inlined)") plus "[x] "
    w_sym_ = std::max(w_sym_, e->key.has_sym ? e->key.sym.size() + 4 + (opts_.verbose ? kVerbosePrefix : 0)
                                             : size_t{22});
    w_pid_ = std::max(w_pid_, comm_len + 8);
    w_parent_ = std::max(w_parent_, e->key.parent.size());
    w_srcline_ = std::max(w_srcline_, e->key.srcline.size());
    w_trace_ = std::max(w_trace_, e->key.is_tracepoint ? e->key.trace.size() : 3);
    if (e->key.cgroup) w_cgroup_ = std::max(w_cgroup_, e->key.cgroup_name ? e->key.cgroup_name->size() : 7);
    for (SortKey k : opts_.sort)
      if (is_sample_key(k)) {
        size_t& w = w_sample_key_[static_cast<int>(k)];
        w = std::max(w, sample_key_entry_width(k, e->key));
      }
  }
  // -w: the given widths replace the computed ones
  for (int& w : user_w_key_) w = 0;
  for (int& w : user_w_num_) w = 0;
  std::vector<OutputField> all = all_columns();
  for (size_t i = 0; i < all.size() && i < opts_.user_widths.size(); ++i) {
    int w = opts_.user_widths[i];
    if (all[i].kind == OutputField::kKey) user_w_key_[static_cast<int>(all[i].key)] = w;
    else user_w_num_[all[i].kind] = w;
  }
  auto set = [&](SortKey k, size_t& w) {
    if (int u = user_w_key_[static_cast<int>(k)]) w = static_cast<size_t>(u);
  };
  set(SortKey::kComm, w_comm_);
  set(SortKey::kDso, w_dso_);
  set(SortKey::kSym, w_sym_);
  set(SortKey::kPid, w_pid_);
  set(SortKey::kParent, w_parent_);
  set(SortKey::kSrcline, w_srcline_);
  set(SortKey::kCgroup, w_cgroup_);
  set(SortKey::kTrace, w_trace_);
  for (int k = static_cast<int>(SortKey::kWeight); k < kSortKeys; ++k) set(static_cast<SortKey>(k), w_sample_key_[k]);
  // -s period is perf's Period column
  if (int u = user_w_key_[static_cast<int>(SortKey::kPeriod)]) user_w_num_[OutputField::kPeriod] = u;
}

int Hists::entry_number_width(OutputField::Kind kind) const {
  int w = user_w_num_[kind] ? user_w_num_[kind] : static_cast<int>(number_width(kind));
  bool self_is_self = opts_.children && (opts_.fields.empty() || opts_.fields_from_sort);
  return std::max(w, static_cast<int>(std::strlen(number_header(kind, self_is_self))));
}

size_t Hists::field_width(const OutputField& f) const {
  if (f.kind == OutputField::kKey) return key_width(f.key);
  // (-w widens these, never narrows them)
  // perf narrows the column to its shown categories as it prints the header: without one
  // (-q) it keeps room for all of them
  if (f.is_mem_stat())
    return std::max(static_cast<size_t>((mem_full_width_ ? kMemStatLen : mem_stat_columns(f.kind)) * kMemStatPrintLen),
                    static_cast<size_t>(std::max(user_w_num_[f.kind], 0)));
  // perf: -w's width or its own, at least one own width per group member
  size_t own = number_width(f.kind);
  size_t w = user_w_num_[f.kind] ? static_cast<size_t>(user_w_num_[f.kind]) : own;
  w = std::max(w, own * group_size());
  bool self_is_self = opts_.children && (opts_.fields.empty() || opts_.fields_from_sort);
  return std::max(w, std::strlen(number_header(f.kind, self_is_self)));
}

std::string Hists::sep_key_text(SortKey key, const HistEntry& e) const {
  std::string t = key_text(key, e, false);
  if (key != SortKey::kPeriod) std::replace(t.begin(), t.end(), opts_.field_sep[0], '.');
  return t;
}

// A key's column text as perf's se_snprintf writes it: most keys pad themselves to the
// column; symbol and source line only when `align` (another column follows).
std::string Hists::key_text(SortKey key, const HistEntry& e, bool align) const {
  char buf[64];
  auto padded = [](std::string s, size_t w) {
    if (s.size() < w) s.append(w - s.size(), ' ');
    return s;
  };
  // -w cuts a key's text to the column (perf's "%-*.*s" and "%.*s" precisions)
  bool cut = user_w_key_[static_cast<int>(key)] != 0;
  auto cut_to = [&](std::string s, size_t w) { return cut && s.size() > w ? s.substr(0, w) : s; };
  switch (key) {
    // perf's "%-*.*s": the column is as wide as the longest current comm, and a comm of
    // sampling time that is longer gets cut.
    case SortKey::kComm: return padded(e.key.comm.str().substr(0, w_comm_), w_comm_);
    case SortKey::kPid: {
      // perf's "%7d:%-*.*s" with the column width (at least 7) less 8: a narrower column
      // than 8 gives -1, the whole comm
      int w = std::max(7, static_cast<int>(w_pid_)) - 8;
      std::string comm = current_comm(e.key);
      if (w >= 0 && comm.size() > static_cast<size_t>(w)) comm.resize(static_cast<size_t>(w));
      std::snprintf(buf, sizeof(buf), "%7d:", e.key.tid);
      return padded(buf + comm, static_cast<size_t>(std::abs(w)) + 8);
    }
    case SortKey::kDso: return padded(cut_to(dso_text(e.key), w_dso_), w_dso_);
    // perf's "%*.*d" in a 3-wide column: at least three digits, -1 as "-001"
    case SortKey::kCpu: {
      int w = static_cast<int>(key_width(key));
      std::snprintf(buf, sizeof(buf), "%*.*d", w, w, e.key.cpu);
      return buf;
    }
    // perf's "%*.*d" with three digits in a 6-wide column
    case SortKey::kSocket: {
      std::snprintf(buf, sizeof(buf), "%*.*d", static_cast<int>(key_width(key)), 3, e.key.socket);
      return buf;
    }
    case SortKey::kPeriod: return number_text(OutputField::kPeriod, e);  // a group: each member's too
    case SortKey::kParent:
      return padded(cut_to(e.key.parent.empty() ? "[other]" : e.key.parent.str(), w_parent_), w_parent_);
    case SortKey::kSrcline: return padded(cut_to(e.key.srcline, w_srcline_), align ? w_srcline_ : 0);
    case SortKey::kSym: {
      const HistSample& s = e.key;
      // perf's "%.*s" of the name with the width less "[x] " (and -v's prefix; none when
      // narrower than that)
      const size_t lead = 4 + (opts_.verbose ? kVerbosePrefix : 0);
      if (cut && s.has_sym && w_sym_ >= lead && s.sym.size() > w_sym_ - lead)
        return padded(sym_text(s, opts_.verbose).substr(0, w_sym_) + (s.inlined ? " (inlined)" : ""),
                      align ? w_sym_ : 0);
      return padded(sym_text(s, opts_.verbose), align ? w_sym_ : 0);
    }
    case SortKey::kParallelism: {
      std::snprintf(buf, sizeof(buf), "%*d", static_cast<int>(key_width(key)), e.key.parallelism);
      return buf;
    }
    case SortKey::kIpcNull: return padded("-      -", key_width(key));
    // perf's "%-*.*s" of the call graph's branch counts: the predicted share, the aborts, the
    // average cycles
    case SortKey::kBranchPredicted:
    case SortKey::kBranchAbort:
    case SortKey::kBranchCycles: {
      const BranchCounts& c = e.branch_counts;
      if (key == SortKey::kBranchPredicted)
        std::snprintf(buf, sizeof(buf), "%.1f%%", c.branches ? c.predicted * 100.0 / c.branches : 0.0);
      else if (key == SortKey::kBranchAbort)
        std::snprintf(buf, sizeof(buf), "%" PRIu64, c.aborts);
      else
        std::snprintf(buf, sizeof(buf), "%" PRIu64, c.branches ? c.cycles / c.branches : 0);
      return padded(cut_to(buf, key_width(key)), key_width(key));
    }
    // perf pads the name to the column only when another column follows
    // perf's "%-.*s": cut to the column, padded only when another column follows
    case SortKey::kTrace:
      return padded(cut_to(e.key.is_tracepoint ? e.key.trace.str() : "N/A", w_trace_), align ? w_trace_ : 0);
    case SortKey::kCgroup:
      return padded(!e.key.cgroup ? "N/A" : e.key.cgroup_name ? *e.key.cgroup_name : "unknown", align ? w_cgroup_ : 0);
    // perf remembers the last answer in a static: an entry with neither flag repeats it
    case SortKey::kMispredict: {
      if (const BranchInfo* b = e.key.branch) {
        if (b->flags.predicted) mispredict_text_ = "N";
        else if (b->flags.mispred) mispredict_text_ = "Y";
      }
      return padded(std::string(mispredict_text_).substr(0, key_width(key)), key_width(key));
    }
    default:
      return sample_key_text(key, e.key, e.samples, key_width(key), align, opts_.nanosecs);
  }
}

const char* Hists::number_header(OutputField::Kind kind, bool self_is_self) {
  switch (kind) {
    case OutputField::kChildren: return "Children";
    case OutputField::kSelf: return self_is_self ? "Self" : "Overhead";
    case OutputField::kSys: return "sys";
    case OutputField::kUsr: return "usr";
    case OutputField::kGuestSys: return "guest sys";
    case OutputField::kGuestUsr: return "guest usr";
    case OutputField::kWeight1: return "Weight1";
    case OutputField::kWeight2: return "Weight2";
    case OutputField::kWeight3: return "Weight3";
    case OutputField::kSamples: return "Samples";
    case OutputField::kPeriod: return "Period";
    case OutputField::kLatency:
    case OutputField::kLatencyChildren: return "Latency";
    default: break;
  }
  return "";
}

size_t Hists::number_width(OutputField::Kind kind) {
  if (kind == OutputField::kSamples || kind == OutputField::kPeriod) return 12;
  if (kind == OutputField::kGuestSys || kind == OutputField::kGuestUsr) return 9;
  return kind == OutputField::kLatencyChildren ? 7 : 8;  // perf's widths
}

const char* Hists::key_header(SortKey key) const {
  switch (key) {
    case SortKey::kComm: return "Command";
    case SortKey::kPid: return "    Pid:Command";
    case SortKey::kDso: return "Shared Object";
    case SortKey::kSym: return "Symbol";
    case SortKey::kCpu: return "CPU";
    case SortKey::kSocket: return "Socket";
    case SortKey::kCgroup: return "Cgroup";
    case SortKey::kTrace: return "Trace output";
    case SortKey::kPeriod: return "Period";
    case SortKey::kParent: return "Parent symbol";
    case SortKey::kSrcline: return "Source:Line";
    case SortKey::kParallelism: return "Parallelism";
    case SortKey::kIpcNull: return "IPC   [IPC Coverage]";
    case SortKey::kBranchPredicted: return "Predicted";
    case SortKey::kBranchAbort: return "Abort";
    case SortKey::kBranchCycles: return "Cycles";
    default: return sample_key_header(key, opts_.latency_names);
  }
}

size_t Hists::key_width(SortKey key) const {
  if (int u = user_w_key_[static_cast<int>(key)]; u && key != SortKey::kPeriod) return static_cast<size_t>(u);
  switch (key) {
    case SortKey::kComm: return w_comm_;
    case SortKey::kPid: return w_pid_;
    case SortKey::kDso: return w_dso_;
    case SortKey::kSym: return w_sym_;
    case SortKey::kCpu: return 3;
    case SortKey::kSocket: return 6;
    case SortKey::kCgroup: return w_cgroup_;
    case SortKey::kTrace: return w_trace_;
    case SortKey::kPeriod: return field_width({OutputField::kPeriod});
    case SortKey::kParent: return w_parent_;
    case SortKey::kSrcline: return w_srcline_;
    case SortKey::kParallelism: return 11;
    case SortKey::kIpcNull: return 20;
    case SortKey::kBranchPredicted: return 9;
    case SortKey::kBranchAbort: return 5;
    case SortKey::kBranchCycles: return 6;
    default: return w_sample_key_[static_cast<int>(key)];
  }
}

// A number column's text (perf's hpp entry functions).
// A number column's text (perf's hpp entry functions: percents as " %*.2f%%" two narrower
// than the column, so a value too wide for it grows the line, as in perf).
// Where number_text()'s pieces (the leader's, then each member's) are, for the percentages.
void Hists::add_percent_spans(OutputField::Kind kind, const HistEntry& e, size_t at,
                              std::vector<PercentSpan>& spans) const {
  if (OutputField{kind}.is_mem_stat()) {
    mem_stat_text(kind, e, &spans, at);
    return;
  }
  static const HistEntry kNone;
  auto add = [&](const Hists& h, const HistEntry& x) {
    size_t n = h.single_number_text(kind, x).size();
    if (std::optional<double> p = h.number_percent(kind, x)) spans.push_back({at, n, *p});
    at += n;
  };
  add(*this, e);
  for (size_t m = 0; m < members_.size(); ++m) add(*members_[m], e.pair(m) ? *e.pair(m) : kNone);
}

std::optional<double> Hists::number_percent(OutputField::Kind kind, const HistEntry& e) const {
  uint64_t total = total_period();
  switch (kind) {
    case OutputField::kChildren:
      if (opts_.children_na) return std::nullopt;
      return ratio(e.period_acc, total);
    case OutputField::kSelf: return ratio(e.period, total);
    case OutputField::kSys: return ratio(e.period_sys, total);
    case OutputField::kUsr: return ratio(e.period_usr, total);
    case OutputField::kGuestSys: return ratio(e.guest_sys, total);
    case OutputField::kGuestUsr: return ratio(e.guest_usr, total);
    case OutputField::kLatency: return ratio(e.latency, total_latency());
    case OutputField::kLatencyChildren: return ratio(e.latency_acc, total_latency());
    default: return std::nullopt;
  }
}

int Hists::mem_stat_columns(OutputField::Kind kind) const {
  const auto& shown = mem_shown_[kind - OutputField::kMemOp];
  return static_cast<int>(std::count(shown.begin(), shown.end(), true));
}

// perf's hpp__fmt_mem_stat: each shown category's share of the total, " %5.1f%%".
std::string Hists::mem_stat_text(OutputField::Kind kind, const HistEntry& e, std::vector<PercentSpan>* spans,
                                 size_t at) const {
  int t = kind - OutputField::kMemOp;
  uint64_t total = total_period();
  std::string text;
  for (int i = 0; i < kMemStatLen; ++i) {
    if (!mem_shown_[t][i]) continue;
    double p = ratio(e.mem_stats ? (*e.mem_stats)[t][i] : 0, total);
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%*.1f%%", kMemStatPrintLen - 1, p);
    if (spans) spans->push_back({at + text.size(), std::strlen(buf), p});
    text += buf;
  }
  return text;
}

// The shown categories' names, each right-aligned in its sub-column.
std::string Hists::mem_stat_names(OutputField::Kind kind) const {
  std::string names;
  int t = kind - OutputField::kMemOp;
  for (int i = 0; i < kMemStatLen; ++i) {
    if (!mem_shown_[t][i]) continue;
    char buf[32];
    std::snprintf(buf, sizeof(buf), "%*s", kMemStatPrintLen, mem_stat_name(static_cast<MemStatType>(t), i));
    names += buf;
  }
  return names;
}

// A memory-statistics column's title: centred in dashes, or alone right-aligned over a single
// category.
std::string Hists::mem_stat_title_text(OutputField::Kind kind) const {
  std::string title = mem_stat_title(static_cast<MemStatType>(kind - OutputField::kMemOp));
  int len = mem_stat_columns(kind) * kMemStatPrintLen, n = static_cast<int>(title.size());
  if (len == kMemStatPrintLen) return std::string(len > n ? len - n : 0, ' ') + title;
  int left = std::max((len - n) / 2 - 1, 0), right = std::max(len - left - n - 2, 0);
  return std::string(left, '-') + " " + title + " " + std::string(right, '-');
}

// The line above the column headers: each memory-statistics column's title centred in dashes
// (alone, right-aligned, over a single category), blanks over the other columns.
std::string Hists::mem_stat_title_line() const {
  std::string line;
  bool any = false;
  const std::string& sep = opts_.field_sep;  // -t: "# ", then the separator between columns
  std::vector<OutputField> cols = columns();
  for (size_t i = 0; i < cols.size(); ++i) {
    const OutputField& f = cols[i];
    line += sep.empty() ? "  " : i ? sep : "# ";
    size_t w = field_width(f);
    if (!f.is_mem_stat()) {
      line.append(w, ' ');
      continue;
    }
    any = true;
    line += mem_stat_title_text(f.kind);
  }
  if (!any) return "";
  if (sep.empty()) line[0] = '#';
  return line;
}

std::string Hists::number_text(OutputField::Kind kind, const HistEntry& e) const {
  if (OutputField{kind}.is_mem_stat()) return mem_stat_text(kind, e, nullptr, 0);
  std::string text = single_number_text(kind, e);
  // A group view: each member's value after the leader's, in its own histogram's terms.
  static const HistEntry kNone;
  for (size_t m = 0; m < members_.size(); ++m) {
    const HistEntry* pair = e.pair(m);
    text += members_[m]->single_number_text(kind, pair ? *pair : kNone);
  }
  return text;
}

// number_text() with each piece's percentage in perf's colour (the fill after it is not).
std::string Hists::colored_number_text(OutputField::Kind kind, const HistEntry& e) const {
  std::vector<PercentSpan> spans;
  add_percent_spans(kind, e, 0, spans);
  std::string text = number_text(kind, e);
  std::string out;
  size_t at = 0;
  for (const PercentSpan& s : spans) {
    out.append(text, at, s.begin - at);
    out += paint_percent(std::string_view(text).substr(s.begin, s.size), s.percent);
    at = s.begin + s.size;
  }
  out.append(text, at);
  return out;
}

std::string Hists::chain_value_text(uint64_t hits, uint32_t count, uint64_t total) const {
  if (opts_.chain_value == ChainValue::kPeriod) return std::to_string(hits);
  if (opts_.chain_value == ChainValue::kCount) return std::to_string(count);
  return percent(hits, total);
}

// Percentages are coloured whenever colours are on; periods and counts never are.
std::string Hists::chain_value(uint64_t hits, uint32_t count, uint64_t total) const {
  std::string text = chain_value_text(hits, count, total);
  if (opts_.chain_value != ChainValue::kPercent || !opts_.color) return text;
  return paint_percent(text, ratio(hits, total));
}

std::string Hists::single_number_text(OutputField::Kind kind, const HistEntry& e) const {
  char buf[64];
  uint64_t total = total_period();
  // -t: no width; else perf's " %*.2f%%" and " %*lu" two and one narrower than the column
  bool sep = !opts_.field_sep.empty();
  int w = entry_number_width(kind);
  auto pct = [&](uint64_t v, uint64_t of) {
    int width = sep ? 1 : w - 2;
    double r = ratio(v, of);
    char digits[16];
    size_t n = fixed2_text(r, digits);
    if (!n || width > 40) {
      std::snprintf(buf, sizeof(buf), " %*.2f%%", width, r);
      return;
    }
    size_t fill = static_cast<size_t>(width) > n ? static_cast<size_t>(width) - n : 0;
    buf[0] = ' ';
    std::memset(buf + 1, ' ', fill);
    std::memcpy(buf + 1 + fill, digits, n);
    buf[1 + fill + n] = '%';
    buf[2 + fill + n] = '\0';
  };
  switch (kind) {
    case OutputField::kChildren:
      if (opts_.children_na) {
        std::snprintf(buf, sizeof(buf), " %*s", (user_w_num_[kind] ? user_w_num_[kind] : 8) - 1, "N/A");
        return buf;
      }
      pct(e.period_acc, total);
      break;
    case OutputField::kSelf: pct(e.period, total); break;
    case OutputField::kSys: pct(e.period_sys, total); break;
    case OutputField::kUsr: pct(e.period_usr, total); break;
    case OutputField::kGuestSys: pct(e.guest_sys, total); break;
    case OutputField::kGuestUsr: pct(e.guest_usr, total); break;
    case OutputField::kWeight1:
    case OutputField::kWeight2:
    case OutputField::kWeight3: {  // perf's average per sample, " %*.1f"
      uint64_t sum = number_field(kind, e);
      std::snprintf(buf, sizeof(buf), " %*.1f", sep ? 1 : w - 1, e.samples ? double(sum) / e.samples : 0.0);
      break;
    }
    case OutputField::kLatency: pct(e.latency, total_latency()); break;
    case OutputField::kLatencyChildren: pct(e.latency_acc, total_latency()); break;
    case OutputField::kSamples: std::snprintf(buf, sizeof(buf), " %*" PRIu64, sep ? 1 : w - 1, e.samples); break;
    case OutputField::kPeriod: std::snprintf(buf, sizeof(buf), " %*" PRIu64, sep ? 1 : w - 1, e.period); break;
    default: return {};  // keys; memory statistics (number_text)
  }
  return buf;
}

std::string Hists::format_entry(const HistEntry& e) const { return format_entry(e, nullptr); }

std::string Hists::format_entry(const HistEntry& e, std::vector<PercentSpan>* spans) const {
  std::string line;
  append_entry(line, e, spans, columns());
  return line;
}

// key_text() appended to `line`; the usual keys without its temporary strings (a --children
// report prints hundreds of thousands of entries).
void Hists::append_key_text(std::string& line, SortKey key, const HistEntry& e, bool align) const {
  size_t start = line.size();
  auto fill_to = [&](size_t w) {
    if (size_t n = line.size() - start; n < w) line.append(w - n, ' ');
  };
  bool cut = user_w_key_[static_cast<int>(key)] != 0;
  switch (key) {
    case SortKey::kComm:
      line.append(e.key.comm.str(), 0, w_comm_);
      fill_to(w_comm_);
      return;
    case SortKey::kDso:
      if (cut) break;
      line += dso_text(e.key);
      fill_to(w_dso_);
      return;
    case SortKey::kSym:
      if (cut || opts_.verbose) break;
      line += '[';
      line += e.key.level;
      line += "] ";
      if (e.key.has_sym) {
        line += e.key.sym.str();
        if (e.key.inlined) line += " (inlined)";
      } else {
        // sym_text's "0x%016lx" (no 0x for zero): most entries of a large --children report
        // are such unresolved addresses
        if (e.key.addr) line += "0x";
        char hex[16];
        uint64_t a = e.key.addr;
        for (int i = 15; i >= 0; --i, a >>= 4) hex[i] = "0123456789abcdef"[a & 0xf];
        line.append(hex, sizeof(hex));
      }
      if (align) fill_to(w_sym_);
      return;
    default: break;
  }
  line += key_text(key, e, align);
}

void Hists::append_entry(std::string& line, const HistEntry& e, std::vector<PercentSpan>* spans,
                         const std::vector<OutputField>& cols) const {
  // The last key of perf's list (an elided one included) is not padded.
  OutputField last_field = opts_.fields.empty() ? OutputField{OutputField::kKey, opts_.sort.back()}
                                                : opts_.fields.back();
  for (size_t i = 0; i < cols.size(); ++i) {
    const OutputField& f = cols[i];
    bool last = f == last_field && i + 1 == cols.size();
    if (!opts_.field_sep.empty()) {
      // -t: the separator between columns, each but the last filled to its width
      if (i) line += opts_.field_sep;
      std::string t = f.kind == OutputField::kKey ? sep_key_text(f.key, e) : number_text(f.kind, e);
      if (size_t w = field_width(f); !last && t.size() < w) t.append(w - t.size(), ' ');
      line += t;
      // perf writes the line into a buffer sized for the columns' widths, two-character
      // separators and 3 more: what goes beyond is cut (a long separator, -w's narrow columns)
      if (i + 1 == cols.size()) {
        size_t room = 3;
        for (const OutputField& c : cols) room += field_width(c) + 2;
        room -= 2;
        if (line.size() > room) line.resize(room);
      }
      continue;
    }
    line += "  ";
    if (f.kind == OutputField::kKey) {
      append_key_text(line, f.key, e, !last);
      continue;
    }
    // a number narrower than its column (-w) is filled to it, as every column but the last
    std::string t = opts_.color ? colored_number_text(f.kind, e) : number_text(f.kind, e);
    if (spans && !opts_.color) add_percent_spans(f.kind, e, line.size(), *spans);
    if (size_t w = field_width(f); !last && t.size() < w) t.append(w - t.size(), ' ');
    line += t;
  }
}

// The column header and its dots line, '#' first (widths from compute_widths()).
std::pair<std::string, std::string> Hists::header_lines() const {
  std::string h, d;
  // perf formats each column's header into a 1024-byte buffer: a wider column's header stops
  // at 1023 characters (its dots do not).
  constexpr size_t kMaxHeader = 1023;
  const std::string& sep = opts_.field_sep;
  auto col = [&](const char* name, size_t w, bool right) {
    size_t n = std::strlen(name);
    h += sep.empty() ? "  " : h.empty() ? "# " : sep;
    std::string text;
    if (right && n < w) text.append(w - n, ' ');
    text.append(name, right ? n : std::min(n, w));  // a key's header is cut to its width
    if (!right && n < w) text.append(w - n, ' ');
    h.append(text, 0, kMaxHeader);
    d += "  ";
    d.append(w, '.');  // perf 7.2 writes one dot per column character, however wide
  };
  bool self_is_self = opts_.children && (opts_.fields.empty() || opts_.fields_from_sort);
  for (const OutputField& f : columns()) {
    if (f.is_mem_stat()) {
      std::string names = mem_stat_names(f.kind);
      // the names fill their own width only; the dots (and entries) -w's
      h += sep.empty() ? "  " : h.empty() ? "# " : sep;
      h += names;
      d += "  ";
      d.append(field_width(f), '.');
      continue;
    }
    if (f.kind != OutputField::kKey) {
      col(number_header(f.kind, self_is_self), field_width(f), true);
      continue;
    }
    col(key_header(f.key), key_width(f.key), f.key == SortKey::kPeriod);
  }
  // the first column's two-space separator is where the '#' goes
  if (sep.empty()) h[0] = d[0] = '#';
  return {h, d};
}

std::vector<HistEntry*> Hists::display_entries() {
  std::vector<HistEntry*> entries = sorted();
  compute_widths(entries);
  std::vector<HistEntry*> shown;
  bool chains = opts_.use_callchain && opts_.mode != ChainMode::kNone;
  uint64_t total = total_period();
  uint64_t min_hit = chain_min_hit();
  for (HistEntry* e : entries) {
    if (e->filtered) continue;
    float pct = static_cast<float>(ratio(opts_.children ? e->period_acc : e->period, total));
    if (pct < static_cast<float>(opts_.percent_limit)) continue;
    if (chains) {
      if (opts_.mode == ChainMode::kFractal) e->chain.sort_graph_rel(opts_.chain_min_percent / 100.0);
      else e->chain.sort_graph(min_hit);
    }
    shown.push_back(e);
  }
  return shown;
}

void Hists::print(std::FILE* out, bool show_header) {
  if (opts_.hierarchy) {
    print_hierarchy(out, show_header);
    return;
  }
  std::vector<HistEntry*> entries = sorted();
  compute_widths(entries);
  mem_full_width_ = !show_header;
  if (show_header) {
    auto [h, d] = header_lines();
    if (std::string t = opts_.mem_stats ? mem_stat_title_line() : ""; !t.empty()) std::fprintf(out, "%s\n", t.c_str());
    if (opts_.field_sep.empty()) std::fprintf(out, "%s\n%s\n#\n", h.c_str(), d.c_str());
    else std::fprintf(out, "%s\n", h.c_str());  // -t: no dots
  }
  bool chains = opts_.use_callchain && opts_.mode != ChainMode::kNone;
  uint64_t total = total_period();
  std::vector<HistEntry*> shown;
  for (HistEntry* e : entries) {
    if (e->filtered) continue;
    float pct = static_cast<float>(ratio(opts_.children ? e->period_acc : e->period, total));
    if (pct < static_cast<float>(opts_.percent_limit)) continue;
    if (chains) sort_chain(*e);
    shown.push_back(e);
  }
  print_entries(out, shown);
}

// The lines of the shown entries, each with its call graph. Many of them (a --children report
// of a large profile has hundreds of thousands) are made in two halves at once: the second on
// another thread, into memory, written after the first.
void Hists::print_entries(std::FILE* out, const std::vector<HistEntry*>& shown) const {
  bool chains = opts_.use_callchain && opts_.mode != ChainMode::kNone;
  const std::vector<OutputField> cols = columns();  // the same for every entry
  auto print_range = [&](std::FILE* f, size_t from, size_t to) {
    std::string line;
    for (size_t i = from; i < to; ++i) {
      line.clear();
      append_entry(line, *shown[i], nullptr, cols);
      std::fputs(line.c_str(), f);  // as "%s": up to a NUL, should a name hold one
      std::fputc('\n', f);
      if (chains) print_sorted_chain(f, *shown[i]);
    }
  };
  // Entries from which it pays: the second half's text waits in memory, a few dozen bytes an
  // entry (and graph lines), which only a long report hides in what it holds anyway.
  constexpr size_t kTwoThreads = 1 << 17;
  char* buf = nullptr;
  size_t len = 0;
  // perf's mispredict column carries state from line to line: printed in order only
  bool stateful = std::find(opts_.sort.begin(), opts_.sort.end(), SortKey::kMispredict) != opts_.sort.end();
  std::FILE* second =
      print_threads_ && !stateful && shown.size() >= kTwoThreads ? open_memstream(&buf, &len) : nullptr;
  if (!second) {
    print_range(out, 0, shown.size());
    return;
  }
  size_t half = shown.size() / 2;
  std::exception_ptr error;
  std::thread helper([&] {
    try {
      print_range(second, half, shown.size());
    } catch (...) {
      error = std::current_exception();
    }
  });
  try {
    print_range(out, 0, half);
  } catch (...) {
    helper.join();
    std::fclose(second);
    std::free(buf);
    throw;
  }
  helper.join();
  std::fclose(second);
  if (!error) std::fwrite(buf, 1, len, out);
  std::free(buf);
  if (error) std::rethrow_exception(error);
}

// perf's callchain_param.sort for one entry (graph modes; flat and folded lists sort as
// they print).
void Hists::sort_chain(HistEntry& e) const {
  uint64_t min_hit = chain_min_hit();
  if (opts_.mode == ChainMode::kGraph) e.chain.sort_graph(min_hit);
  if (opts_.mode == ChainMode::kFractal) e.chain.sort_graph_rel(opts_.chain_min_percent / 100.0);
}

// perf's hist_entry_callchain__fprintf for one entry, its call graph sorted.
void Hists::print_sorted_chain(std::FILE* out, HistEntry& e) const {
  switch (opts_.mode) {
    case ChainMode::kGraph:
    case ChainMode::kFractal:
      print_graph(out, e);
      break;
    case ChainMode::kFlat:
      print_folded(out, e, true);
      break;
    case ChainMode::kFolded:
      print_folded(out, e, false);
      break;
    case ChainMode::kNone:
      break;
  }
}

void Hists::print_chain(std::FILE* out, HistEntry& e) const {
  sort_chain(e);
  print_sorted_chain(out, e);
}

std::string Hists::branch_text(const ChainNode& node, size_t k) const {
  ChainBranchStats* stats = store_ ? store_->bstats(node) : nullptr;
  return stats ? stats[k].text() : std::string();
}

void Hists::print_graph_level(std::FILE* out, const ChainNode& node, uint64_t total, int depth,
                              int depth_mask, int left_margin) const {
  char buf[20];  // frame_text's 0x<ip>
  int new_mask = depth_mask;
  uint64_t remaining = total;
  uint32_t counted = 0;  // samples of the children gone through
  bool rel = opts_.mode == ChainMode::kFractal;
  std::span<ChainNode* const> kids = node.sorted();
  for (size_t n = 0; n < kids.size(); ++n) {
    const ChainNode& child = *kids[n];
    remaining -= child.cumul_hits();
    counted += child.cumul_counts();
    bool last = n + 1 == kids.size();
    if (last && (!rel || !remaining)) new_mask &= ~(1 << (depth - 1));
    margin(out, left_margin);
    for (int i = 0; i < depth; ++i) std::fputs(depth_mask & (1 << i) ? "|          " : "           ", out);
    std::fputc('\n', out);
    for (size_t k = 0; k < child.size(); ++k) {
      margin(out, left_margin);
      for (int i = 0; i < depth; ++i) {
        std::fputc(new_mask & (1 << i) ? '|' : ' ', out);
        if (k == 0 && i == depth - 1)
          std::fprintf(out, "--%s--", chain_value(child.cumul_hits(), child.cumul_counts(), total).c_str());
        else
          std::fputs("          ", out);
      }
      std::fprintf(out, "%s%s\n", frame_text(frames()[child.id(k)], buf),
                   branch_text(child, k).c_str());
    }
    uint64_t new_total = rel ? child.children_hit : total;
    print_graph_level(out, child, new_total, depth + 1, new_mask | (1 << depth), left_margin);
    if (n + 1 == opts_.chain_print_limit) break;  // (the last one printed keeps its pipe, as in perf)
  }
  if (rel && remaining && remaining != total) {
    // perf counts the "[...]" line's samples as those of the children not gone through, and
    // leaves the line out when there are none
    uint32_t rem_count = node.children_count - counted;
    if (opts_.chain_value == ChainValue::kCount && !rem_count) return;
    new_mask &= ~(1 << (depth - 1));
    margin(out, left_margin);
    for (int i = 0; i < depth; ++i) {
      std::fputc(new_mask & (1 << i) ? '|' : ' ', out);
      if (i == depth - 1)
        std::fprintf(out, "--%s--", chain_value(remaining, rem_count, total).c_str());
      else
        std::fputs("          ", out);
    }
    std::fputs("[...]\n", out);
  }
}

void Hists::print_graph(std::FILE* out, HistEntry& e) const {
  char buf[20];  // frame_text's 0x<ip>
  const ChainNode* root = &e.chain.root();
  uint64_t total = total_period_;
  uint64_t parent = opts_.children ? e.period_acc : e.period;
  int left_margin = 0;
  bool printed = false;
  bool wrote = false;
  // One single top node carrying the entry's whole period: print its frames without a
  // percentage (perf's need_percent_display).
  if (root->sorted().size() == 1 && root->sorted()[0]->cumul_hits() == parent) {
    const ChainNode* only = root->sorted()[0];
    uint32_t shown = 0;
    for (size_t i = 0; i < only->size(); ++i) {
      if (i == 0 && opts_.sort_starts_with_sym) continue;
      if (!printed) {
        margin(out, left_margin);
        std::fputs("|\n", out);
        margin(out, left_margin);
        std::fputs("---", out);
        left_margin += 3;
        printed = true;
      } else {
        margin(out, left_margin);
      }
      std::fprintf(out, "%s%s\n", frame_text(frames()[only->id(i)], buf),
                   branch_text(*only, i).c_str());
      wrote = true;
      if (++shown == opts_.chain_print_limit) break;  // the rest of the run is left out, not its branches
    }
    root = only;
  }
  if (opts_.mode == ChainMode::kFractal) total = parent;
  if (!root->sorted().empty()) wrote = true;
  print_graph_level(out, *root, total, 1, 1, left_margin);
  if (wrote) std::fputc('\n', out);
}

void Hists::print_folded(std::FILE* out, const HistEntry& e, bool flat) const {
  char buf[20];  // frame_text's 0x<ip>
  uint64_t min_hit = chain_min_hit();
  uint32_t printed = 0;
  for (const FlatNode& f : e.chain.sort_flat(min_hit)) {
    if (opts_.chain_print_limit && printed++ == opts_.chain_print_limit) break;
    const ChainNode* n = f.node;
    if (flat) {
      // flat prints the node's cumulated hits, folded its own (perf's fprintf_value)
      std::fprintf(out, "           %s\n", chain_value(n->cumul_hits(), n->cumul_counts(), total_period_).c_str());
      for (const ChainNode* p : f.path)
        for (size_t i = 0; i < p->size(); ++i)
          std::fprintf(out, "                %s\n", frame_text(frames()[p->id(i)], buf));
      std::fputc('\n', out);
    } else {
      std::fprintf(out, "%s ", chain_value(n->hit, n->count, total_period_).c_str());
      bool first = true;
      for (const ChainNode* p : f.path)
        for (size_t i = 0; i < p->size(); ++i) {
          std::fprintf(out, "%s%s", first ? "" : opts_.field_sep.empty() ? ";" : opts_.field_sep.c_str(),
                       frame_text(frames()[p->id(i)], buf));
          first = false;
        }
      std::fputc('\n', out);
    }
  }
}

}  // namespace cperf
