// RbTree: a minimal intrusive red-black tree with the classic bottom-up insert rebalancing.
//
// Why not std::map: perf report keeps hist entries and call-graph children in red-black trees
// whose comparators are not always total orders (modular address differences, entries that
// compare equal on one key but not another, ties broken by insertion side). The printed order
// of such ties depends on the tree's shape, so cperf builds the same shape: the caller walks
// down from the root choosing left or right, links the node there and rebalances with the
// standard algorithm (the one every textbook and perf's lib/rbtree use for insertion).
//
// Nodes are embedded in their owner; the tree owns nothing. Two node types have the same
// links: RbNode also points back to its owner, for the trees of a few entries; ChainLink does
// not, for the hundreds of thousands of call-graph nodes, whose link is their first member.
#pragma once
#include <cstdint>

namespace cperf {

// A node type has its children (left, right) and its parent with its colour in the pointer's
// low bit (nodes are at least pointer-aligned, so the bit is free), read through these:
template <typename Node>
Node* rb_parent(const Node* n) { return reinterpret_cast<Node*>(n->parent_colour & ~uintptr_t{1}); }
template <typename Node>
bool rb_red(const Node* n) { return n->parent_colour & 1; }
template <typename Node>
void rb_set_parent(Node* n, Node* p) { n->parent_colour = reinterpret_cast<uintptr_t>(p) | (n->parent_colour & 1); }
template <typename Node>
void rb_set_red(Node* n, bool r) { n->parent_colour = (n->parent_colour & ~uintptr_t{1}) | uintptr_t{r}; }

struct RbNode {
  RbNode* left = nullptr;
  RbNode* right = nullptr;
  uintptr_t parent_colour = 0;
  void* owner = nullptr;

  template <typename T>
  T* item() const { return static_cast<T*>(owner); }
};

// The links of a node whose owner is found from the link's own address (ChainNode).
struct ChainLink {
  ChainLink* left = nullptr;
  ChainLink* right = nullptr;
  uintptr_t parent_colour = 0;
};

template <typename Node>
struct RbRootOf {
  Node* node = nullptr;
  bool empty() const { return node == nullptr; }
};
using RbRoot = RbRootOf<RbNode>;

namespace rb_detail {

template <typename Node>
void replace_child(RbRootOf<Node>& root, Node* parent, Node* old_child, Node* new_child) {
  if (!parent)
    root.node = new_child;
  else if (parent->left == old_child)
    parent->left = new_child;
  else
    parent->right = new_child;
}

template <typename Node>
void rotate_left(RbRootOf<Node>& root, Node* x) {
  Node* y = x->right;
  x->right = y->left;
  if (y->left) rb_set_parent(y->left, x);
  rb_set_parent(y, rb_parent(x));
  replace_child(root, rb_parent(x), x, y);
  y->left = x;
  rb_set_parent(x, y);
}

template <typename Node>
void rotate_right(RbRootOf<Node>& root, Node* x) {
  Node* y = x->left;
  x->left = y->right;
  if (y->right) rb_set_parent(y->right, x);
  rb_set_parent(y, rb_parent(x));
  replace_child(root, rb_parent(x), x, y);
  y->right = x;
  rb_set_parent(x, y);
}

}  // namespace rb_detail

// Places `n` (fresh) at `*link`, a null child slot of `parent` (or the root slot), and
// rebalances.
template <typename Node>
void rb_insert_at(RbRootOf<Node>& root, Node* n, Node* parent, Node** link) {
  using namespace rb_detail;
  rb_set_parent(n, parent);
  n->left = n->right = nullptr;
  rb_set_red(n, true);
  *link = n;
  while (true) {
    Node* p = rb_parent(n);
    if (!p) {
      rb_set_red(n, false);
      break;
    }
    if (!rb_red(p)) break;
    Node* g = rb_parent(p);  // exists: a red node is never the root
    bool p_left = p == g->left;
    Node* uncle = p_left ? g->right : g->left;
    if (uncle && rb_red(uncle)) {
      rb_set_red(p, false);
      rb_set_red(uncle, false);
      rb_set_red(g, true);
      n = g;
      continue;
    }
    if (p_left) {
      if (n == p->right) {
        rotate_left(root, p);
        n = p;
        p = rb_parent(n);
      }
      rb_set_red(p, false);
      rb_set_red(g, true);
      rotate_right(root, g);
    } else {
      if (n == p->left) {
        rotate_right(root, p);
        n = p;
        p = rb_parent(n);
      }
      rb_set_red(p, false);
      rb_set_red(g, true);
      rotate_left(root, g);
    }
    break;
  }
}

// Descends from the root: go_left(existing) says on which side of `existing` `n` goes.
template <typename Node, typename GoLeft>
void rb_insert(RbRootOf<Node>& root, Node* n, GoLeft go_left) {
  Node** link = &root.node;
  Node* parent = nullptr;
  while (*link) {
    parent = *link;
    link = go_left(parent) ? &parent->left : &parent->right;
  }
  rb_insert_at(root, n, parent, link);
}

// Where a search by `cmp(existing)` (0: the same entry, <0: go left) ends: the equal node, or
// the null slot (`*link`, child of `parent`) to hand to rb_insert_at.
template <typename Node>
struct RbSlotOf {
  Node* found = nullptr;
  Node* parent = nullptr;
  Node** link = nullptr;
};
using RbSlot = RbSlotOf<RbNode>;

template <typename Node, typename Cmp>
RbSlotOf<Node> rb_find_slot(RbRootOf<Node>& root, Cmp cmp) {
  RbSlotOf<Node> s{nullptr, nullptr, &root.node};
  while (*s.link) {
    s.parent = *s.link;
    // Both children are fetched while this node is compared: the search goes on to one of
    // them, and in a large tree each step is otherwise a cache miss.
    __builtin_prefetch(s.parent->left);
    __builtin_prefetch(s.parent->right);
    auto c = cmp(s.parent);
    if (c == 0) {
      s.found = s.parent;
      return s;
    }
    s.link = c < 0 ? &s.parent->left : &s.parent->right;
  }
  return s;
}

template <typename Node>
Node* rb_first(const RbRootOf<Node>& root) {
  Node* n = root.node;
  if (!n) return nullptr;
  while (n->left) n = n->left;
  return n;
}

template <typename Node>
Node* rb_next(const Node* n) {
  if (n->right) {
    Node* m = n->right;
    while (m->left) m = m->left;
    return m;
  }
  while (rb_parent(n) && n == rb_parent(n)->right) n = rb_parent(n);
  return rb_parent(n);
}

// Calls f(T*) for every node in order.
template <typename T, typename F>
void rb_for_each(const RbRoot& root, F f) {
  for (RbNode* n = rb_first(root); n; n = rb_next(n)) f(n->item<T>());
}

}  // namespace cperf
