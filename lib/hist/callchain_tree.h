// CallchainTree: the per-hist-entry tree of call paths that `perf report` aggregates and prints.
//
// Semantics follow upstream perf's callchain tree (documented behaviour, own implementation):
//  - A path is a sequence of frames, first frame = the tree's top level (callee first by
//    default, caller first with -g caller or in children mode).
//  - Each node holds a run of frames shared by all paths below it, its own hits (paths ending
//    exactly there) and the hits of its children. Adding a path that diverges inside a node's
//    run splits the node.
//  - Siblings live in a red-black tree keyed by their first frame (larger keys to the left),
//    built exactly as perf builds it: frame keys are not a total order (inlined frames compare
//    by name, others by dso and address), so the in-order sibling list depends on the tree
//    shape, and printed ties fall back to that list.
//  - sort_graph(min_hit) keeps children whose cumulated hits reach min_hit, ordered by
//    cumulated hits (largest first, stable); sort_flat(min_hit) lists the nodes with own hits.
//  - Each node also counts its samples (own and its children's, perf's count/children_count,
//    printed by -g count). A merged tree counts each merged path once, as perf's merge does.
//  - Nodes do not know their parent: nothing printed needs it, and a large profile has
//    hundreds of thousands of nodes.
//
// Storage: frames are ids of a FrameTable, and nodes and their id runs are cut from a
// ChainStore shared by all the trees of a report, so a tree costs a few words per node and
// nothing is freed one by one.
#pragma once
#include <cstddef>
#include <type_traits>
#include <unordered_map>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "base/object_arena.h"
#include "hist/chain_branch_stats.h"
#include "hist/frame_table.h"
#include "hist/rbtree.h"

namespace cperf {

struct ChainNode {
  // What a search among siblings reads, side by side: the link among the parent's children
  // (first: a link's node is found from its address, see of()) and the first frame's compare
  // key (FrameTable::Key, unpacked).
  ChainLink rb_in;
  uint64_t key_ip = 0, key_sym_start = 0;
  const FrameId* ids = nullptr;         // the node's run of frames (in the store; never changes)
  ChainNode* const* sorted_ = nullptr;  // sort_graph's children (a counted run in the store)
  uint64_t hit = 0, children_hit = 0;
  // Sample counts, 32 bits as perf prints them ("%u").
  uint32_t count = 0, children_count = 0;
  RbRootOf<ChainLink> children_in;      // children, perf's insertion tree
  // The child the last append went through, and what kinds of first frames the children have
  // (kinds_of_children): while they are all of one kind, the frame keys of that kind are in
  // a total order, so a search among them ends at the child equal to the key whenever there
  // is one, and the last child, when equal, is that child.
  ChainNode* last_child = nullptr;
  uint32_t key_dso_order = 0;
  uint32_t nids : 28 = 0, key_has_sym : 1 = 0, key_inlined : 1 = 0, children_kind : 2 = 0;

  static ChainNode* of(const ChainLink* l) { return reinterpret_cast<ChainNode*>(const_cast<ChainLink*>(l)); }
  FrameTable::Key key0() const { return {key_ip, key_sym_start, key_dso_order, key_has_sym != 0, key_inlined != 0}; }
  void set_key0(const FrameTable::Key& k) {
    key_ip = k.ip;
    key_sym_start = k.sym_start;
    key_dso_order = k.dso_order;
    key_has_sym = k.has_sym;
    key_inlined = k.inlined;
  }
  size_t size() const { return nids; }
  FrameId id(size_t i) const { return ids[i]; }
  uint64_t cumul_hits() const { return hit + children_hit; }
  uint32_t cumul_counts() const { return count + children_count; }
  // The children sort_graph kept, in print order. Only nodes reached through them are
  // sorted: below a kept node's threshold nothing is printed, so nothing is sorted there.
  std::span<ChainNode* const> sorted() const {
    if (!sorted_) return {};
    return {sorted_, reinterpret_cast<uintptr_t>(sorted_[-1])};
  }
  // Children in tree order (largest first key first).
  std::vector<const ChainNode*> children() const;
};
static_assert(std::is_standard_layout_v<ChainNode> && offsetof(ChainNode, rb_in) == 0);

// A node with own hits and the nodes from the top down to it (sort_flat).
struct FlatNode {
  const ChainNode* node = nullptr;
  std::vector<const ChainNode*> path;  // top level first, `node` last
};

// What the trees of one report share: the frames, and the arenas of nodes and id runs.
class ChainStore {
 public:
  FrameTable frames;
  ChainNode* new_node();
  // A lasting copy of n ids.
  const FrameId* copy_ids(const FrameId* ids, size_t n);
  // A lasting copy of a node's sorted children (n > 0), preceded by n (see ChainNode::sorted).
  ChainNode* const* copy_sorted(ChainNode* const* nodes, size_t n);
  // --branch-history with its counts shown: each node made keeps a ChainBranchStats per frame
  // (set before the first append). Kept aside, by node: most reports have none, and a field
  // in every node would cost 8 bytes of each of millions.
  bool branch_stats = false;
  ChainBranchStats* new_branch_stats(size_t n);
  // The node's per-frame stats; nullptr: none.
  ChainBranchStats* bstats(const ChainNode& n) const {
    if (bstats_of_.empty()) return nullptr;
    auto it = bstats_of_.find(&n);
    return it == bstats_of_.end() ? nullptr : it->second;
  }
  void set_bstats(const ChainNode& n, ChainBranchStats* b) { bstats_of_[&n] = b; }

