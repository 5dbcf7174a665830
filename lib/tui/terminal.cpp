#include "tui/terminal.h"

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1  // cchar_t, for the arrows
#endif
#include <ncurses.h>

#include <algorithm>
#include <clocale>
#include <cstring>

#include "tui/list_nav.h"

namespace cperf {

namespace {

attr_t g_attrs[8];  // by Color

void setup_colors() {
  for (attr_t& a : g_attrs) a = A_NORMAL;
  if (!has_colors()) {
    g_attrs[static_cast<int>(Color::kSelected)] = A_REVERSE;
    g_attrs[static_cast<int>(Color::kRoot)] = A_REVERSE;
    return;
  }
  start_color();
  use_default_colors();
  // perf's "white" and "yellow" are the bright ones (colours 15 and 11); with 8 colours white
  // is bold.
  bool bright = COLORS >= 16;
  init_pair(1, COLOR_RED, -1);
  init_pair(2, COLOR_GREEN, -1);
  init_pair(3, COLOR_BLACK, bright ? COLOR_YELLOW + 8 : COLOR_YELLOW);
  init_pair(4, bright ? COLOR_WHITE + 8 : COLOR_WHITE, COLOR_BLUE);
  init_pair(5, COLOR_WHITE, COLOR_BLACK);
  init_pair(6, COLOR_BLUE, -1);
  g_attrs[static_cast<int>(Color::kTop)] = COLOR_PAIR(1);
  g_attrs[static_cast<int>(Color::kMedium)] = COLOR_PAIR(2);
  g_attrs[static_cast<int>(Color::kSelected)] = COLOR_PAIR(3);
  g_attrs[static_cast<int>(Color::kRoot)] = COLOR_PAIR(4) | (bright ? A_NORMAL : A_BOLD);
  g_attrs[static_cast<int>(Color::kPlain)] = COLOR_PAIR(5);
  g_attrs[static_cast<int>(Color::kArrow)] = COLOR_PAIR(6);
  // blanks ncurses cannot erase (tmux-256color has no "prot" to show): written out as perf's
  g_attrs[static_cast<int>(Color::kBlank)] = A_PROTECT;
}

chtype glyph_of(char32_t ch) {
  switch (ch) {
    case glyph::kDiamond: return ACS_DIAMOND;
    case glyph::kCheckerboard: return ACS_CKBOARD;
    case glyph::kHLine: return ACS_HLINE;
    case glyph::kVLine: return ACS_VLINE;
    case glyph::kUpperLeft: return ACS_ULCORNER;
    case glyph::kUpperRight: return ACS_URCORNER;
    case glyph::kLowerLeft: return ACS_LLCORNER;
    case glyph::kLowerRight: return ACS_LRCORNER;
    case glyph::kLeftTee: return ACS_LTEE;
    default: return ch < 0x100 ? static_cast<chtype>(ch) : '?';
  }
}

}  // namespace

Terminal::Terminal() {
  // ncurses draws the line-drawing glyphs as Unicode only in a UTF-8 locale.
  std::setlocale(LC_ALL, "");
  if (!std::strstr(std::setlocale(LC_CTYPE, nullptr), "UTF-8")) std::setlocale(LC_CTYPE, "C.UTF-8");
  initscr();
  raw();  // Ctrl-C is a key, as in perf's browser
  noecho();
  nonl();
  keypad(stdscr, TRUE);
  set_escdelay(25);
  curs_set(0);
  setup_colors();
}

Terminal::~Terminal() { endwin(); }

int Terminal::rows() const { return std::max(LINES, 4); }
int Terminal::cols() const { return std::max(COLS, 1); }

Canvas& Terminal::screen() {
  if (!screen_ || screen_->rows() != rows() || screen_->cols() != cols()) screen_ = std::make_unique<Canvas>(rows(), cols());
  return *screen_;
}

void Terminal::paint() {
  const Canvas& c = screen();
  for (int r = 0; r < c.rows() && r < LINES; ++r)
    for (int col = 0; col < c.cols() && col < COLS; ++col) {
      const Cell& cell = c.at(r, col);
      if (cell.ch >= 0x2190 && cell.ch <= 0x2193) {  // arrows: no line-drawing glyph has them everywhere
        wchar_t w[2] = {static_cast<wchar_t>(cell.ch), 0};
        cchar_t cc;
        attr_t a = g_attrs[static_cast<int>(cell.color)];
        setcchar(&cc, w, a & ~A_COLOR, static_cast<short>(PAIR_NUMBER(a)), nullptr);
        mvadd_wch(r, col, &cc);
        continue;
      }
      mvaddch(r, col, glyph_of(cell.ch) | g_attrs[static_cast<int>(cell.color)]);
    }
  refresh();
}

int Terminal::read_key() {
  int k = getch();
  switch (k) {
    case KEY_UP: return key::kUp;
    case KEY_DOWN: return key::kDown;
    case KEY_LEFT: return key::kLeft;
    case KEY_RIGHT: return key::kRight;
    case KEY_PPAGE: return key::kPageUp;
    case KEY_NPAGE: return key::kPageDown;
    case KEY_HOME: return key::kHome;
    case KEY_END: return key::kEnd;
    case KEY_BTAB: return key::kUntab;
    case KEY_RESIZE: return key::kResize;
    case KEY_F(1): return key::kF1;
    case KEY_BACKSPACE:
    case 127:
    case 8: return key::kBackspace;
    case KEY_ENTER:
    case '\r':
    case '\n': return key::kEnter;
    default: return k;
  }
}

std::string Terminal::read_line(const char* prompt) {
  char text[256] = {};
  attrset(A_NORMAL);
  mvaddstr(LINES - 1, 0, prompt);
  clrtoeol();
  echo();
  curs_set(1);
  getnstr(text, sizeof(text) - 1);
  noecho();
  curs_set(0);
  return text;
}

}  // namespace cperf
