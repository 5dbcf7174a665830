#include "hist/rbtree.h"

namespace cperf {

namespace {

void replace_child(RbRoot& root, RbNode* parent, RbNode* old_child, RbNode* new_child) {
  if (!parent)
    root.node = new_child;
  else if (parent->left == old_child)
    parent->left = new_child;
  else
    parent->right = new_child;
}

// x's right child y takes x's place; x becomes y's left child.
void rotate_left(RbRoot& root, RbNode* x) {
  RbNode* y = x->right;
  x->right = y->left;
  if (y->left) y->left->parent = x;
  y->parent = x->parent;
  replace_child(root, x->parent, x, y);
  y->left = x;
  x->parent = y;
}

void rotate_right(RbRoot& root, RbNode* x) {
  RbNode* y = x->left;
  x->left = y->right;
  if (y->right) y->right->parent = x;
  y->parent = x->parent;
  replace_child(root, x->parent, x, y);
  y->right = x;
  x->parent = y;
}

}  // namespace

void rb_insert_at(RbRoot& root, RbNode* n, RbNode* parent, RbNode** link) {
  n->parent = parent;
  n->left = n->right = nullptr;
  n->red = true;
  *link = n;
  while (true) {
    RbNode* p = n->parent;
    if (!p) {
      n->red = false;
      break;
    }
    if (!p->red) break;
    RbNode* g = p->parent;  // exists: a red node is never the root
    if (p == g->left) {
      RbNode* uncle = g->right;
      if (uncle && uncle->red) {
        p->red = uncle->red = false;
        g->red = true;
        n = g;
        continue;
      }
      if (n == p->right) {
        rotate_left(root, p);
        n = p;
        p = n->parent;
      }
      p->red = false;
      g->red = true;
      rotate_right(root, g);
    } else {
      RbNode* uncle = g->left;
      if (uncle && uncle->red) {
        p->red = uncle->red = false;
        g->red = true;
        n = g;
        continue;
      }
      if (n == p->left) {
        rotate_right(root, p);
        n = p;
        p = n->parent;
      }
      p->red = false;
      g->red = true;
      rotate_left(root, g);
    }
    break;
  }
}

RbNode* rb_first(const RbRoot& root) {
  RbNode* n = root.node;
  if (!n) return nullptr;
  while (n->left) n = n->left;
  return n;
}

RbNode* rb_next(const RbNode* n) {
  if (n->right) {
    RbNode* m = n->right;
    while (m->left) m = m->left;
    return m;
  }
  while (n->parent && n == n->parent->right) n = n->parent;
  return n->parent;
}

}  // namespace cperf
