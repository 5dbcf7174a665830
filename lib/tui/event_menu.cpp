#include "tui/event_menu.h"

#include "tui/popups.h"
#include "tui/terminal.h"

namespace cperf {

namespace {
constexpr int kCtrlC = 3;
}

std::string event_menu_line(uint64_t samples, const std::string& event) {
  char unit = ' ';
  for (char u : {'K', 'M', 'G'})
    if (samples > 1000) {
      samples /= 1000;
      unit = u;
    }
  std::string s = std::to_string(samples);
  if (unit != ' ') s += unit;
  return s + " " + event;
}

EventMenu::EventMenu(std::vector<std::string> lines, std::vector<std::unique_ptr<HistBrowser>> browsers)
    : lines_(std::move(lines)), browsers_(std::move(browsers)) {
  for (auto& b : browsers_) b->set_in_event_menu(true);
}

Canvas EventMenu::draw(int rows, int cols) const {
  Canvas c(rows, cols);
  draw(c);
  return c;
}

void EventMenu::draw(Canvas& c) const {
  draw_list_menu(c, "Available samples", lines_, nav_, "ESC: exit, ENTER|->: Browse histograms");
  if (asking_exit_) draw_info_window(c, nullptr, "Do you really want to exit?", "Enter: Yes, ESC: No");
}

int EventMenu::key(int k, size_t rows) {
  if (asking_exit_) {
    asking_exit_ = false;
    return k == key::kEnter || k == 'y' || k == 'Y' ? kQuit : kStay;
  }
  if (nav_.key(k, lines_.size(), list_menu_rows(static_cast<int>(rows)))) return kStay;
  switch (k) {
    case key::kEnter:
    case key::kRight: return nav_.index < lines_.size() ? static_cast<int>(nav_.index) : kStay;
    case key::kEsc: asking_exit_ = true; return kStay;
    case 'q':
    case kCtrlC: return kQuit;
    default: return kStay;
  }
}

int EventMenu::run(Terminal& t) {
  for (;;) {
    draw(t.screen());
    t.paint();
    int k = t.read_key();
    if (k == key::kResize || k < 0) continue;
    int pick = key(k, static_cast<size_t>(t.rows()));
    if (pick == kQuit) return 0;
    // browse events until one comes back here (TAB goes round them, as perf does)
    while (pick >= 0) {
      HistBrowser& b = *browsers_[static_cast<size_t>(pick)];
      b.restart();
      HistBrowser::End end = b.run(t);
      size_t n = browsers_.size();
      if (end == HistBrowser::End::kQuit) return 0;
      if (end == HistBrowser::End::kNextEvent) pick = static_cast<int>((static_cast<size_t>(pick) + 1) % n);
      else if (end == HistBrowser::End::kPrevEvent) pick = static_cast<int>((static_cast<size_t>(pick) + n - 1) % n);
      else pick = kStay;
    }
  }
}

}  // namespace cperf
