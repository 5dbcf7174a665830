// HistBrowser: perf report's interactive histogram browser, drawn as perf 7.2 draws it. The
// first line is the title (samples, event, event count, the zooms), the second the column
// header, the last a help line; in between the entries, each marked '+' when it has a call
// graph to unfold, percentages coloured by size, and unfolded call graphs drawn as perf's
// browser draws them. As in perf, no row shows selected until a navigation key is pressed
// (that first key only shows the selection and the scroll bar).
// Keys: arrows, PgUp/PgDn/space, Home/End; '+' folds and unfolds, 'e' the selected entry's
// whole graph, 'E'/'C' everything; Enter/Right/'m' the menu of actions on the selection
// (zoom into its thread or DSO, unfold it, ...); 't'/'d' zoom directly, ESC/Left zoom out;
// 'h'/'?'/F1 help; 'P' writes the lines to perf.hist.N; '/' keeps the entries whose symbol
// holds a text; 'q' quits, and so does ESC once perf's "Do you really want to exit?" is
// answered with Enter. Inside the event menu (tui/event_menu.h) ESC/Left go back to it and
// TAB/shift-TAB to the next/previous event.
#pragma once
#include <cstddef>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "hist/hists.h"
#include "tui/annotate_browser.h"
#include "tui/canvas.h"
#include "tui/list_nav.h"

namespace cperf {

class Terminal;

class HistBrowser {
 public:
  HistBrowser(Hists& hists, std::string title);

  enum class End { kNone, kQuit, kBack, kNextEvent, kPrevEvent };
  // Inside the event menu: ESC/Left with nothing to zoom out of, and TAB, end the browser.
  void set_in_event_menu(bool on) { in_event_menu_ = on; }
  // Shows the browser afresh (the event menu opens it again): top row, no selection shown.
  void restart();
  // Runs the browser on the terminal until it ends; how it ended.
  End run(Terminal& t);

  // The screen as the browser draws it with `rows` lines of `cols` columns.
  Canvas draw(int rows, int cols) const;
  // The same over what the screen shows already: as in perf, a call-graph line leaves the
  // last column as it was until the scroll bar shows (a menu's scroll bar stays there).
  void draw(Canvas& c) const;
  // Its lines' text (trailing blanks dropped).
  std::vector<std::string> screen(size_t rows, size_t cols) const;
  // Acts on a key (tui/list_nav.h's codes) with a screen of `rows` lines; false when the key
  // ends the browser (end() says how).
  bool key(int k, size_t rows);
  End end() const { return end_; }
  // The '/' filter: entries whose symbol holds `text` ("" shows all again).
  void set_symbol_filter(const std::string& text);
  // Where 'a' and the menu's "Annotate SYM" get the symbol's annotation (none: they close).
  void set_annotate_source(std::unique_ptr<AnnotateSource> s) { annotate_source_ = std::move(s); }
  // After key(): the (dso, symbol) to annotate, if the key asked for one (run() browses it).
  const std::pair<std::string, std::string>* annotate_request() const {
    return annotate_request_.first.empty() && annotate_request_.second.empty() ? nullptr : &annotate_request_;
  }
  // perf's answer when the annotation cannot be made: its error window.
  void annotate_failed(const std::string& sym, const std::string& dso, const std::string& why);
  // The Enter menu's lines for the selection, as perf words them.
  std::vector<std::string> menu_options() const;

 private:
  struct Row {
    HistEntry* entry = nullptr;
    const ChainNode* node = nullptr;  // a call-graph line: its node and frame
    size_t frame = 0;
    bool foldable = false;
    std::string text;
    std::vector<Hists::PercentSpan> spans;  // an entry's percentages, for their colours
  };
  // What the selection is (perf's map_symbol): the entry's, or a call-graph line's frame.
  struct Selection {
    const HistEntry* entry = nullptr;
    bool has_map = false, has_sym = false;
    std::string dso, sym;
  };
  enum class Action { kClose, kAnnotate, kZoomThread, kZoomDso, kToggle, kMapDetails };
  enum class Overlay { kNone, kHelp, kExitDialog, kMenu, kPopup };
  void annotate(const Selection& s);  // 'a': perf's checks, then a request or a warning

  static std::string thread_name(const HistEntry& e);  // its thread's comm as perf shows it
  static bool sorted_by(const Hists& h, SortKey k);
  void rebuild();
  void add_chain(HistEntry* e, const ChainNode& parent, int level, uint64_t total, uint64_t parent_total);
  void toggle(const Row& r);
  void set_all(bool unfolded);
  void unfold_graph(const ChainNode& n, bool unfolded);
  bool shown(const HistEntry& e) const;  // the '/' filter and the zooms allow it
  void refilter();                       // after a zoom: perf's filter pass
  void zoom_thread(const HistEntry* e);  // nullptr or zoomed already: out
  void zoom_dso(const Selection& s);
  void pop_zoom();
  Selection selection() const;
  std::vector<std::pair<std::string, Action>> menu() const;
  bool list_key(int k, size_t rows);
  bool menu_key(int k, size_t rows);
  std::string title() const;
  size_t list_rows(size_t rows) const { return rows > 3 ? rows - 3 : 1; }
  void draw_list(Canvas& c) const;

  Hists& hists_;
  std::string title_, header_;
  std::vector<HistEntry*> entries_;
  std::string symbol_filter_;
  // The zooms: a thread (by the entry's pid/tid) and a DSO, and the order they came in.
  bool thread_zoom_ = false, dso_zoom_ = false;
  int32_t zoom_pid_ = 0, zoom_tid_ = 0;
  std::string zoom_thread_name_, zoom_dso_;
  bool zoom_dso_has_map_ = false;
  std::vector<Action> zooms_;
  std::set<std::pair<std::string, std::string>> sampled_symbols_;  // (dso, sym) with self samples
  std::set<const HistEntry*> open_entries_;
  std::set<std::pair<const ChainNode*, size_t>> open_frames_;
  std::vector<Row> rows_;
  ListNav nav_;
  Overlay overlay_ = Overlay::kNone;
  ListNav menu_nav_;
  std::vector<std::pair<std::string, Action>> menu_;
  bool in_event_menu_ = false;
  End end_ = End::kNone;
  std::string message_;
  std::unique_ptr<AnnotateSource> annotate_source_;
  std::pair<std::string, std::string> annotate_request_;
  std::string map_request_;  // "Browse map details": the dso whose map browser runs next
  std::set<std::string> annotate_warned_;  // dsos perf could not annotate once (it stops trying)
  AnnotateToggles annotate_toggles_;       // the annotate browsers' options, kept between them
  std::string popup_title_, popup_text_;   // Overlay::kPopup: a warning or error window
};

}  // namespace cperf
