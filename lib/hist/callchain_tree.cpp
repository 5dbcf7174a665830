#include "hist/callchain_tree.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

namespace cperf {

namespace {

template <typename T>
int three_way(T a, T b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

void append_children(ChainNode& root, const ChainFrame* path, size_t n, uint64_t period);

ChainNode* add_leaf(ChainNode& parent, const ChainFrame* path, size_t n, uint64_t period) {
  auto leaf = std::make_unique<ChainNode>();
  leaf->parent = &parent;
  leaf->val.assign(path, path + n);
  leaf->hit = period;
  leaf->count = 1;
  ChainNode* raw = leaf.get();
  parent.owned.push_back(std::move(leaf));
  return raw;
}

// The path matched only the first `at` frames of `node`: the rest of the node (with its
// children) becomes its first child, the rest of the path (if any) a second one, placed left
// or right of the first as perf's split does.
void split(ChainNode& node, size_t at, const ChainFrame* path, size_t n, uint64_t period) {
  auto tail_owner = std::make_unique<ChainNode>();
  ChainNode* tail = tail_owner.get();
  tail->parent = &node;
  tail->val.assign(node.val.begin() + static_cast<std::ptrdiff_t>(at), node.val.end());
  tail->owned = std::move(node.owned);
  tail->children_in = node.children_in;
  for (auto& c : tail->owned) c->parent = tail;
  tail->hit = node.hit;
  tail->children_hit = node.children_hit;
  tail->count = node.count;
  tail->children_count = node.children_count;
  node.val.resize(at);
  node.children_hit = tail->cumul_hits();
  node.children_count = tail->cumul_count();
  node.owned.clear();
  node.owned.push_back(std::move(tail_owner));
  node.children_in = RbRoot{};
  rb_insert_at(node.children_in, &tail->rb_in, nullptr, &node.children_in.node);
  if (n > 0) {
    node.hit = 0;
    node.count = 0;
    node.children_hit += period;
    node.children_count += 1;
    ChainNode* leaf = add_leaf(node, path, n, period);
    RbNode* first = node.children_in.node;
    bool left = compare_frames(first->item<ChainNode>()->val.front(), path[0]) < 0;
    rb_insert_at(node.children_in, &leaf->rb_in, first, left ? &first->left : &first->right);
  } else {
    node.hit = period;
    node.count = 1;
  }
}

// perf's append_chain: 0 when the path went into `node` (matched its first frame), else the
// order of the node's first frame against the path's (<0: the node's is smaller).
int append_chain(ChainNode& node, const ChainFrame* path, size_t n, uint64_t period) {
  size_t i = 0;
  while (i < node.val.size() && i < n) {
    int c = compare_frames(node.val[i], path[i]);
    if (c != 0) {
      if (i == 0) return c;
      break;
    }
    ++i;
  }
  if (i < node.val.size()) {
    split(node, i, path + i, n - i, period);
  } else if (i == n) {
    node.hit += period;
    node.count += 1;
  } else {
    append_children(node, path + i, n - i, period);
  }
  return 0;
}

void append_children(ChainNode& root, const ChainFrame* path, size_t n, uint64_t period) {
  // append_chain merges into the child it matches (0) as a side effect of the search.
  RbSlot slot = rb_find_slot(root.children_in, [&](RbNode* child) {
    return append_chain(*child->item<ChainNode>(), path, n, period);
  });
  if (!slot.found) {
    ChainNode* leaf = add_leaf(root, path, n, period);
    rb_insert_at(root.children_in, &leaf->rb_in, slot.parent, slot.link);
  }
  root.children_hit += period;
  root.children_count += 1;
}

void sort_abs(ChainNode& node, uint64_t min_hit) {
  node.sorted.clear();
  for (RbNode* r = rb_first(node.children_in); r; r = rb_next(r)) {
    ChainNode* c = r->item<ChainNode>();
    sort_abs(*c, min_hit);
    if (c->cumul_hits() >= min_hit) node.sorted.push_back(c);
  }
  std::stable_sort(node.sorted.begin(), node.sorted.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->cumul_hits() > b->cumul_hits(); });
}

void sort_rel(ChainNode& node, double min_fraction) {
  node.sorted.clear();
  uint64_t min_hit = static_cast<uint64_t>(std::ceil(static_cast<double>(node.children_hit) * min_fraction));
  for (RbNode* r = rb_first(node.children_in); r; r = rb_next(r)) {
    ChainNode* c = r->item<ChainNode>();
    sort_rel(*c, min_fraction);
    if (c->cumul_hits() >= min_hit) node.sorted.push_back(c);
  }
  std::stable_sort(node.sorted.begin(), node.sorted.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->cumul_hits() > b->cumul_hits(); });
}

void collect_flat(const ChainNode& node, uint64_t min_hit, std::vector<const ChainNode*>& out) {
  for (RbNode* r = rb_first(node.children_in); r; r = rb_next(r))
    collect_flat(*r->item<ChainNode>(), min_hit, out);
  if (node.hit && node.hit >= min_hit) out.push_back(&node);
}

void merge_branch(ChainNode& dst, const ChainNode& src, std::vector<ChainFrame>& path, StringPool& pool) {
  size_t old = path.size();
  for (const ChainFrame& f : src.val) {
    ChainFrame g = f;
    g.has_sym = g.inlined = false;
    g.sym_start = g.sym_end = 0;
    g.sym = Text();
    g.name = Text();  // printed as 0x<ip>
    path.push_back(std::move(g));
  }
  if (src.hit && !path.empty()) append_children(dst, path.data(), path.size(), src.hit);
  for (RbNode* r = rb_first(src.children_in); r; r = rb_next(r))
    merge_branch(dst, *r->item<ChainNode>(), path, pool);
  path.resize(old);
}

}  // namespace

