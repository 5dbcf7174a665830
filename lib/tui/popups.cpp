#include "tui/popups.h"

#include <algorithm>

namespace cperf {

namespace {

std::vector<std::string_view> lines_of(std::string_view text) {
  std::vector<std::string_view> v;
  for (;;) {
    size_t nl = text.find('\n');
    v.push_back(text.substr(0, nl));
    if (nl == std::string_view::npos) break;
    text.remove_prefix(nl + 1);
  }
  return v;
}

}  // namespace

// perf's layout: width the longest line + 2, height the lines + 2 (+ 2 with an exit message),
// its corner at half the screen less half the box (integer halves); the text one cell in from
// the frame, the title one further.
void draw_info_window(Canvas& c, const char* title, std::string_view text, const char* exit_msg) {
  std::vector<std::string_view> lines = lines_of(text);
  int width = 0;
  for (std::string_view l : lines) width = std::max(width, static_cast<int>(l.size()));
  int height = static_cast<int>(lines.size());
  width += 2;
  height += 2;
  if (exit_msg) height += 2;
  int y = c.rows() / 2 - height / 2, x = c.cols() / 2 - width / 2;
  c.box(y, x, height, width, Color::kPlain);
  ++x;
  if (title) c.write(y, x + 1, title, Color::kPlain);
  ++y;
  int text_rows = exit_msg ? height - 2 : height, text_cols = width - 2;
  for (int i = 0; i < text_rows; ++i)
    c.write(y + i, x, static_cast<size_t>(i) < lines.size() ? lines[static_cast<size_t>(i)] : "", Color::kPlain,
            text_cols);
  if (exit_msg) {
    c.write(y + text_rows - 2, x, "", Color::kPlain, text_cols);
    c.write(y + text_rows - 1, x, exit_msg, Color::kPlain, text_cols);
  }
}

// perf's input window: the text at least 60 cells wide, 8 rows beyond its lines; the text's
// rows, then five blank rows over which a 3-row field box sits one cell in, the exit message
// below it.
InputField draw_input_window(Canvas& c, const char* title, std::string_view text, const char* exit_msg) {
  std::vector<std::string_view> lines = lines_of(text);
  int width = 60;
  for (std::string_view l : lines) width = std::max(width, static_cast<int>(l.size()));
  int height = static_cast<int>(lines.size());
  width += 2;
  height += 8;
  int y = c.rows() / 2 - height / 2, x = c.cols() / 2 - width / 2;
  c.box(y, x, height, width, Color::kPlain);
  ++x;
  if (title) c.write(y, x + 1, title, Color::kPlain);
  ++y;
  const int text_rows = height - 7, text_cols = width - 2;
  for (int i = 0; i < text_rows; ++i)
    c.write(y + i, x, static_cast<size_t>(i) < lines.size() ? lines[static_cast<size_t>(i)] : "", Color::kPlain,
            text_cols);
  y += text_rows;
  for (int i = -1; i < 4; ++i) c.write(y + i, x, "", Color::kPlain, text_cols);
  c.box(y, x + 1, 3, text_cols - 2, Color::kPlain);
  ++y;
  c.write(y + 3, x, exit_msg, Color::kPlain, text_cols);
  return {y, x + 2};
}

void draw_input_text(Canvas& c, const InputField& f, std::string_view input, int erased) {
  c.write(f.row, f.col, input, Color::kPlain);
  for (int i = 0; i < erased; ++i) c.put(f.row, f.col + static_cast<int>(input.size()) + i, ' ', Color::kPlain);
}

void draw_scroll_bar(Canvas& c, int row, int height, const ListNav& nav, size_t count) {
  size_t knob = nav.knob(count, static_cast<size_t>(height));
  for (int i = 0; i < height; ++i)
    c.put(row + i, c.cols() - 1, static_cast<size_t>(i) == knob ? glyph::kDiamond : glyph::kCheckerboard,
          Color::kNormal);
}

void draw_list_menu(Canvas& c, std::string_view title, const std::vector<std::string>& entries, const ListNav& nav,
                    std::string_view helpline) {
  int width = c.cols() - 1;
  size_t rows = list_menu_rows(c.rows());
  c.write(0, 0, title, Color::kRoot, c.cols());
  for (size_t i = 0; i < rows; ++i) {
    size_t n = nav.top + i;
    bool selected = n == nav.index && n < entries.size();
    c.write(static_cast<int>(i + 1), 0, n < entries.size() ? std::string_view(entries[n]) : "",
            selected ? Color::kSelected : Color::kNormal, width);
  }
  draw_scroll_bar(c, 1, static_cast<int>(rows), nav, entries.size());
  c.write(c.rows() - 1, 0, helpline, Color::kPlain, c.cols());
}

}  // namespace cperf
