// Canvas: the cells of a terminal screen (a character and a colour each) as a browser draws
// them, without a terminal: the browsers draw here, tests read it back, and the terminal
// (tui/terminal.h) paints it. Colours are perf's ui_browser colour sets.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace cperf {

// perf's colour sets (HE_COLORSET_*) plus the plain colour of its help line and windows.
enum class Color : unsigned char {
  kNormal,    // terminal default on default
  kTop,       // a percentage >= 5%: red
  kMedium,    // a percentage >= 0.5%: green
  kSelected,  // the selected row: black on yellow
  kRoot,      // the title bar: white on blue
  kPlain,     // the help line and pop-up windows: light gray on black
  kArrow,     // the annotate browser's jump lines: blue on default
  kBlank,     // default on default, but written out as blanks (perf's filled rows), not erased
};

// The colour of a percentage as perf's browser shows it (not selected).
Color percent_color(double percent);

// Glyphs beyond ASCII that the browsers draw (Unicode code points; the terminal draws them
// with the line-drawing set).
namespace glyph {
constexpr char32_t kDiamond = 0x25C6, kCheckerboard = 0x2592;
constexpr char32_t kHLine = 0x2500, kVLine = 0x2502;
constexpr char32_t kLeftTee = 0x251C;
constexpr char32_t kUpperLeft = 0x250C, kUpperRight = 0x2510, kLowerLeft = 0x2514, kLowerRight = 0x2518;
}  // namespace glyph

struct Cell {
  char32_t ch = ' ';
  Color color = Color::kNormal;
  bool operator==(const Cell&) const = default;
};

class Canvas {
 public:
  Canvas(int rows, int cols);
  int rows() const { return rows_; }
  int cols() const { return cols_; }

  // Writes `text` (one cell a byte) at row, col in `color`; with width >= 0 it is cut to
  // width cells and filled with spaces to it. Whatever falls off the canvas is dropped.
  void write(int row, int col, std::string_view text, Color color, int width = -1);
  void put(int row, int col, char32_t ch, Color color);
  // Recolours the cells [col, col + n) of a row, keeping their characters.
  void paint(int row, int col, int n, Color color);
  // A line-drawn box's frame over rows [row, row + height) and cols [col, col + width).
  void box(int row, int col, int height, int width, Color color);

  const Cell& at(int row, int col) const { return cells_[static_cast<size_t>(row * cols_ + col)]; }
  // A row's characters (UTF-8), trailing spaces dropped.
  std::string text(int row) const;

 private:
  bool inside(int row, int col) const { return row >= 0 && row < rows_ && col >= 0 && col < cols_; }
  int rows_, cols_;
  std::vector<Cell> cells_;
};

}  // namespace cperf
