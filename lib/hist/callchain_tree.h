// CallchainTree: the per-hist-entry tree of call paths that `perf report` aggregates and prints.
//
// Semantics follow upstream perf's callchain tree (documented behaviour, own implementation):
//  - A path is a sequence of ChainFrames, first frame = the tree's top level (callee first by
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
#pragma once
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "base/string_pool.h"
#include "hist/rbtree.h"

namespace cperf {

struct ChainFrame {
  uint64_t ip = 0;          // the sampled address (absolute)
  uint32_t dso_order = 0;   // 0: no map; else the dso's creation order + 1
  bool has_map = false;
  bool has_sym = false;
  bool inlined = false;
  uint64_t sym_start = 0;   // symbol start (dso address space) when has_sym
  uint64_t sym_end = 0;
  const std::string* dso = nullptr;  // the map's dso short name, when has_map
  const void* map = nullptr;         // the map (identity only), when has_map
  // Pooled texts (StringPool): the frame's strings are shared by every frame that has them.
  Text sym;                 // the symbol's own name (without " (inlined)")
  Text name;                // what perf prints; unset for 0x<ip> (see frame_text)
  Text srcline;             // its source line, when entries are keyed by it (-s srcline)
};

// perf's match_chain for the default "function" key: <0 when a sorts before b.
int compare_frames(const ChainFrame& a, const ChainFrame& b);

// What perf prints for a frame: its name, or "0x<ip>" (printf "%#lx") for one without, made
// in buf (frames without a symbol are many and their addresses distinct: not worth pooling).
const char* frame_text(const ChainFrame& f, char (&buf)[20]);

struct ChainNode {
  ChainNode* parent = nullptr;
  std::vector<ChainFrame> val;
  uint64_t hit = 0, children_hit = 0;
  uint64_t count = 0, children_count = 0;
  RbNode rb_in;                                      // link among the parent's children
  RbRoot children_in;                                // children, perf's insertion tree
  std::vector<std::unique_ptr<ChainNode>> owned;     // the children, unordered
  std::vector<ChainNode*> sorted;                    // filled by sort_graph

  ChainNode() { rb_in.owner = this; }
  uint64_t cumul_hits() const { return hit + children_hit; }
  uint64_t cumul_count() const { return count + children_count; }
  // Children in tree order (largest first key first).
  std::vector<const ChainNode*> children() const;
};

class CallchainTree {
 public:
  // Adds one path (n frames from `path`) with its period. Empty paths are ignored.
  void append(const ChainFrame* path, size_t n, uint64_t period);
  void append(const std::vector<ChainFrame>& path, uint64_t period) {
    append(path.data(), path.size(), period);
  }
  // Adds every path of `src` (perf's callchain_merge, used when two hist entries collapse
  // into one). As in perf 7.2 the merged frames keep their map but lose their symbol: they
  // match by address and print as 0x<ip>.
  void merge(const CallchainTree& src, StringPool& pool);
  // Fills `sorted` of every node for graph output (perf's graph/abs mode).
  void sort_graph(uint64_t min_hit);
  // fractal (relative) mode: min_hit is min_percent of each node's children hits.
  void sort_graph_rel(double min_fraction);
  // Nodes with own hits >= min_hit (and > 0), by own hits descending (flat/folded modes).
  std::vector<const ChainNode*> sort_flat(uint64_t min_hit) const;

  const ChainNode& root() const { return root_; }
  bool empty() const { return root_.children_in.empty(); }
  // The longest path appended (perf's callchain_root.max_depth).
  size_t max_depth() const { return max_depth_; }

 private:
  ChainNode root_;
  size_t max_depth_ = 0;
};

}  // namespace cperf
