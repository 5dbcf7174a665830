// HistBrowser: perf report's interactive histogram browser on a terminal (ncurses). The first
// line is the title (samples, event, event count), the second the column header, the last a
// help line; in between the entries, each marked '+' when it has a call graph to unfold, and
// unfolded call graphs drawn as perf's browser draws them (a '+' on every node that has
// callees or siblings still folded, percentages where a node does not carry its parent's
// whole period). Keys as perf: arrows, PgUp/PgDn, Home/End, '+' folds and unfolds, 'e'
// the selected entry's whole graph, 'E'/'C' everything, 'P' prints the screen's lines to
// perf.hist.N, '/' keeps the entries whose symbol holds a text, 'd'/'t' zoom into the selected
// entry's DSO/thread and back, 'h'/'?' help, 'q'/ESC quit.
#pragma once
#include <cstddef>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "hist/hists.h"

namespace cperf {

class HistBrowser {
 public:
  HistBrowser(Hists& hists, std::string title);

  // Runs the browser on the terminal until 'q' or ESC; returns the exit status (0).
  int run();

  // The lines the browser shows with `rows` lines of `cols` columns (no colours), as they are
  // now; once the scroll bar shows, list lines leave the last column to it.
  std::vector<std::string> screen(size_t rows, size_t cols) const;
  // The scroll bar: whether it shows, and the list row of its knob.
  bool scroll_bar() const { return nav_pressed_ && !help_; }
  size_t knob_row(size_t rows) const;
  // Acts on a key (ncurses codes); false when the key ends the browser.
  bool key(int k, size_t rows);
  // The '/' filter: entries whose symbol holds `text` ("" shows all again).
  void set_symbol_filter(const std::string& text);

 private:
  struct Row {
    HistEntry* entry = nullptr;
    const ChainNode* node = nullptr;  // a call-graph line: its node and frame
    size_t frame = 0;
    bool foldable = false;
    std::string text;
  };
  void rebuild();
  void add_chain(HistEntry* e, const ChainNode& parent, int level, uint64_t total, uint64_t parent_total);
  void toggle(const Row& r);
  void set_all(bool unfolded);
  void unfold_graph(const ChainNode& n, bool unfolded);
  size_t list_rows(size_t rows) const { return rows > 3 ? rows - 3 : 1; }

  Hists& hists_;
  std::string title_, header_;
  bool shown(const HistEntry& e) const;  // the '/' filter and the d/t zooms allow it
  std::vector<HistEntry*> entries_;
  std::string symbol_filter_;
  const HistEntry* dso_zoom_ = nullptr;     // 'd': entries of this entry's DSO only
  const HistEntry* thread_zoom_ = nullptr;  // 't': entries of this entry's thread only
  std::set<const HistEntry*> open_entries_;
  std::set<std::pair<const ChainNode*, size_t>> open_frames_;
  std::vector<Row> rows_;
  size_t top_ = 0, cursor_ = 0;
  bool help_ = false;
  bool nav_pressed_ = false;  // perf draws its scroll bar once a navigation key was pressed
  std::string message_;
};

}  // namespace cperf
