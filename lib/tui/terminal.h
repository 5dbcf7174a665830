// Terminal: the ncurses screen the browsers run on. It paints a Canvas with perf's colours
// (bright white on blue, black on bright yellow where the terminal has 16 colours or more)
// and reads keys as tui/list_nav.h's codes.
#pragma once
#include <memory>
#include <string>

#include "tui/canvas.h"

namespace cperf {

class Terminal {
 public:
  Terminal();
  ~Terminal();
  Terminal(const Terminal&) = delete;
  Terminal& operator=(const Terminal&) = delete;

  int rows() const;
  int cols() const;
  // What the screen shows, for a browser to draw over (perf's browsers leave some cells as
  // they were); made afresh, blank, when the terminal's size changed.
  Canvas& screen();
  // Shows screen() on the terminal.
  void paint();
  int read_key();
  // A line typed on the bottom row after `prompt`.
  std::string read_line(const char* prompt);

 private:
  std::unique_ptr<Canvas> screen_;
};

}  // namespace cperf
