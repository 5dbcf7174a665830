#include "hist/hists_diff.h"

#include <cinttypes>
#include <cstdarg>
#include <cmath>
#include <cstring>
#include <string>

#include "hist/rbtree.h"

namespace cperf {

namespace {

enum class ColumnKind { kBaseline, kBasePeriod, kPeriod, kDelta, kDeltaAbs, kRatio, kWdiff, kFormula };

struct Column {
  ColumnKind kind;
  size_t file = 0;
  std::string header;  // right-aligned to width
  size_t width = 0;
};

// perf's column names and least widths.
std::pair<const char*, size_t> column_spec(ColumnKind k) {
  switch (k) {
    case ColumnKind::kBaseline: return {"Baseline", 0};
    case ColumnKind::kBasePeriod: return {"Base period", 14};
    case ColumnKind::kPeriod: return {"Period", 14};
    case ColumnKind::kDelta: return {"Delta", 7};
    case ColumnKind::kDeltaAbs: return {"Delta Abs", 7};
    case ColumnKind::kRatio: return {"Ratio", 14};
    case ColumnKind::kWdiff: return {"Weighted diff", 14};
    case ColumnKind::kFormula: return {"Formula", 70};
  }
  return {"", 0};
}

std::string format(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
std::string format(const char* fmt, ...) {
  char buf[256];
  va_list ap;
  va_start(ap, fmt);
  std::vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  return buf;
}

int64_t cmp_doubles(double l, double r) { return l > r ? -1 : l < r ? 1 : 0; }

class DiffTable {
 public:
  DiffTable(std::vector<Hists*> files, const DiffOptions& o) : files_(std::move(files)), o_(o) {}

  void print(std::FILE* out, bool show_header) {
    Hists& base = *files_[0];
    // the totals the differences are taken against: every sample's, before -b drops entries
    base_total_ = base.total_period();
    std::vector<Hists*> others(files_.begin() + 1, files_.end());
    base.link_group(others, !o_.baseline_only);
    std::vector<HistEntry*> in = base.collapsed_entries();
    if (o_.baseline_only) std::erase_if(in, [&](const HistEntry* e) { return !has_pairs(*e); });
    // perf's output resort counts the baseline's total again from the entries left
    print_total_ = 0;
    for (const HistEntry* e : in)
      if (!o_.filter_relative || !e->filtered) print_total_ += e->period;
    std::vector<HistEntry*> entries = sort(in);
    base.compute_widths(entries);
    make_columns(base);
    if (show_header) print_header(out, base);
    for (const HistEntry* e : entries)
      if (!e->filtered) std::fprintf(out, "%s\n", line(base, *e).c_str());
  }

 private:
  const HistEntry* pair(const HistEntry& e, size_t file) const { return file ? e.pair(file - 1) : nullptr; }
  bool has_pairs(const HistEntry& e) const {
    for (size_t f = 1; f < files_.size(); ++f)
      if (pair(e, f)) return true;
    return false;
  }
  static bool dummy(const HistEntry& e) { return e.samples == 0; }  // joined from another file
  uint64_t file_total(size_t file) const { return files_[file]->total_period(); }

  double delta(const HistEntry& e, const HistEntry& p, size_t file) const {
    double old_percent = (static_cast<double>(e.period) * 100.0) / static_cast<double>(base_total_);
    double new_percent = (static_cast<double>(p.period) * 100.0) / static_cast<double>(file_total(file));
    return new_percent - old_percent;
  }
  static double ratio(const HistEntry& e, const HistEntry& p) {
    double old_period = e.period ? static_cast<double>(e.period) : 1.0;
    return static_cast<double>(p.period) / old_period;
  }
  int64_t wdiff(const HistEntry& e, const HistEntry& p) const {
    return static_cast<int64_t>(p.period * static_cast<uint64_t>(o_.wdiff_w2) -
                                e.period * static_cast<uint64_t>(o_.wdiff_w1));
  }
  // perf's __hist_entry__cmp_compute on the two entries' pairs in `file`: > 0 puts a first.
  int64_t value_cmp(const HistEntry& a, const HistEntry& pa, const HistEntry& b, const HistEntry& pb,
                    size_t file) const {
    switch (o_.compute) {
      case DiffCompute::kDelta: return cmp_doubles(delta(b, pb, file), delta(a, pa, file));
      case DiffCompute::kDeltaAbs: return cmp_doubles(std::fabs(delta(b, pb, file)), std::fabs(delta(a, pa, file)));
      case DiffCompute::kRatio: return cmp_doubles(ratio(b, pb), ratio(a, pa));
      case DiffCompute::kWdiff: return wdiff(a, pa) - wdiff(b, pb);
    }
    return 0;
  }
  // A file's difference column as a sort key: entries with pairs anywhere first, then with a
  // pair in that file, then by value.
  int64_t column_cmp(const HistEntry& a, const HistEntry& b, size_t file) const {
    bool pa_any = has_pairs(a), pb_any = has_pairs(b);
    if (!pa_any && !pb_any) return 0;
    if (!pa_any || !pb_any) return pa_any ? 1 : -1;
    const HistEntry *pa = pair(a, file), *pb = pair(b, file);
    if (!pa && !pb) return 0;
    if (!pa || !pb) return pa ? 1 : -1;
    return value_cmp(a, *pa, b, *pb, file);
  }
  // -o's file first: entries with a pair there first; ratio and wdiff put entries the
  // baseline lacks below (their values mean nothing); then by value.
  int64_t order_cmp(const HistEntry& a, const HistEntry& b, size_t file) const {
    const HistEntry *pa = pair(a, file), *pb = pair(b, file);
    if (!pa && !pb) return 0;
    if (!pa || !pb) return pa ? 1 : -1;
    if (o_.compute != DiffCompute::kDelta && o_.compute != DiffCompute::kDeltaAbs) {
      if (dummy(a) && dummy(b)) return 0;
      if (dummy(a) || dummy(b)) return dummy(b) ? 1 : -1;
    }
    return value_cmp(a, *pa, b, *pb, file);
  }
  int64_t sort_cmp(const HistEntry& a, const HistEntry& b) const {
    if (o_.order) {
      if (int64_t c = order_cmp(a, b, o_.order)) return c;
    }
    if (a.period != b.period) return a.period > b.period ? 1 : -1;  // the Baseline column
    for (size_t f = 1; f < files_.size(); ++f)
      if (int64_t c = column_cmp(a, b, f)) return c;
    for (SortKey k : files_[0]->shown_keys())
      if (int64_t c = files_[0]->key_sort_cmp(k, a, b)) return c;
    return 0;
  }
  // perf's output tree: an entry goes left of those it sorts before, right of its equals.
  std::vector<HistEntry*> sort(const std::vector<HistEntry*>& in) const {
    std::vector<RbNode> nodes(in.size());
    RbRoot tree;
    for (size_t i = 0; i < in.size(); ++i) {
      nodes[i].owner = in[i];
      rb_insert(tree, &nodes[i], [&](const RbNode* it) { return sort_cmp(*in[i], *it->item<HistEntry>()) > 0; });
    }
    std::vector<HistEntry*> out;
    out.reserve(in.size());
    for (RbNode* n = rb_first(tree); n; n = rb_next(n)) out.push_back(n->item<HistEntry>());
    return out;
  }

  void add_column(ColumnKind kind, size_t file) {
    auto [name, least] = column_spec(kind);
    std::string text = o_.nr_files > 2 ? std::string(name) + "/" + std::to_string(file) : name;
    size_t width = std::max(least, text.size());
    columns_.push_back({kind, file, std::string(width - text.size(), ' ') + text, width});
  }
  void make_columns(Hists& base) {
    columns_.clear();
    ColumnKind compute = o_.compute == DiffCompute::kDelta      ? ColumnKind::kDelta
                         : o_.compute == DiffCompute::kDeltaAbs ? ColumnKind::kDeltaAbs
                         : o_.compute == DiffCompute::kRatio    ? ColumnKind::kRatio
                                                                : ColumnKind::kWdiff;
    for (size_t f = 0; f < files_.size(); ++f) {
      add_column(f ? compute : ColumnKind::kBaseline, f);
      if (o_.show_formula && f) add_column(ColumnKind::kFormula, f);
      if (o_.show_period) add_column(f ? ColumnKind::kPeriod : ColumnKind::kBasePeriod, f);
    }
    keys_ = base.shown_keys();
    // perf fills every column but the last of its whole list (elided keys count) to its width
    last_key_shown_ = !base.sort_keys().empty() && !keys_.empty() && base.sort_keys().back() == keys_.back();
    // and writes each line into a buffer as wide as the columns with their separators and 3
    line_room_ = 3;
    for (const Column& c : columns_) line_room_ += c.width + 2;
    for (SortKey k : keys_) line_room_ += base.key_width(k) + 2;
    line_room_ -= 2;
  }

  // A cell's text before alignment. Without -t perf prints its columns' "color" forms (in
  // the column's width; the weighted diff always in 14), with -t its plain forms (" " for none).
  std::string cell(const Column& c, const HistEntry& e) const {
    const bool sep = !o_.field_sep.empty();
    const int w = static_cast<int>(c.width);
    const HistEntry* p = c.kind == ColumnKind::kBaseline ? nullptr : pair(e, c.file);
    switch (c.kind) {
      case ColumnKind::kBaseline: {
        if (dummy(e)) return sep ? " " : std::string(c.width, ' ');
        double percent = 100.0 * static_cast<double>(e.period) / static_cast<double>(print_total_);
        return sep ? format("%.2f", percent) : format("%*.2f%%", w - 1, percent);
      }
      case ColumnKind::kDelta:
      case ColumnKind::kDeltaAbs:
        if (!p) break;
        return sep ? format("%+4.2F%%", delta(e, *p, c.file)) : format("%+*.2f%%", w - 1, delta(e, *p, c.file));
      case ColumnKind::kRatio: {
        if (!p) break;
        if (dummy(e)) return sep ? "N/A" : format("%*s", w, "N/A");
        double r = ratio(e, *p);
        if (!sep) return format("%*.6f", w, r);
        return r > 0.0 ? format("%14.6F", r) : " ";
      }
      case ColumnKind::kWdiff: {
        if (!p) break;
        if (dummy(e)) return sep ? "N/A" : format("%*s", w, "N/A");
        int64_t v = wdiff(e, *p);
        return sep && !v ? " " : format("%14" PRId64, v);
      }
      case ColumnKind::kFormula:
        if (!p) break;
        return right(formula(e, *p, c.file).substr(0, 69), c.width);  // perf's 70-byte buffer
      case ColumnKind::kPeriod:
        if (!p) break;
        return right(format("%" PRIu64, p->period), c.width);
      case ColumnKind::kBasePeriod: return right(format("%" PRIu64, e.period), c.width);
    }
    return sep ? " " : std::string(c.width, ' ');
  }
  // Without -t, a plain form right-aligned in the column.
  std::string right(std::string t, size_t width) const {
    if (o_.field_sep.empty() && t.size() < width) t.insert(0, width - t.size(), ' ');
    return t;
  }
  std::string formula(const HistEntry& e, const HistEntry& p, size_t file) const {
    switch (o_.compute) {
      case DiffCompute::kDelta:
      case DiffCompute::kDeltaAbs:
        return format("(%" PRIu64 " * 100 / %" PRIu64 ") - (%" PRIu64 " * 100 / %" PRIu64 ")", p.period,
                      file_total(file), e.period, print_total_);
      case DiffCompute::kRatio:
        return format("%.0F / %.0F", static_cast<double>(p.period), static_cast<double>(e.period));
      case DiffCompute::kWdiff:
        return format("(%" PRIu64 " * %" PRId64 ") - (%" PRIu64 " * %" PRId64 ")", p.period, o_.wdiff_w2, e.period,
                      o_.wdiff_w1);
    }
    return "";
  }

  std::string line(const Hists& base, const HistEntry& e) const {
    const std::string& sep = o_.field_sep;
    std::string out;
    size_t n = 0, count = columns_.size() + keys_.size();
    auto put = [&](std::string text, size_t width) {
      bool last = ++n == count && last_key_shown_;
      out += sep.empty() ? "  " : n == 1 ? "" : sep;
      if (!last && text.size() < width) text.append(width - text.size(), ' ');
      out += text;
    };
    for (const Column& c : columns_) put(cell(c, e), c.width);
    for (SortKey k : keys_) {
      bool last = n + 1 == count && last_key_shown_;
      put(sep.empty() ? base.key_text(k, e, !last) : base.sep_key_text(k, e), base.key_width(k));
    }
    if (out.size() > line_room_) out.resize(line_room_);
    return out;
  }

  void print_header(std::FILE* out, const Hists& base) const {
    const std::string& sep = o_.field_sep;
    std::string h = "# ", d = "# ";
    bool first = true;
    auto col = [&](const std::string& text, size_t width) {
      if (!first) {
        h += sep.empty() ? "  " : sep;
        d += "  ";
      }
      first = false;
      h += text;
      d.append(width, '.');
    };
    for (const Column& c : columns_) col(c.header, c.width);
    for (SortKey k : keys_) {
      std::string name = base.key_header(k);
      size_t w = base.key_width(k);
      if (name.size() < w) name.append(w - name.size(), ' ');
      col(name.substr(0, w), w);
    }
    if (sep.empty()) std::fprintf(out, "%s\n%s\n#\n", h.c_str(), d.c_str());
    else std::fprintf(out, "%s\n", h.c_str());
  }

  std::vector<Hists*> files_;
  DiffOptions o_;
  uint64_t base_total_ = 0, print_total_ = 0;
  std::vector<Column> columns_;
  std::vector<SortKey> keys_;
  bool last_key_shown_ = true;
  size_t line_room_ = 0;
};

}  // namespace

void print_diff(std::FILE* out, std::vector<Hists*> files, const DiffOptions& opts, bool show_header) {
  DiffTable(std::move(files), opts).print(out, show_header);
}

}  // namespace cperf
