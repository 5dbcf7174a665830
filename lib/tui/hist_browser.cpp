#include "tui/hist_browser.h"

#include <algorithm>
#include <cstdio>
#include <fstream>

#include "tui/popups.h"
#include "tui/terminal.h"

namespace cperf {

namespace {

constexpr int kLevelStep = 3;  // perf's LEVEL_OFFSET_STEP
constexpr int kCtrlC = 3;

// perf 7.2's help window for perf report, its lines sorted by key as perf sorts them.
constexpr const char* kReportHelp =
    "h/?/F1        Show this window\n"
    "UP/DOWN/PGUP\n"
    "PGDN/SPACE    Navigate\n"
    "q/ESC/CTRL+C  Exit browser or go back to previous screen\n"
    "\n"
    "For multiple event sessions:\n"
    "\n"
    "TAB/UNTAB     Switch events\n"
    "\n"
    "For symbolic views (--sort has sym):\n"
    "\n"
    "ENTER         Zoom into DSO/Threads & Annotate current symbol\n"
    "ESC           Zoom out\n"
    "+             Expand/Collapse one callchain level\n"
    "a             Annotate current symbol\n"
    "C             Collapse all callchains\n"
    "d             Zoom into current DSO\n"
    "e             Expand/Collapse main entry callchains\n"
    "E             Expand all callchains\n"
    "F             Toggle percentage of filtered entries\n"
    "H             Display column headers\n"
    "k             Zoom into the kernel map\n"
    "L             Change percent limit\n"
    "m             Display context menu\n"
    "S             Zoom into current Processor Socket\n"
    "i             Show header information\n"
    "P             Print histograms to perf.hist.N\n"
    "r             Run available scripts\n"
    "s             Switch to another data file in PWD\n"
    "t             Zoom into current Thread\n"
    "V             Verbose (DSO names in callchains, etc)\n"
    "/             Filter symbol by name\n"
    "0-9           Sort by event n in group";

}  // namespace

bool HistBrowser::sorted_by(const Hists& h, SortKey k) {
  const std::vector<SortKey>& keys = h.sort_keys();
  return std::find(keys.begin(), keys.end(), k) != keys.end();
}

std::string HistBrowser::thread_name(const HistEntry& e) {
  return e.key.thread_comm ? *e.key.thread_comm : std::string(e.key.comm.str());
}

HistBrowser::HistBrowser(Hists& hists, std::string title) : hists_(hists), title_(std::move(title)) {
  entries_ = hists_.display_entries();
  header_ = hists_.header_lines().first;
  if (!header_.empty()) header_[0] = ' ';
  for (const HistEntry* e : entries_)
    if (e->period && e->key.has_sym) sampled_symbols_.insert({std::string(e->key.dso.str()), std::string(e->key.sym.str())});
  nav_.waits_for_nav = true;
  rebuild();
}

// perf's hist_browser__show_callchain_graph: a node's frames one per line until a folded one
// ('+': it has callees, or, first of several siblings, the rest of its own frames), then, when
// its last frame is unfolded ('-'), its callees one level deeper.
void HistBrowser::add_chain(HistEntry* e, const ChainNode& parent, int level, uint64_t total,
                            uint64_t parent_total) {
  std::span<ChainNode* const> kids = parent.sorted();
  bool need_percent = kids.size() > 1 || (kids.size() == 1 && kids[0]->cumul_hits() != parent_total);
  bool has_sibling = kids.size() > 1;
  for (const ChainNode* child : kids) {
    char folded = ' ';
    int extra = 0;
    for (size_t i = 0; i < child->size(); ++i) {
      if (i > 0 && need_percent) extra = kLevelStep;
      bool last = i + 1 == child->size();
      bool has_children = last ? !child->sorted().empty() : (i == 0 && has_sibling);
      folded = has_children ? (open_frames_.count({child, i}) ? '-' : '+') : ' ';
      Row r;
      r.entry = e;
      r.node = child;
      r.frame = i;
      r.foldable = has_children;
      r.text.assign(static_cast<size_t>(level * kLevelStep + extra), ' ');
      r.text += folded;
      r.text += ' ';
      // the percentage, or with -g period/count the period/sample count
      if (i == 0 && need_percent) r.text += hists_.chain_value_text(child->cumul_hits(), child->cumul_counts(), total) + " ";
      char buf[20];
      r.text += frame_text(hists_.frames()[child->id(i)], buf);
      rows_.push_back(std::move(r));
      if (folded == '+') break;
    }
    if (folded == '-') add_chain(e, *child, level + (extra ? 2 : 1), total, child->children_hit);
  }
}

bool HistBrowser::shown(const HistEntry& e) const {
  if (!symbol_filter_.empty() && (!e.key.has_sym || e.key.sym.str().find(symbol_filter_) == std::string::npos))
    return false;
  if (dso_zoom_ && (e.key.has_map != zoom_dso_has_map_ || e.key.dso.str() != zoom_dso_)) return false;
  if (thread_zoom_ && (e.key.pid != zoom_pid_ || e.key.tid != zoom_tid_)) return false;
  return true;
}

void HistBrowser::set_symbol_filter(const std::string& text) {
  symbol_filter_ = text;
  refilter();
}

// perf's filter pass: the entries left are folded, the key columns take the widths of those
// entries alone (no longer at least their headers'), and the selection goes to the top.
void HistBrowser::refilter() {
  std::vector<HistEntry*> left;
  for (HistEntry* e : entries_)
    if (shown(*e)) left.push_back(e);
  hists_.compute_widths(left, true);
  hists_.set_elide_dso(dso_zoom_);
  header_ = hists_.header_lines().first;
  if (!header_.empty()) header_[0] = ' ';
  open_entries_.clear();
  nav_.reset();
  rebuild();
}

void HistBrowser::rebuild() {
  rows_.clear();
  bool chains = hists_.chains_shown();
  for (HistEntry* e : entries_) {
    if (!shown(*e)) continue;
    bool has_graph = chains && !e->chain.root().sorted().empty();
    bool open = has_graph && open_entries_.count(e);
    Row r;
    r.entry = e;
    r.foldable = has_graph;
    std::string line = hists_.format_entry(*e, &r.spans);
    r.text = std::string(1, has_graph ? (open ? '-' : '+') : ' ') + (line.empty() ? "" : line.substr(1));
    rows_.push_back(std::move(r));
    if (open)
      add_chain(e, e->chain.root(), 1, hists_.chain_percent_total(),
                hists_.children_mode() ? e->period_acc : e->period);
  }
  if (nav_.index >= rows_.size()) nav_.index = rows_.empty() ? 0 : rows_.size() - 1;
  if (nav_.top > nav_.index) nav_.top = nav_.index;
}

void HistBrowser::toggle(const Row& r) {
  if (!r.foldable) return;
  if (!r.node) {
    if (!open_entries_.erase(r.entry)) open_entries_.insert(r.entry);
  } else {
    auto k = std::make_pair(r.node, r.frame);
    if (!open_frames_.erase(k)) open_frames_.insert(k);
  }
  rebuild();
}

void HistBrowser::unfold_graph(const ChainNode& n, bool unfolded) {
  for (const ChainNode* c : n.sorted()) {
    for (size_t i = 0; i < c->size(); ++i) {
      if (unfolded) open_frames_.insert({c, i});
      else open_frames_.erase({c, i});
    }
    unfold_graph(*c, unfolded);
  }
}

void HistBrowser::set_all(bool unfolded) {
  open_entries_.clear();
  open_frames_.clear();
  if (unfolded)
    for (HistEntry* e : entries_) {
      open_entries_.insert(e);
      unfold_graph(e->chain.root(), true);
    }
  nav_.reset();
  rebuild();
}

std::string HistBrowser::title() const {
  std::string t = title_;
  if (thread_zoom_) t += ", Thread: " + zoom_thread_name_;
  if (dso_zoom_) t += ", DSO: " + zoom_dso_;
  return t;
}

HistBrowser::Selection HistBrowser::selection() const {
  Selection s;
  if (nav_.index >= rows_.size()) return s;
  const Row& r = rows_[nav_.index];
  s.entry = r.entry;
  if (r.node) {
    const ChainFrame& f = hists_.frames()[r.node->id(r.frame)];
    s.has_map = f.has_map;
    s.has_sym = f.has_sym;
    s.dso = f.dso.str();
    char buf[20];
    s.sym = frame_text(f, buf);
  } else {
    s.has_map = r.entry->key.has_map;
    s.has_sym = r.entry->key.has_sym;
    s.dso = r.entry->key.dso.str();
    s.sym = r.entry->key.sym.str();
  }
  return s;
}

void HistBrowser::zoom_thread(const HistEntry* e) {
  if (thread_zoom_) {
    thread_zoom_ = false;
    std::erase(zooms_, Action::kZoomThread);
  } else {
    if (!e) return;
    thread_zoom_ = true;
    zoom_pid_ = e->key.pid;
    zoom_tid_ = e->key.tid;
    zoom_thread_name_ = thread_name(*e);
    if (sorted_by(hists_, SortKey::kPid)) zoom_thread_name_ += "(" + std::to_string(e->key.tid) + ")";
    zooms_.push_back(Action::kZoomThread);
  }
  refilter();
}

void HistBrowser::zoom_dso(const Selection& s) {
  if (dso_zoom_) {
    dso_zoom_ = false;
    std::erase(zooms_, Action::kZoomDso);
  } else {
    if (!s.entry || !s.has_map) return;
    dso_zoom_ = true;
    zoom_dso_ = s.dso;
    zoom_dso_has_map_ = s.has_map;
    zooms_.push_back(Action::kZoomDso);
  }
  refilter();
}

void HistBrowser::pop_zoom() {
  if (zooms_.back() == Action::kZoomThread) zoom_thread(nullptr);
  else zoom_dso(Selection{});
}

void HistBrowser::annotate(const Selection& s) {
  if (!sorted_by(hists_, SortKey::kSym)) {
    overlay_ = Overlay::kPopup;
    popup_title_ = "Warning!";
    popup_text_ = "Annotation is only available for symbolic views, include \"sym*\" in --sort to use it.";
    return;
  }
  // perf tries a dso once; an address without a symbol it would annotate alone (not done)
  if (!s.entry || !s.has_map || !s.has_sym || annotate_warned_.count(s.dso)) return;
  if (!sampled_symbols_.count({s.dso, s.sym})) {
    overlay_ = Overlay::kPopup;
    popup_title_ = "Warning!";
    popup_text_ = "No samples for the \"" + s.sym + "\" symbol.\n\nProbably appeared just in a callchain";
    return;
  }
  if (annotate_source_) annotate_request_ = {s.dso, s.sym};
}

void HistBrowser::annotate_failed(const std::string& sym, const std::string& dso, const std::string& why) {
  annotate_warned_.insert(dso);
  overlay_ = Overlay::kPopup;
  popup_title_ = "Error:";
  popup_text_ = "Couldn't annotate " + sym + ":\n" + why;
}

bool HistBrowser::key(int k, size_t rows) {
  message_.clear();
  annotate_request_ = {};
  switch (overlay_) {
    case Overlay::kPopup:
    case Overlay::kHelp:  // any key closes it
      overlay_ = Overlay::kNone;
      return true;
    case Overlay::kExitDialog:
      overlay_ = Overlay::kNone;
      if (k == key::kEnter || k == 'y' || k == 'Y') {
        end_ = End::kQuit;
        return false;
      }
      return true;
    case Overlay::kMenu: return menu_key(k, rows);
    case Overlay::kNone: break;
  }
  return list_key(k, rows);
}

bool HistBrowser::menu_key(int k, size_t rows) {
  if (menu_nav_.key(k, menu_.size(), list_menu_rows(static_cast<int>(rows)))) return true;
  if (k == key::kEsc || k == key::kLeft || k == 'q' || k == kCtrlC) {
    overlay_ = Overlay::kNone;
    return true;
  }
  if (k != key::kEnter && k != key::kRight) return true;
  overlay_ = Overlay::kNone;
  if (menu_nav_.index >= menu_.size()) return true;
  switch (menu_[menu_nav_.index].second) {
    case Action::kAnnotate: annotate(selection()); break;
    case Action::kZoomThread: zoom_thread(selection().entry); break;
    case Action::kZoomDso: zoom_dso(selection()); break;
    case Action::kToggle:
      if (nav_.index < rows_.size()) toggle(rows_[nav_.index]);
      break;
    case Action::kMapDetails:
      if (annotate_source_) map_request_ = selection().dso;
      break;
    case Action::kClose: break;
  }
  return true;
}

bool HistBrowser::list_key(int k, size_t rows) {
  if (nav_.key(k, rows_.size(), list_rows(rows))) return true;
  switch (k) {
    case 'q':
    case kCtrlC: end_ = End::kQuit; return false;
    case key::kEsc:
    case key::kLeft:
      if (!zooms_.empty()) {
        pop_zoom();
      } else if (in_event_menu_) {
        end_ = End::kBack;
        return false;
      } else if (k == key::kEsc) {
        overlay_ = Overlay::kExitDialog;
      }
      break;
    case key::kTab:
    case key::kUntab:
      if (in_event_menu_) {
        end_ = k == key::kTab ? End::kNextEvent : End::kPrevEvent;
        return false;
      }
      break;
    case key::kEnter:
    case key::kRight:
    case 'm':
      menu_ = menu();
      menu_nav_ = ListNav{};
      overlay_ = Overlay::kMenu;
      break;
    case key::kF1:
    case 'h':
    case '?': overlay_ = Overlay::kHelp; break;
    case '+':
      if (nav_.index < rows_.size()) toggle(rows_[nav_.index]);
      break;
    case 'e':
      if (nav_.index < rows_.size()) {
        HistEntry* e = rows_[nav_.index].entry;
        bool open = !open_entries_.count(e);
        if (open) open_entries_.insert(e);
        else open_entries_.erase(e);
        unfold_graph(e->chain.root(), open);
        rebuild();
      }
      break;
    case 'E': set_all(true); break;
    case 'C': set_all(false); break;
    case 'a': annotate(selection()); break;
    case 't': zoom_thread(selection().entry); break;
    case 'd': zoom_dso(selection()); break;
    case 'P':
      for (int i = 0;; ++i) {
        std::string name = "perf.hist." + std::to_string(i);
        if (std::ifstream(name)) continue;
        std::ofstream f(name);
        for (const Row& r : rows_) f << r.text << '\n';
        message_ = name + " written!";
        break;
      }
      break;
    default: break;
  }
  return true;
}

// perf's title bar and header in the title colours; entries in the normal colour with their
// percentages coloured, the selected row in the selection colour across the list's width
// (the whole screen's until a navigation key, when the scroll bar takes the last column).
void HistBrowser::draw_list(Canvas& c) const {
  int cols = c.cols();
  bool nav = nav_.selection_shown();
  c.write(0, 0, title(), Color::kRoot, cols);
  c.write(1, 0, header_, Color::kRoot, cols);
  size_t n = list_rows(static_cast<size_t>(c.rows()));
  int entry_width = nav ? cols - 1 : cols;
  for (size_t i = 0; i < n; ++i) {
    int row = static_cast<int>(i + 2);
    size_t idx = nav_.top + i;
    if (idx >= rows_.size()) {
      c.write(row, 0, "", Color::kNormal, entry_width);
      continue;
    }
    const Row& r = rows_[idx];
    // a call-graph line is highlighted whenever selected (perf checks the key only for entries)
    bool selected = idx == nav_.index && (nav || r.node);
    c.write(row, 0, r.text, selected ? Color::kSelected : Color::kNormal, r.node ? cols - 1 : entry_width);
    if (!selected)
      for (const Hists::PercentSpan& s : r.spans)
        c.paint(row, static_cast<int>(s.begin), static_cast<int>(s.size), percent_color(s.percent));
  }
  c.write(c.rows() - 1, 0, message_.empty() ? "Press '?' for help on key bindings" : message_, Color::kPlain, cols);
  // perf's bar runs from the first list line down to the help line
  if (nav) draw_scroll_bar(c, 2, static_cast<int>(n) + 1, nav_, rows_.size());
}

Canvas HistBrowser::draw(int rows, int cols) const {
  Canvas c(rows, cols);
  draw(c);
  return c;
}

void HistBrowser::draw(Canvas& c) const {
  if (overlay_ == Overlay::kMenu) {
    std::vector<std::string> texts;
    for (const auto& [text, action] : menu_) texts.push_back(text);
    draw_list_menu(c, " ", texts, menu_nav_, "ESC: exit, ENTER|->: Select option");
    return;
  }
  draw_list(c);
  if (overlay_ == Overlay::kHelp) draw_info_window(c, "Help", kReportHelp, "Press any key...");
  if (overlay_ == Overlay::kPopup) draw_info_window(c, popup_title_.c_str(), popup_text_, "Press any key...");
  if (overlay_ == Overlay::kExitDialog) draw_info_window(c, nullptr, "Do you really want to exit?", "Enter: Yes, ESC: No");
}

std::vector<std::string> HistBrowser::screen(size_t rows, size_t cols) const {
  Canvas c = draw(static_cast<int>(rows), static_cast<int>(cols));
  std::vector<std::string> out;
  for (int r = 0; r < c.rows(); ++r) out.push_back(c.text(r));
  return out;
}

void HistBrowser::restart() {
  nav_ = ListNav{};
  nav_.waits_for_nav = true;
  overlay_ = Overlay::kNone;
  end_ = End::kNone;
}

HistBrowser::End HistBrowser::run(Terminal& t) {
  end_ = End::kNone;
  for (;;) {
    int rows = t.rows();
    draw(t.screen());
    t.paint();
    int k = t.read_key();
    if (k == key::kResize || k < 0) continue;
    if (k == '/' && overlay_ == Overlay::kNone) {
      set_symbol_filter(t.read_line("Symbol to show: "));
      continue;
    }
    if (!key(k, static_cast<size_t>(rows))) return end_;
    if (const auto* req = annotate_request()) {
      const auto [dso, sym] = *req;
      annotate_request_ = {};
      AnnotateSource::Result r = annotate_source_->open(dso, sym);
      if (r.view) AnnotateBrowser(*r.view, &annotate_toggles_).run(t, annotate_source_.get());
      else if (!r.error.empty()) annotate_failed(sym, dso, r.error);
    }
    if (!map_request_.empty()) {
      MapDetails d = annotate_source_->map_details(map_request_);
      map_request_.clear();
      if (!d.symbols.empty()) MapBrowser(std::move(d)).run(t);
    }
  }
}

}  // namespace cperf
