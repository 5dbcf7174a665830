// ListNav: the selected row and the first row shown of a list browser, moved by keys as perf's
// ui_browser moves them (a page moves the view and the selection alike). A browser that waits
// for a navigation key (perf's hists browser) shows no selection until one comes, and that
// first key only makes the selection show.
#pragma once
#include <cstddef>

namespace cperf {

namespace key {
// Key codes the browsers read: characters as themselves, these beyond them (ncurses' values
// are mapped onto these by tui/terminal.h).
constexpr int kEnter = '\n', kEsc = 27, kTab = '\t';
constexpr int kUp = 0x1001, kDown = 0x1002, kLeft = 0x1003, kRight = 0x1004, kPageUp = 0x1005,
              kPageDown = 0x1006, kHome = 0x1007, kEnd = 0x1008, kUntab = 0x1009, kResize = 0x100a,
              kF1 = 0x100b, kBackspace = 0x100c;
}  // namespace key

struct ListNav {
  size_t index = 0;  // the selected row
  size_t top = 0;    // the first row shown
  bool waits_for_nav = false;  // perf's use_navkeypressed
  bool nav_pressed = false;

  bool selection_shown() const { return !waits_for_nav || nav_pressed; }
  void reset() { index = top = 0; }
  // Acts on a navigation key over `count` rows with `page` of them shown; false: not one
  // (the browser acts on it).
  bool key(int k, size_t count, size_t page);
  // The scroll bar's knob row in a bar of `height` rows.
  size_t knob(size_t count, size_t height) const {
    return count > 1 && height > 0 ? index * (height - 1) / (count - 1) : 0;
  }
};

inline bool ListNav::key(int k, size_t count, size_t page) {
  bool nav = k == key::kUp || k == key::kDown || k == key::kPageUp || k == key::kPageDown ||
             k == key::kHome || k == key::kEnd || k == ' ';
  if (!nav) return false;
  if (waits_for_nav && !nav_pressed) {
    nav_pressed = true;
    return true;
  }
  if (count == 0) return true;
  size_t last = count - 1;
  if (page == 0) page = 1;
  switch (k) {
    case key::kDown:
      if (index < last && ++index == top + page) ++top;
      break;
    case key::kUp:
      if (index > 0 && --index < top) --top;
      break;
    case key::kPageDown:
    case ' ':
      if (top + page <= last) {
        size_t by = index + page > last ? last - index : page;
        index += by;
        top += by;
      }
      break;
    case key::kPageUp:
      if (top > 0) {
        size_t by = top < page ? top : page;
        index -= by;
        top -= by;
      }
      break;
    case key::kHome: reset(); break;
    case key::kEnd: {
      size_t back = page - 1 >= count ? last : page - 1;
      index = last;
      top = index - back;
      break;
    }
    default: break;
  }
  return true;
}

}  // namespace cperf
