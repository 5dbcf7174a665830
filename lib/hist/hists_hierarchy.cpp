// perf report --hierarchy: the entries folded into one level per sort key (comm, then dso
// within it, then symbol ...), each level ordered like the flat output, printed indented with
// the numbers before the key and call graphs under the last level only.
//
// perf builds the levels from its input tree in order; a level entry copies the first entry
// that reaches it (its other keys and its children period, which is that entry's self period)
// and sums only the self periods of the others. Leaf call graphs are merged without symbols,
// as every collapse in perf 7.2 merges them.
#include <algorithm>
#include <cstring>

#include "hist/hists.h"

namespace cperf {

namespace {

constexpr int kIndent = 3;  // perf's HIERARCHY_INDENT
// perf prints the header's dots from a fixed string of this many, so no wider.
constexpr size_t kMaxDots = 207;

double percent_of(uint64_t v, uint64_t total) {
  return total ? static_cast<double>(v) * 100.0 / static_cast<double>(total) : 0.0;
}

std::string ltrim(const std::string& s) {
  size_t i = s.find_first_not_of(' ');
  return i == std::string::npos ? std::string() : s.substr(i);
}

std::string trim(const std::string& s) {
  std::string t = ltrim(s);
  while (!t.empty() && t.back() == ' ') t.pop_back();
  return t;
}

void collect(std::vector<HistEntry*>& out, const std::vector<std::unique_ptr<HierNode>>& nodes) {
  for (const auto& n : nodes) {
    out.push_back(&n->e);
    collect(out, n->kids);
  }
}

}  // namespace

std::vector<SortKey> Hists::hierarchy_levels() const { return shown_keys(); }

void Hists::build_hierarchy() {
  std::vector<SortKey> levels = hierarchy_levels();
  for (RbNode* r = rb_first(in_); r; r = rb_next(r)) {
    const HistEntry& he = *r->item<HistEntry>();
    RbRoot* root = &hier_in_;
    std::vector<std::unique_ptr<HierNode>>* owner = &hier_top_;
    HierNode* node = nullptr;
    for (size_t depth = 0; depth < levels.size(); ++depth) {
      SortKey key = levels[depth];
      // Entries filtered out when sampled (--comms, --dsos, ...) make nodes of their own.
      RbSlot slot = rb_find_slot(*root, [&](RbNode* it) {
        const HistEntry& e = it->item<HierNode>()->e;
        int64_t c = static_cast<int64_t>(e.filtered) - static_cast<int64_t>(he.filtered);
        return c ? c : key_cmp(key, e.key, he.key, true);
      });
      if (slot.found) {
        node = slot.found->item<HierNode>();
        node->e.period += he.period;
        node->e.latency += he.latency;
        node->e.samples += he.samples;
        merge_self_extras(node->e, he);
      } else {
        owner->push_back(std::make_unique<HierNode>());
        node = owner->back().get();
        node->e.chain.use_store(&chain_store());
        node->e.key = he.key;
        node->e.filtered = he.filtered;
        node->e.period = node->e.period_acc = he.period;
        node->e.latency = node->e.latency_acc = he.latency;
        node->e.samples = node->e.samples_acc = he.samples;
        merge_self_extras(node->e, he);
        node->depth = static_cast<int>(depth);
        rb_insert_at(*root, &node->rb_in, slot.parent, slot.link);
      }
      root = &node->kids_in;
      owner = &node->kids;
    }
    if (!node) continue;
    node->leaf = true;
    if (opts_.use_callchain) node->e.chain.merge(he.chain);
  }
}

// --symbol-filter hides leaves whose symbol lacks the text (--socket-filter: of other sockets), and levels left with no leaf;
// the periods stay as they were.
bool Hists::filter_hierarchy_symbols(HierNode& n) {
  if (n.leaf) {
    if (!output_filter_keeps(n.e.key)) n.e.filtered = true;
  } else {
    bool any = false;
    for (auto& k : n.kids) any |= filter_hierarchy_symbols(*k);
    if (!any) n.e.filtered = true;
  }
  return !n.e.filtered;
}

// Group view: every level's node finds its equal in a member's hierarchy (pairs[m]); the
// member's nodes without one join ours with no period (perf's hists__match/link_hierarchy).
void Hists::link_hierarchy(RbRoot& ours, std::vector<std::unique_ptr<HierNode>>& owned, RbRoot& theirs,
                           size_t m, int depth) {
  std::vector<SortKey> levels = hierarchy_levels();
  SortKey key = levels[static_cast<size_t>(depth)];
  auto find = [&](RbRoot& root, const HistEntry& e) {
    return rb_find_slot(root, [&](RbNode* it) {
      const HistEntry& x = it->item<HierNode>()->e;
      int64_t c = static_cast<int64_t>(x.filtered) - static_cast<int64_t>(e.filtered);
      return c ? c : key_cmp(key, x.key, e.key, true);
    });
  };
  for (RbNode* r = rb_first(ours); r; r = rb_next(r)) {
    HierNode* n = r->item<HierNode>();
    RbSlot slot = find(theirs, n->e);
    if (!slot.found) continue;
    HierNode* pair = slot.found->item<HierNode>();
    n->e.set_pair(m, &pair->e);
    if (!n->leaf) link_hierarchy(n->kids_in, n->kids, pair->kids_in, m, depth + 1);
  }
  for (RbNode* r = rb_first(theirs); r; r = rb_next(r)) {
    HierNode* t = r->item<HierNode>();
    RbSlot slot = find(ours, t->e);
    HierNode* n = slot.found ? slot.found->item<HierNode>() : nullptr;
    if (n && n->e.pair(m)) continue;
    if (!n) {
      owned.push_back(std::make_unique<HierNode>());
      n = owned.back().get();
      n->e.key = t->e.key;
      n->e.filtered = t->e.filtered;
      n->depth = depth;
      n->leaf = t->leaf;
      rb_insert_at(ours, &n->rb_in, slot.parent, slot.link);
    }
    n->e.set_pair(m, &t->e);
    if (!t->leaf) link_hierarchy(n->kids_in, n->kids, t->kids_in, m, depth + 1);
  }
}

void Hists::sort_hierarchy(std::vector<HierNode*>& out, RbRoot& in) {
  RbRoot sorted;
  for (RbNode* r = rb_first(in); r; r = rb_next(r)) {
    HierNode* n = r->item<HierNode>();
    rb_insert(sorted, &n->rb_out,
              [&](const RbNode* it) { return sort_cmp(n->e, it->item<HierNode>()->e) > 0; });
    if (!n->leaf) sort_hierarchy(n->sorted, n->kids_in);
  }
  for (RbNode* r = rb_first(sorted); r; r = rb_next(r)) out.push_back(r->item<HierNode>());
}

void Hists::print_hierarchy_header(std::FILE* out) const {
  std::vector<SortKey> levels = hierarchy_levels();
  int indent = static_cast<int>(levels.size()) - 1;  // perf: (nr_hpp_node - 2), the overhead node counted
  // -t: no indent, the separator between the columns' headers and dots
  const std::string& sep = opts_.field_sep;
  if (!sep.empty()) indent = 0;
  std::string head = "# " + std::string(indent * kIndent, ' ');
  std::string dots = "# " + std::string(indent * kIndent, '.');
  // the memory statistics' titles on a line of their own above
  std::string titles = head;
  bool first = true, any_title = false;
  for (const OutputField& f : columns()) {
    if (f.kind == OutputField::kKey) continue;
    std::string mem_names = f.is_mem_stat() ? mem_stat_names(f.kind) : "";
    const char* name = f.is_mem_stat() ? mem_names.c_str() : number_header(f.kind, false);
    size_t w = f.is_mem_stat() ? field_width(f) : number_width(f.kind) * group_size();
    titles += f.is_mem_stat() ? mem_stat_title_text(f.kind) : std::string(w, ' ');
    titles += "  ";
    any_title = any_title || f.is_mem_stat();
    if (std::strlen(name) < w) head.append(w - std::strlen(name), ' ');
    head += name;
    head += sep.empty() ? "  " : sep;
    if (!first) dots += sep.empty() ? ".." : sep;
    first = false;
    dots.append(w, '.');
  }
  size_t header_width = 0;
  for (size_t i = 0; i < levels.size(); ++i) {
    std::string name = (i ? " / " : "") + trim(key_header(levels[i]));
    head += name;
    header_width += name.size();
  }
  for (size_t i = 0; i < levels.size(); ++i)
    header_width = std::max(header_width, i * kIndent + key_width(levels[i]));
  dots += sep.empty() ? "  " : sep;
  dots.append(std::min(header_width, kMaxDots), '.');
  if (any_title) std::fprintf(out, "%s\n", titles.c_str());
  std::fprintf(out, "%s\n%s\n#\n", head.c_str(), dots.c_str());
}

void Hists::print_hierarchy_node(std::FILE* out, HierNode& n, const HierLayout& layout) {
  uint64_t total = total_period();
  auto limit_percent = [&](const HistEntry& e) {
    return static_cast<float>(percent_of(opts_.children ? e.period_acc : e.period, total));
  };
  float limit = static_cast<float>(opts_.percent_limit);
  if (!n.e.filtered && limit_percent(n.e) >= limit) {
    std::string line(n.depth * kIndent, ' ');
    // -t: the separator between the columns, each number filled to its column (no colours)
    const std::string& sep = opts_.field_sep;
    for (size_t i = 0; i < layout.numbers.size(); ++i) {
      OutputField::Kind kind = layout.numbers[i];
      if (sep.empty()) {
        line += "  ";
        line += opts_.color ? colored_number_text(kind, n.e) : number_text(kind, n.e);
        // memory statistics fill their column (all 8 places without a header: -q)
        if (OutputField f{kind}; f.is_mem_stat()) {
          size_t w = field_width(f), shown = number_text(kind, n.e).size();
          if (shown < w) line.append(w - shown, ' ');
        }
        continue;
      }
      if (i) line += sep;
      std::string t = number_text(kind, n.e);
      if (size_t w = number_width(kind) * group_size(); t.size() < w) t.append(w - t.size(), ' ');
      line += t;
    }
    if (sep.empty()) line.append((layout.levels.size() - 1) * kIndent, ' ');
    line += sep.empty() ? "  " : sep;
    SortKey key = layout.levels[n.depth];
    line += ltrim(sep.empty() ? key_text(key, n.e, false) : sep_key_text(key, n.e));
    std::fprintf(out, "%s\n", line.c_str());
    if (n.leaf && layout.chains) print_chain(out, n.e);
    // perf's "no entry" line when the first shown child is under the limit (or none is shown)
    if (!n.leaf) {
      auto it = std::find_if(n.sorted.begin(), n.sorted.end(), [](const HierNode* k) { return !k->e.filtered; });
      if (it == n.sorted.end() || limit_percent((*it)->e) < limit) {
        int depth = static_cast<int>(layout.levels.size()) + 1 + n.depth + 1;
        std::fprintf(out, "%s%*sno entry >= %.2f%%\n", std::string((depth - 2) * kIndent, ' ').c_str(),
                     static_cast<int>(layout.overhead_width + 4), "", opts_.percent_limit);
      }
    }
  }
  for (HierNode* k : n.sorted) print_hierarchy_node(out, *k, layout);
}

void Hists::print_hierarchy(std::FILE* out, bool show_header) {
  prepare_entries();
  build_hierarchy();
  if (!opts_.symbol_filter.empty() || opts_.socket_filter >= 0)
    for (auto& n : hier_top_) filter_hierarchy_symbols(*n);
  for (size_t m = 0; m < members_.size(); ++m) {
    Hists& other = *members_[m];
    other.prepare_entries();
    other.build_hierarchy();
    if (!hierarchy_levels().empty()) link_hierarchy(hier_in_, hier_top_, other.hier_in_, m, 0);
  }
  sort_hierarchy(hier_sorted_, hier_in_);
  std::vector<HistEntry*> all;
  collect(all, hier_top_);
  compute_widths(all);
  mem_full_width_ = !show_header;
  if (show_header) print_hierarchy_header(out);
  HierLayout layout;
  layout.levels = hierarchy_levels();
  for (const OutputField& f : columns()) {
    if (f.kind == OutputField::kKey) continue;
    size_t w = f.is_mem_stat() ? field_width(f) : number_width(f.kind) * group_size();
    layout.overhead_width += w + (layout.numbers.empty() ? 0 : 2);
    layout.numbers.push_back(f.kind);
  }
  layout.chains = opts_.use_callchain && opts_.mode != ChainMode::kNone;
  for (HierNode* n : hier_sorted_) print_hierarchy_node(out, *n, layout);
}

}  // namespace cperf
