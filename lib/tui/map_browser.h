// MapBrowser: perf 7.2's map browser, the report browser's "Browse map details": the dso's
// long name on the title bar and one row per symbol of its table, "START END B NAME" (hex
// addresses as wide as the largest end, B the binding: g global, l local, w weak), the
// selected row highlighted from the start. Navigation keys move; ESC/Left/q/Ctrl-C leave.
// perf searches with '/' only when run with -v; without, '/' (and Enter) show its "key not
// associated" warning, as here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "tui/canvas.h"
#include "tui/list_nav.h"

namespace cperf {

class Terminal;

struct MapSymbol {
  uint64_t start = 0, end = 0;
  char binding = 'g';  // 'g', 'l' or 'w'
  std::string name;
};

// What the browser lists: the dso's long name and its symbols in address order.
struct MapDetails {
  std::string title;
  std::vector<MapSymbol> symbols;
};

class MapBrowser {
 public:
  explicit MapBrowser(MapDetails d);
  // The list, its title and scroll bar, over the whole canvas.
  void draw(Canvas& c) const;
  // Acts on a key with a screen of `rows` lines: false when it leaves; `warning` gets the
  // text of perf's warning window for a key it does not take.
  bool key(int k, size_t rows, std::string& warning);
  void run(Terminal& t);

  size_t index() const { return nav_.index; }
  size_t top() const { return nav_.top; }
  const std::vector<std::string>& lines() const { return lines_; }

 private:
  std::string title_;
  std::vector<std::string> lines_;
  ListNav nav_;
};

}  // namespace cperf
