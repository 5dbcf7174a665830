#include "hist/callchain_tree.h"

#include <algorithm>
#include <cmath>

namespace cperf {

namespace {

template <typename T>
int three_way(T a, T b) {
  return a < b ? -1 : (a > b ? 1 : 0);
}

// Inserts `path[pos..]` below `root` (perf's append_chain_children); returns nothing, the
// counts of `root` are updated.
void append_children(ChainNode& root, const std::vector<ChainFrame>& path, size_t pos,
                     uint64_t period);

std::unique_ptr<ChainNode> make_leaf(ChainNode* parent, const std::vector<ChainFrame>& path,
                                     size_t pos, uint64_t period) {
  auto n = std::make_unique<ChainNode>();
  n->parent = parent;
  n->val.assign(path.begin() + static_cast<std::ptrdiff_t>(pos), path.end());
  n->hit = period;
  n->count = 1;
  return n;
}

void split(ChainNode& node, size_t at, const std::vector<ChainFrame>& path, size_t pos,
           uint64_t period) {
  auto tail = std::make_unique<ChainNode>();
  tail->parent = &node;
  tail->val.assign(node.val.begin() + static_cast<std::ptrdiff_t>(at), node.val.end());
  tail->children = std::move(node.children);
  for (auto& c : tail->children) c->parent = tail.get();
  tail->hit = node.hit;
  tail->children_hit = node.children_hit;
  tail->count = node.count;
  tail->children_count = node.children_count;
  node.val.resize(at);
  node.children_hit = tail->cumul_hits();
  node.children_count = tail->cumul_count();
  node.children.clear();
  ChainNode* first = tail.get();
  node.children.push_back(std::move(tail));
  if (pos < path.size()) {
    node.hit = 0;
    node.count = 0;
    node.children_hit += period;
    node.children_count += 1;
    auto leaf = make_leaf(&node, path, pos, period);
    if (compare_frames(first->val.front(), path[pos]) < 0)
      node.children.insert(node.children.begin(), std::move(leaf));
    else
      node.children.push_back(std::move(leaf));
  } else {
    node.hit = period;
    node.count = 1;
  }
}

// perf's append_chain on a child whose first frame matched.
void append_chain(ChainNode& node, const std::vector<ChainFrame>& path, size_t pos,
                  uint64_t period) {
  size_t i = 0;
  while (i < node.val.size() && pos < path.size() && compare_frames(node.val[i], path[pos]) == 0) {
    ++i;
    ++pos;
  }
  if (i < node.val.size()) {
    split(node, i, path, pos, period);
  } else if (pos == path.size()) {
    node.hit += period;
    node.count += 1;
  } else {
    append_children(node, path, pos, period);
  }
}

void append_children(ChainNode& root, const std::vector<ChainFrame>& path, size_t pos,
                     uint64_t period) {
  const ChainFrame& f = path[pos];
  size_t insert_at = root.children.size();
  bool merged = false;
  // Inlined frames compare by name, others by address, so the sibling order is not always a
  // total order: look for an equal first frame among all siblings (perf's rb-tree descent
  // finds it in practice) and otherwise insert before the first smaller sibling.
  // TODO: emulate perf's rb-tree shape for exact tie order with mixed keys.
  for (size_t i = 0; i < root.children.size(); ++i) {
    int c = compare_frames(root.children[i]->val.front(), f);
    if (c == 0) {
      append_chain(*root.children[i], path, pos, period);
      merged = true;
      break;
    }
    if (c < 0 && insert_at == root.children.size()) insert_at = i;
  }
  if (!merged)
    root.children.insert(root.children.begin() + static_cast<std::ptrdiff_t>(insert_at),
                         make_leaf(&root, path, pos, period));
  root.children_hit += period;
  root.children_count += 1;
}

void sort_abs(ChainNode& node, uint64_t min_hit) {
  node.sorted.clear();
  for (auto& c : node.children) {
    sort_abs(*c, min_hit);
    if (c->cumul_hits() >= min_hit) node.sorted.push_back(c.get());
  }
  std::stable_sort(node.sorted.begin(), node.sorted.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->cumul_hits() > b->cumul_hits(); });
}

void sort_rel(ChainNode& node, double min_fraction) {
  node.sorted.clear();
  uint64_t min_hit = static_cast<uint64_t>(std::ceil(static_cast<double>(node.children_hit) * min_fraction));
  for (auto& c : node.children) {
    sort_rel(*c, min_fraction);
    if (c->cumul_hits() >= min_hit) node.sorted.push_back(c.get());
  }
  std::stable_sort(node.sorted.begin(), node.sorted.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->cumul_hits() > b->cumul_hits(); });
}

void collect_flat(const ChainNode& node, uint64_t min_hit, std::vector<const ChainNode*>& out) {
  for (const auto& c : node.children) collect_flat(*c, min_hit, out);
  if (node.hit && node.hit >= min_hit) out.push_back(&node);
}

}  // namespace

int compare_frames(const ChainFrame& a, const ChainFrame& b) {
  if (a.has_sym && b.has_sym) {
    if (a.inlined || b.inlined) {
      int c = a.name.compare(b.name);
      return c < 0 ? -1 : (c > 0 ? 1 : 0);
    }
    if (a.dso_order != b.dso_order) return three_way(a.dso_order, b.dso_order);
    return three_way(a.sym_start, b.sym_start);
  }
  if (a.dso_order != b.dso_order) return three_way(a.dso_order, b.dso_order);
  return three_way(a.ip, b.ip);
}

void CallchainTree::append(const std::vector<ChainFrame>& path, uint64_t period) {
  if (path.empty()) return;
  append_children(root_, path, 0, period);
}

void CallchainTree::sort_graph(uint64_t min_hit) { sort_abs(root_, min_hit); }

void CallchainTree::sort_graph_rel(double min_fraction) { sort_rel(root_, min_fraction); }

std::vector<const ChainNode*> CallchainTree::sort_flat(uint64_t min_hit) const {
  std::vector<const ChainNode*> out;
  for (const auto& c : root_.children) collect_flat(*c, min_hit, out);
  std::stable_sort(out.begin(), out.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->hit > b->hit; });
  return out;
}

}  // namespace cperf
