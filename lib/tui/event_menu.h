// EventMenu: the menu perf's report opens first when the file has samples of several events
// ("Available samples": a line per event with its sample count). Enter/Right browses the
// selected event's histogram; there ESC/Left come back here and TAB/shift-TAB go to the
// next/previous event; 'q' ends everything, ESC here too once perf's question is answered.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "tui/canvas.h"
#include "tui/hist_browser.h"
#include "tui/list_nav.h"

namespace cperf {

class Terminal;

class EventMenu {
 public:
  // One line per event as perf writes it ("239 cpu-clock") and each event's browser.
  EventMenu(std::vector<std::string> lines, std::vector<std::unique_ptr<HistBrowser>> browsers);

  int run(Terminal& t);  // the exit status (0)

  Canvas draw(int rows, int cols) const;
  void draw(Canvas& c) const;  // over what the screen shows
  // Acts on a key; the event to browse (>= 0), kStay, or kQuit.
  static constexpr int kStay = -1, kQuit = -2;
  int key(int k, size_t rows);
  HistBrowser& browser(size_t i) { return *browsers_[i]; }

 private:
  std::vector<std::string> lines_;
  std::vector<std::unique_ptr<HistBrowser>> browsers_;
  ListNav nav_;
  bool asking_exit_ = false;
};

// perf's count of an event's samples in the menu: "239", "12K", ...
std::string event_menu_line(uint64_t samples, const std::string& event);

}  // namespace cperf
