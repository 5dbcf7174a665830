#include "hist/callchain_tree.h"

#include <algorithm>
#include <cmath>

namespace cperf {

ChainNode* ChainStore::new_node() { return nodes_.make(); }

const FrameId* ChainStore::copy_ids(const FrameId* ids, size_t n) {
  if (ids_cap_ - ids_used_ < n) {
    ids_cap_ = std::max(kIdsPerChunk, n);
    id_chunks_.push_back(std::make_unique_for_overwrite<FrameId[]>(ids_cap_));
    ids_used_ = 0;
  }
  FrameId* out = id_chunks_.back().get() + ids_used_;
  std::copy(ids, ids + n, out);
  ids_used_ += n;
  return out;
}

ChainNode* const* ChainStore::copy_sorted(ChainNode* const* nodes, size_t n) {
  if (sorted_cap_ - sorted_used_ < n + 1) {
    sorted_cap_ = std::max(kIdsPerChunk, n + 1);
    sorted_chunks_.push_back(std::make_unique_for_overwrite<ChainNode*[]>(sorted_cap_));
    sorted_used_ = 0;
  }
  ChainNode** out = sorted_chunks_.back().get() + sorted_used_;
  out[0] = reinterpret_cast<ChainNode*>(static_cast<uintptr_t>(n));  // the count, read by sorted()
  std::copy(nodes, nodes + n, out + 1);
  sorted_used_ += n + 1;
  return out + 1;
}

ChainBranchStats* ChainStore::new_branch_stats(size_t n) {
  if (stats_cap_ - stats_used_ < n) {
    stats_cap_ = std::max<size_t>(4096, n);
    stats_chunks_.push_back(std::make_unique<ChainBranchStats[]>(stats_cap_));
    stats_used_ = 0;
  }
  ChainBranchStats* out = stats_chunks_.back().get() + stats_used_;
  stats_used_ += n;
  return out;
}

namespace {

// perf's branch counts of frames [0, n) of a node, from the path's frames at `from` on.
void count_branches(ChainStore& st, ChainBranchStats* stats, const PathIds& path, size_t from, size_t n,
                    bool made) {
  if (!stats || !path.branch()) return;
  for (size_t k = 0; k < n; ++k) stats[k].add(path.branch()[from + k], st.frames.key(path.data()[from + k]).ip, made);
}

void append_children(ChainStore& st, ChainNode& root, PathIds& path, size_t from, uint64_t period);

// ChainNode::children_kind: none yet; all symbols (not inlined: ordered by dso and symbol
// start); all without a symbol (by dso and address); mixed (or inlined, or keyed by source
// line: no total order, every search walks the tree).
enum ChildrenKind : uint32_t { kNoChildren = 0, kSymbolChildren = 1, kBareChildren = 2, kMixedChildren = 3 };

ChildrenKind kind_of_key(const FrameTable& frames, const FrameTable::Key& k) {
  if (frames.keyed_by_srcline()) return kMixedChildren;
  if (k.has_sym) return k.inlined ? kMixedChildren : kSymbolChildren;
  return kBareChildren;
}

void note_child(const FrameTable& frames, ChainNode& parent, ChainNode* child) {
  ChildrenKind k = kind_of_key(frames, child->key0());
  if (parent.children_kind == kNoChildren) parent.children_kind = k;
  else if (parent.children_kind != k) parent.children_kind = kMixedChildren;
  parent.last_child = child;
}

ChainNode* add_leaf(ChainStore& st, PathIds& path, size_t from, uint64_t period) {
  ChainNode* leaf = st.new_node();
  leaf->ids = path.stored(from);
  leaf->nids = static_cast<uint32_t>(path.size() - from);
  leaf->set_key0(st.frames.key(leaf->ids[0]));
  leaf->hit = period;
  leaf->count = 1;
  if (st.branch_stats) {
    ChainBranchStats* stats = st.new_branch_stats(leaf->nids);
    st.set_bstats(*leaf, stats);
    count_branches(st, stats, path, from, leaf->nids, true);
  }
  return leaf;
}

// The path matched only the first `at` frames of `node`: the rest of the node (with its
// children) becomes its first child, the rest of the path (from `from`, if any) a second one,
// placed left or right of the first as perf's split does.
void split(ChainStore& st, ChainNode& node, size_t at, PathIds& path, size_t from, uint64_t period) {
  ChainNode* tail = st.new_node();
  tail->ids = node.ids + at;
  tail->nids = static_cast<uint32_t>(node.nids - at);
  tail->set_key0(st.frames.key(tail->ids[0]));
  tail->children_in = node.children_in;
  if (ChainBranchStats* stats = st.bstats(node)) st.set_bstats(*tail, stats + at);
  tail->hit = node.hit;
  tail->children_hit = node.children_hit;
  tail->count = node.count;
  tail->children_count = node.children_count;
  tail->children_kind = node.children_kind;
  tail->last_child = node.last_child;
  node.nids = static_cast<uint32_t>(at);
  node.children_hit = tail->cumul_hits();
  node.children_count = tail->cumul_counts();
  node.children_in = {};
  node.children_kind = kNoChildren;
  rb_insert_at(node.children_in, &tail->rb_in, static_cast<ChainLink*>(nullptr), &node.children_in.node);
  note_child(st.frames, node, tail);
  if (from < path.size()) {
    node.hit = 0;
    node.children_hit += period;
    node.count = 0;
    node.children_count += 1;
    bool left = st.frames.compare(tail->ids[0], path.data()[from]) < 0;
    ChainNode* leaf = add_leaf(st, path, from, period);
    ChainLink* first = node.children_in.node;
    rb_insert_at(node.children_in, &leaf->rb_in, first, left ? &first->left : &first->right);
    note_child(st.frames, node, leaf);
  } else {
    node.hit = period;
    node.count = 1;
  }
}

// perf's append_chain for a node whose first frame matches the path's (at `from`): the
// path goes into the node, splitting it where they part.
void append_chain(ChainStore& st, ChainNode& node, PathIds& path, size_t from, uint64_t period) {
  const FrameId* p = path.data() + from;
  size_t n = path.size() - from;
  size_t i = 1;
  while (i < node.nids && i < n) {
    if (node.ids[i] != p[i] && st.frames.compare(node.ids[i], p[i]) != 0) break;
    ++i;
  }
  count_branches(st, st.bstats(node), path, from, i, false);
  if (i < node.nids) {
    split(st, node, i, path, from + i, period);
  } else if (i == n) {
    node.hit += period;
    node.count += 1;
  } else {
    append_children(st, node, path, from + i, period);
  }
}

void append_children(ChainStore& st, ChainNode& root, PathIds& path, size_t from, uint64_t period) {
  const FrameId first = path.data()[from];
  const FrameTable::Key key = st.frames.key(first);
  ChainNode* last = root.last_child;
  if (last && root.children_kind != kMixedChildren && root.children_kind == kind_of_key(st.frames, key) &&
      FrameTable::compare_keys(last->key0(), key) == 0) {
    append_chain(st, *last, path, from, period);  // the child the search would end at
  } else {
    auto slot = rb_find_slot(root.children_in, [&](ChainLink* r) {
      const ChainNode& child = *ChainNode::of(r);
      int c = FrameTable::compare_keys(child.key0(), key);
      return c == FrameTable::kByName ? st.frames.compare(child.ids[0], first) : c;
    });
    if (slot.found) {
      root.last_child = ChainNode::of(slot.found);
      append_chain(st, *ChainNode::of(slot.found), path, from, period);
    } else {
      ChainNode* leaf = add_leaf(st, path, from, period);
      rb_insert_at(root.children_in, &leaf->rb_in, slot.parent, slot.link);
      note_child(st.frames, root, leaf);
    }
  }
  root.children_hit += period;
  root.children_count += 1;
}

// perf's graph sorts: a node's children that reach min_hit(node), largest cumulated hits first
// (stable: ties keep tree order), stored for the node. Children below the threshold are not
// descended into: all their nodes have fewer hits, so print never reaches them. `kept` is
// scratch shared by the whole walk (each level works above the levels that called it).
template <typename MinHit>
void sort_kept(ChainStore& st, ChainNode& node, MinHit min_hit, std::vector<ChainNode*>& kept) {
  size_t base = kept.size();
  uint64_t min = min_hit(node);
  node.sorted_ = nullptr;
  if (node.children_hit < min) return;  // no child has more than all of them
  for (ChainLink* r = rb_first(node.children_in); r; r = rb_next(r)) {
    ChainNode* c = ChainNode::of(r);
    if (c->cumul_hits() >= min) kept.push_back(c);
  }
  for (size_t i = base; i < kept.size(); ++i) sort_kept(st, *kept[i], min_hit, kept);
  std::stable_sort(kept.begin() + static_cast<std::ptrdiff_t>(base), kept.end(),
                   [](const ChainNode* a, const ChainNode* b) { return a->cumul_hits() > b->cumul_hits(); });
  size_t n = kept.size() - base;
  node.sorted_ = n ? st.copy_sorted(kept.data() + base, n) : nullptr;
  kept.resize(base);
}

// Nodes with own hits >= min_hit, children before their parent; `path` is the nodes above.
void collect_flat(const ChainNode& node, uint64_t min_hit, std::vector<const ChainNode*>& path,
                  std::vector<FlatNode>& out) {
  if (node.cumul_hits() < min_hit) return;  // no node below has more
  path.push_back(&node);
  for (ChainLink* r = rb_first(node.children_in); r; r = rb_next(r))
    collect_flat(*ChainNode::of(r), min_hit, path, out);
  if (node.hit && node.hit >= min_hit) out.push_back(FlatNode{&node, path});
  path.pop_back();
}

void merge_branch(ChainStore& st, ChainNode& dst, const ChainNode& src, std::vector<FrameId>& path) {
  size_t old = path.size();
  for (size_t i = 0; i < src.size(); ++i) {
    ChainFrame g = st.frames[src.id(i)];
    g.has_sym = g.inlined = false;
    g.sym_start = g.sym_end = 0;
    g.sym = Text();
    g.name = Text();  // printed as 0x<ip>
    path.push_back(st.frames.intern(g));
  }
  if (src.hit && !path.empty()) {
    PathIds p(st, path.data(), path.size());
    append_children(st, dst, p, 0, src.hit);
  }
  for (ChainLink* r = rb_first(src.children_in); r; r = rb_next(r))
    merge_branch(st, dst, *ChainNode::of(r), path);
  path.resize(old);
}

}  // namespace

CallchainTree::~CallchainTree() {
  if (owns_store_) delete store_;
}

ChainStore& CallchainTree::store() {
  if (!store_) {
    store_ = new ChainStore();
    owns_store_ = true;
  }
  return *store_;
}

void CallchainTree::merge(const CallchainTree& src) {
  std::vector<FrameId> path;
  merge_branch(store(), root_, src.root_, path);
}

std::vector<const ChainNode*> ChainNode::children() const {
  std::vector<const ChainNode*> v;
  for (ChainLink* r = rb_first(children_in); r; r = rb_next(r)) v.push_back(ChainNode::of(r));
  return v;
}

void CallchainTree::append(PathIds& path, size_t from, uint64_t period) {
  if (from >= path.size()) return;
  append_children(store(), root_, path, from, period);
  // A path is at most a sample's frames with their inline lines: far below 2^32.
  max_depth_ = std::max(max_depth_, static_cast<uint32_t>(path.size() - from));
}

void CallchainTree::append(const std::vector<ChainFrame>& path, uint64_t period) {
  std::vector<FrameId> ids;
  for (const ChainFrame& f : path) ids.push_back(store().frames.intern(f));
  append(ids.data(), ids.size(), period);
}

void CallchainTree::sort_graph(uint64_t min_hit) {
  std::vector<ChainNode*> kept;
  sort_kept(store(), root_, [min_hit](const ChainNode&) { return min_hit; }, kept);
}

void CallchainTree::sort_graph_rel(double min_fraction) {
  std::vector<ChainNode*> kept;
  auto min_hit = [min_fraction](const ChainNode& n) {
    return static_cast<uint64_t>(std::ceil(static_cast<double>(n.children_hit) * min_fraction));
  };
  sort_kept(store(), root_, min_hit, kept);
}

std::vector<FlatNode> CallchainTree::sort_flat(uint64_t min_hit) const {
  std::vector<FlatNode> out;
  std::vector<const ChainNode*> path;
  for (ChainLink* r = rb_first(root_.children_in); r; r = rb_next(r))
    collect_flat(*ChainNode::of(r), min_hit, path, out);
  std::stable_sort(out.begin(), out.end(),
                   [](const FlatNode& a, const FlatNode& b) { return a.node->hit > b.node->hit; });
  return out;
}

}  // namespace cperf
