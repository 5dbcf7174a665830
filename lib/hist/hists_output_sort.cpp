// The output sort of the common layouts (overhead columns, then comm, dso and symbol keys).
//
// Why: perf's output order comes from inserting every entry into a red-black tree, and the
// children compare is no total order (callers first within one thread), so the order depends
// on the tree's shape and cannot be replaced by a sort. With hundreds of thousands of entries,
// each insertion's dozen compares each touched several cache lines of big entries. Here the
// same tree is built, with the same compares, on small records laid out side by side.
#include <type_traits>

#include "hist/hist_compare.h"
#include "hist/hists.h"

namespace cperf {

namespace {

// What sort_cmp reads of one entry; rb.owner is the entry.
struct SortRecord {
  RbNode rb;
  uint64_t number[2] = {0, 0};  // the sorting number columns, in order
  int32_t pid = 0, tid = 0;
  uint32_t depth = 0;           // the call-path tree's max depth
  bool has_map = false, has_sym = false;
  Text comm, dso, sym;
};
// The tree's nodes are the records' first members: a node is its record.
static_assert(std::is_standard_layout_v<SortRecord>);

}  // namespace

bool Hists::plain_sorted(const std::vector<HistEntry*>& in, std::vector<HistEntry*>& out) const {
  if (!opts_.fields.empty() || !members_.empty() || opts_.show_cpu_utilization) return false;
  prepare_sort_order();
  if (sort_numbers_.size() > 2) return false;
  for (OutputField::Kind kind : sort_numbers_)
    if (kind != OutputField::kChildren && kind != OutputField::kSelf) return false;
  for (SortKey key : sort_keys_)
    if (key != SortKey::kComm && key != SortKey::kDso && key != SortKey::kSym) return false;

  std::vector<SortRecord> recs(in.size());
  for (size_t i = 0; i < in.size(); ++i) {
    HistEntry* e = in[i];
    SortRecord& s = recs[i];
    s.rb.owner = e;
    for (size_t k = 0; k < sort_numbers_.size(); ++k)
      s.number[k] = sort_numbers_[k] == OutputField::kChildren ? e->period_acc : e->period;
    s.pid = e->key.pid;
    s.tid = e->key.tid;
    s.depth = static_cast<uint32_t>(e->chain.max_depth());
    s.has_map = e->key.has_map;
    s.has_sym = e->key.has_sym;
    s.comm = e->key.comm;
    s.dso = e->key.dso;
    s.sym = e->key.sym;
  }

  // sort_cmp(a, b) on the records: > 0 puts a first.
  auto cmp = [&](const SortRecord& a, const SortRecord& b) -> int64_t {
    for (size_t k = 0; k < sort_numbers_.size(); ++k) {
      int64_t c = field_cmp(a.number[k], b.number[k]);
      // children_cmp: within one thread the caller (the longer paths below it) first
      if (!c && sort_numbers_[k] == OutputField::kChildren && a.tid == b.tid && a.pid == b.pid &&
          opts_.use_callchain) {
        c = static_cast<int64_t>(b.depth) - static_cast<int64_t>(a.depth);
        if (opts_.caller_order) c = -c;
      }
      if (c) return c;
    }
    for (SortKey key : sort_keys_) {
      int64_t c = 0;
      switch (key) {
        case SortKey::kComm: c = str_cmp(b.comm, a.comm); break;
        case SortKey::kDso: c = dso_name_cmp(b.has_map, b.dso, a.has_map, a.dso); break;
        default:  // kSym
          c = !a.has_sym || !b.has_sym ? cmp_null(a.has_sym, b.has_sym) : str_cmp(b.sym, a.sym);
      }
      if (c) return c;
    }
    return 0;
  };
  RbRoot tree;
  for (SortRecord& s : recs)
    rb_insert(tree, &s.rb, [&](const RbNode* it) { return cmp(s, *reinterpret_cast<const SortRecord*>(it)) > 0; });
  out.reserve(in.size());
  for (RbNode* r = rb_first(tree); r; r = rb_next(r)) out.push_back(r->item<HistEntry>());
  return true;
}

}  // namespace cperf