 private:
  static constexpr size_t kIdsPerChunk = size_t{1} << 16;
  ObjectArena<ChainNode> nodes_;
  std::vector<std::unique_ptr<FrameId[]>> id_chunks_;
  size_t ids_used_ = kIdsPerChunk, ids_cap_ = kIdsPerChunk;
  std::vector<std::unique_ptr<ChainNode*[]>> sorted_chunks_;
  std::vector<std::unique_ptr<ChainBranchStats[]>> stats_chunks_;
  size_t stats_used_ = 0, stats_cap_ = 0;
  size_t sorted_used_ = kIdsPerChunk, sorted_cap_ = kIdsPerChunk;
  std::unordered_map<const ChainNode*, ChainBranchStats*> bstats_of_;
};

// A sample's path as handed to several trees (the entry of each frame in --children mode):
// its ids are copied into the store when the first tree needs to keep some of them, from
// there on (trees are handed the path from its start on, or from later frames each time).
class PathIds {
 public:
  PathIds(ChainStore& store, const FrameId* ids, size_t n, const ChainBranchInfo* branch = nullptr)
      : store_(store), ids_(ids), n_(n), branch_(branch) {}
  // The frames as branches (parallel to the ids; nullptr: none is).
  const ChainBranchInfo* branch() const { return branch_; }
  const FrameId* data() const { return ids_; }
  size_t size() const { return n_; }
  // The lasting copy of ids [from, n).
  const FrameId* stored(size_t from) {
    if (!stored_ || from < stored_from_) {
      stored_ = store_.copy_ids(ids_ + from, n_ - from);
      stored_from_ = from;
    }
    return stored_ + (from - stored_from_);
  }

 private:
  ChainStore& store_;
  const FrameId* ids_;
  size_t n_;
  const ChainBranchInfo* branch_;
  const FrameId* stored_ = nullptr;  // ids [stored_from_, n)
  size_t stored_from_ = 0;
};

class CallchainTree {
 public:
  CallchainTree() = default;
  CallchainTree(const CallchainTree&) = delete;
  CallchainTree& operator=(const CallchainTree&) = delete;
  // The store the tree's nodes come from (before the first append); unset: one of its own.
  void use_store(ChainStore* store) { store_ = store; }
  ChainStore& store();
  const FrameTable& frames() { return store().frames; }

  // Adds the path's frames [from, n) with their period. Empty paths are ignored.
  void append(PathIds& path, size_t from, uint64_t period);
  void append(const FrameId* ids, size_t n, uint64_t period) {
    PathIds p(store(), ids, n);
    append(p, 0, period);
  }
  // Convenience (tests): interns the frames first.
  void append(const std::vector<ChainFrame>& path, uint64_t period);
  // Adds every path of `src` (perf's callchain_merge, used when two hist entries collapse
  // into one). As in perf 7.2 the merged frames keep their map but lose their symbol: they
  // match by address and print as 0x<ip>. Both trees share one store.
  void merge(const CallchainTree& src);
  // Fills sorted() of the nodes graph output shows (perf's graph/abs mode).
  void sort_graph(uint64_t min_hit);
  // fractal (relative) mode: min_hit is min_percent of each node's children hits.
  void sort_graph_rel(double min_fraction);
  // Nodes with own hits >= min_hit (and > 0), by own hits descending (flat/folded modes).
  std::vector<FlatNode> sort_flat(uint64_t min_hit) const;

  const ChainNode& root() const { return root_; }
  bool empty() const { return root_.children_in.empty(); }
  // The longest path appended (perf's callchain_root.max_depth).
  size_t max_depth() const { return max_depth_; }
  ~CallchainTree();

 private:
  ChainNode root_;
  ChainStore* store_ = nullptr;
  uint32_t max_depth_ = 0;
  bool owns_store_ = false;  // a tree made on its own (tests): store_ is its own
};

}  // namespace cperf