void CallchainTree::merge(const CallchainTree& src, StringPool& pool) {
  std::vector<ChainFrame> path;
  merge_branch(root_, src.root_, path, pool);
}

std::vector<const ChainNode*> ChainNode::children() const {
  std::vector<const ChainNode*> v;
  for (RbNode* r = rb_first(children_in); r; r = rb_next(r)) v.push_back(r->item<ChainNode>());
  return v;
}

const char* frame_text(const ChainFrame& f, char (&buf)[20]) {
  if (!f.name.unset()) return f.name.c_str();
  std::snprintf(buf, sizeof buf, "%#" PRIx64, f.ip);
  return buf;
}

int compare_frames(const ChainFrame& a, const ChainFrame& b) {
  if (a.has_sym && b.has_sym) {
    if (a.inlined || b.inlined) {
      int c = a.sym.compare(b.sym);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    if (a.dso_order != b.dso_order) return three_way(a.dso_order, b.dso_order);
    return three_way(a.sym_start, b.sym_start);
  }
  if (a.dso_order != b.dso_order) return three_way(a.dso_order, b.dso_order);
  return three_way(a.ip, b.ip);
}

void CallchainTree::append(const ChainFrame* path, size_t n, uint64_t period) {
  if (n == 0) return;
  append_children(root_, path, n, period);
  max_depth_ = std::max(max_depth_, n);
}

void CallchainTree::sort_graph(uint64_t min_hit) { sort_abs(root_, min_hit); }

void CallchainTree::sort_graph_rel(double min_fraction) { sort_rel(root_, min_fraction); }

std::vector<const ChainNode*> CallchainTree::sort_flat(uint64_t min_hit) const {
  std::vector<const ChainNode*> out;
  for (RbNode* r = rb_first(root_.children_in); r; r = rb_next(r))
    collect_flat(*r->item<ChainNode>(), min_hit, out);
  std::stable_sort(out.begin(), out.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->hit > b->hit; });
  return out;
}

}  // namespace cperf
