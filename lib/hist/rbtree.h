// RbTree: a minimal intrusive red-black tree with the classic bottom-up insert rebalancing.
//
// Why not std::map: perf report keeps hist entries and call-graph children in red-black trees
// whose comparators are not always total orders (modular address differences, entries that
// compare equal on one key but not another, ties broken by insertion side). The printed order
// of such ties depends on the tree's shape, so cperf builds the same shape: the caller walks
// down from the root choosing left or right, links the node there and rebalances with the
// standard algorithm (the one every textbook and perf's lib/rbtree use for insertion).
//
// Nodes are embedded in their owner (`RbNode::owner` points back to it); the tree owns nothing.
#pragma once

namespace cperf {

struct RbNode {
  RbNode* parent = nullptr;
  RbNode* left = nullptr;
  RbNode* right = nullptr;
  bool red = true;
  void* owner = nullptr;

  template <typename T>
  T* item() const { return static_cast<T*>(owner); }
};

struct RbRoot {
  RbNode* node = nullptr;
  bool empty() const { return node == nullptr; }
};

// Places `n` (fresh, red) at `*link`, a null child slot of `parent` (or the root slot), and
// rebalances.
void rb_insert_at(RbRoot& root, RbNode* n, RbNode* parent, RbNode** link);

// Descends from the root: go_left(existing) says on which side of `existing` `n` goes.
template <typename GoLeft>
void rb_insert(RbRoot& root, RbNode* n, GoLeft go_left) {
  RbNode** link = &root.node;
  RbNode* parent = nullptr;
  while (*link) {
    parent = *link;
    link = go_left(parent) ? &parent->left : &parent->right;
  }
  rb_insert_at(root, n, parent, link);
}

// Where a search by `cmp(existing)` (0: the same entry, <0: go left) ends: the equal node, or
// the null slot (`*link`, child of `parent`) to hand to rb_insert_at.
struct RbSlot {
  RbNode* found = nullptr;
  RbNode* parent = nullptr;
  RbNode** link = nullptr;
};
template <typename Cmp>
RbSlot rb_find_slot(RbRoot& root, Cmp cmp) {
  RbSlot s{nullptr, nullptr, &root.node};
  while (*s.link) {
    s.parent = *s.link;
    auto c = cmp(s.parent);
    if (c == 0) {
      s.found = s.parent;
      return s;
    }
    s.link = c < 0 ? &s.parent->left : &s.parent->right;
  }
  return s;
}

RbNode* rb_first(const RbRoot& root);
RbNode* rb_next(const RbNode* n);

// Calls f(T*) for every node in order.
template <typename T, typename F>
void rb_for_each(const RbRoot& root, F f) {
  for (RbNode* n = rb_first(root); n; n = rb_next(n)) f(n->item<T>());
}

}  // namespace cperf
