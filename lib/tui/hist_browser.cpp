#include "tui/hist_browser.h"

#include <ncurses.h>

#include <algorithm>
#include <clocale>
#include <cstdio>
#include <cstring>
#include <fstream>

namespace cperf {

namespace {

constexpr int kLevelStep = 3;  // perf's LEVEL_OFFSET_STEP
constexpr int kEsc = 27;

const char* const kHelp[] = {
    "UP/DOWN/PGUP/PGDN/HOME/END  move",
    "+                           fold or unfold the selected entry or call-graph node",
    "e                           unfold (or fold) the selected entry's whole call graph",
    "E / C                       unfold / fold everything",
    "P                           write the lines shown to perf.hist.N",
    "/                           show only symbols holding a text (empty: all)",
    "d / t                       zoom into the selected entry's DSO / thread, and out again",
    "h or ?                      this help (any key goes back)",
    "q or ESC                    quit",
};

std::string percent(uint64_t v, uint64_t total) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "%.2f%%", total ? static_cast<double>(v) * 100.0 / static_cast<double>(total) : 0.0);
  return buf;
}

}  // namespace

HistBrowser::HistBrowser(Hists& hists, std::string title) : hists_(hists), title_(std::move(title)) {
  entries_ = hists_.display_entries();
  header_ = hists_.header_lines().first;
  if (!header_.empty()) header_[0] = ' ';
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
      if (i == 0 && need_percent) r.text += percent(child->cumul_hits(), total) + " ";
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
  if (dso_zoom_ && (e.key.has_map != dso_zoom_->key.has_map || e.key.dso != dso_zoom_->key.dso)) return false;
  if (thread_zoom_ && (e.key.pid != thread_zoom_->key.pid || e.key.tid != thread_zoom_->key.tid)) return false;
  return true;
}

void HistBrowser::set_symbol_filter(const std::string& text) {
  symbol_filter_ = text;
  cursor_ = top_ = 0;
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
    std::string line = hists_.format_entry(*e);
    r.text = std::string(1, has_graph ? (open ? '-' : '+') : ' ') + (line.empty() ? "" : line.substr(1));
    rows_.push_back(std::move(r));
    if (open)
      add_chain(e, e->chain.root(), 1, hists_.chain_percent_total(),
                hists_.children_mode() ? e->period_acc : e->period);
  }
  if (cursor_ >= rows_.size()) cursor_ = rows_.empty() ? 0 : rows_.size() - 1;
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
  rebuild();
}

std::vector<std::string> HistBrowser::screen(size_t rows, size_t cols) const {
  std::vector<std::string> out;
  auto fit = [&](std::string s) {
    if (s.size() > cols) s.resize(cols);
    return s;
  };
  out.push_back(fit(title_));
  out.push_back(fit(header_));
  size_t n = list_rows(rows);
  size_t list_cols = scroll_bar() && cols > 1 ? cols - 1 : cols;
  auto fit_list = [&](std::string s) {
    if (s.size() > list_cols) s.resize(list_cols);
    return s;
  };
  if (help_) {
    for (size_t i = 0; i < n; ++i) out.push_back(fit(i < std::size(kHelp) ? kHelp[i] : ""));
  } else {
    for (size_t i = 0; i < n; ++i) out.push_back(top_ + i < rows_.size() ? fit_list(rows_[top_ + i].text) : "");
  }
  out.push_back(fit(message_.empty() ? "Press '?' for help on key bindings" : message_));
  return out;
}

// perf's scroll bar: the knob at cursor * (height - 1) / (rows - 1) of its height, which runs
// from the first list line to the help line (perf's browser is one line taller than its list).
size_t HistBrowser::knob_row(size_t rows) const {
  size_t height = list_rows(rows) + 1;
  return rows_.size() > 1 ? cursor_ * (height - 1) / (rows_.size() - 1) : 0;
}

