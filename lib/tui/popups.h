// The windows perf's browsers draw over or instead of a list, laid out as perf lays them:
// the info window (help, yes/no questions: a box centred on the screen, cut where it does not
// fit) and the full-screen list menu (the Enter menu, the event menu).
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "tui/canvas.h"
#include "tui/list_nav.h"

namespace cperf {

// A box centred on the canvas with `text`'s lines, an optional title on its top edge and, at
// its bottom, a blank line and `exit_msg`.
void draw_info_window(Canvas& c, const char* title, std::string_view text, const char* exit_msg);

// perf's input window (a search): a box at least 62 cells wide centred on the canvas with
// `title` on its top edge, `text`, a framed field and `exit_msg`; the cell where typed
// characters go. Typed text is drawn by draw_input_text.
struct InputField {
  int row = 0, col = 0;
};
InputField draw_input_window(Canvas& c, const char* title, std::string_view text, const char* exit_msg);
// The typed `input` in the field (perf writes each character as it comes and a blank over
// one taken back, so `erased` blanks after it).
void draw_input_text(Canvas& c, const InputField& f, std::string_view input, int erased);

// A full-screen menu: `title` on the title bar, one entry a line from the second line (the
// selected one highlighted), a scroll bar at the right and `helpline` at the bottom.
void draw_list_menu(Canvas& c, std::string_view title, const std::vector<std::string>& entries, const ListNav& nav,
                    std::string_view helpline);
// The rows such a menu shows.
inline size_t list_menu_rows(int screen_rows) { return screen_rows > 2 ? static_cast<size_t>(screen_rows - 2) : 1; }

// The scroll bar perf's browsers draw in the last column: a checkerboard with a diamond at the
// selected row's share of `height` rows from `row`.
void draw_scroll_bar(Canvas& c, int row, int height, const ListNav& nav, size_t count);

}  // namespace cperf