bool HistBrowser::key(int k, size_t rows) {
  size_t page = list_rows(rows);
  message_.clear();
  if (help_) {
    help_ = false;
    return true;
  }
  size_t last = rows_.empty() ? 0 : rows_.size() - 1;
  if (k == KEY_UP || k == KEY_DOWN || k == KEY_PPAGE || k == KEY_NPAGE || k == KEY_HOME || k == KEY_END)
    nav_pressed_ = true;
  switch (k) {
    case 'q':
    case kEsc: return false;
    // perf's ui_browser moves: a page moves the view and the cursor alike.
    case KEY_UP: if (cursor_) --cursor_; break;
    case KEY_DOWN: if (cursor_ < last) ++cursor_; break;
    case KEY_PPAGE:
      if (top_ > 0) {
        size_t by = std::min(page, top_);
        cursor_ -= by;
        top_ -= by;
      }
      break;
    case KEY_NPAGE:
      if (top_ + page <= last) {
        size_t by = std::min(page, last - cursor_);
        cursor_ += by;
        top_ += by;
      }
      break;
    case KEY_HOME: cursor_ = top_ = 0; break;
    case KEY_END:
      cursor_ = last;
      top_ = last - std::min(page - 1, last);
      break;
    case '+':
      if (cursor_ < rows_.size()) toggle(rows_[cursor_]);
      break;
    case 'e':
      if (cursor_ < rows_.size()) {
        HistEntry* e = rows_[cursor_].entry;
        bool open = !open_entries_.count(e);
        if (open) open_entries_.insert(e);
        else open_entries_.erase(e);
        unfold_graph(e->chain.root(), open);
        rebuild();
      }
      break;
    case 'E': set_all(true); break;
    case 'C': set_all(false); break;
    case 'h':
    case '?': help_ = true; break;
    case 'd':
    case 't':
      if (cursor_ < rows_.size()) {
        const HistEntry*& zoom = k == 'd' ? dso_zoom_ : thread_zoom_;
        zoom = zoom ? nullptr : rows_[cursor_].entry;
        cursor_ = top_ = 0;
        rebuild();
      }
      break;
    case 'P': {
      for (int i = 0;; ++i) {
        std::string name = "perf.hist." + std::to_string(i);
        if (std::ifstream(name)) continue;
        std::ofstream f(name);
        for (const Row& r : rows_) f << r.text << '\n';
        message_ = name + " written";
        break;
      }
      break;
    }
    default: break;
  }
  // Keep the cursor on screen.
  if (cursor_ < top_) top_ = cursor_;
  if (cursor_ >= top_ + page) top_ = cursor_ - page + 1;
  return true;
}

int HistBrowser::run() {
  // ncurses draws the scroll bar's diamond and checkerboard as Unicode only in a UTF-8 locale.
  std::setlocale(LC_ALL, "");
  if (!std::strstr(std::setlocale(LC_CTYPE, nullptr), "UTF-8")) std::setlocale(LC_CTYPE, "C.UTF-8");
  initscr();
  cbreak();
  noecho();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  for (;;) {
    size_t rows = static_cast<size_t>(std::max(LINES, 4)), cols = static_cast<size_t>(std::max(COLS, 1));
    std::vector<std::string> lines = screen(rows, cols);
    erase();
    for (size_t i = 0; i < lines.size() && i < rows; ++i) {
      bool selected = !help_ && i >= 2 && i + 1 < lines.size() && top_ + (i - 2) == cursor_;
      bool bar = i == 0 || i + 1 == lines.size();
      if (selected || bar) attron(A_REVERSE);
      mvaddnstr(static_cast<int>(i == lines.size() - 1 ? rows - 1 : i), 0, lines[i].c_str(), static_cast<int>(cols));
      if (selected || bar) attroff(A_REVERSE);
    }
    if (scroll_bar()) {
      size_t knob = knob_row(rows);
      for (size_t i = 0; i <= list_rows(rows); ++i)
        mvaddch(static_cast<int>(i + 2), static_cast<int>(cols - 1), i == knob ? ACS_DIAMOND : ACS_CKBOARD);
    }
    refresh();
    int k = getch();
    if (k == KEY_RESIZE) continue;
    if (k == '/') {  // a symbol filter, typed on the help line
      char text[256] = {};
      mvaddstr(static_cast<int>(rows - 1), 0, "Symbol to show: ");
      clrtoeol();
      echo();
      curs_set(1);
      getnstr(text, sizeof(text) - 1);
      noecho();
      curs_set(0);
      set_symbol_filter(text);
      continue;
    }
    if (!key(k, rows)) break;
  }
  endwin();
  return 0;
}

}  // namespace cperf
