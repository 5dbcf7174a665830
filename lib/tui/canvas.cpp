#include "tui/canvas.h"

namespace cperf {

Color percent_color(double percent) {
  if (percent >= 5.0) return Color::kTop;     // perf's MIN_RED
  if (percent >= 0.5) return Color::kMedium;  // perf's MIN_GREEN
  return Color::kNormal;
}

Canvas::Canvas(int rows, int cols)
    : rows_(rows > 0 ? rows : 1), cols_(cols > 0 ? cols : 1), cells_(static_cast<size_t>(rows_ * cols_)) {}

void Canvas::put(int row, int col, char32_t ch, Color color) {
  if (inside(row, col)) cells_[static_cast<size_t>(row * cols_ + col)] = Cell{ch, color};
}

void Canvas::write(int row, int col, std::string_view text, Color color, int width) {
  int n = width >= 0 ? width : static_cast<int>(text.size());
  for (int i = 0; i < n; ++i) {
    char32_t ch = static_cast<size_t>(i) < text.size() ? static_cast<unsigned char>(text[static_cast<size_t>(i)]) : U' ';
    put(row, col + i, ch, color);
  }
}

void Canvas::paint(int row, int col, int n, Color color) {
  for (int i = 0; i < n; ++i)
    if (inside(row, col + i)) cells_[static_cast<size_t>(row * cols_ + col + i)].color = color;
}

void Canvas::box(int row, int col, int height, int width, Color color) {
  if (height < 2 || width < 2) return;
  int bottom = row + height - 1, right = col + width - 1;
  for (int c = col + 1; c < right; ++c) {
    put(row, c, glyph::kHLine, color);
    put(bottom, c, glyph::kHLine, color);
  }
  for (int r = row + 1; r < bottom; ++r) {
    put(r, col, glyph::kVLine, color);
    put(r, right, glyph::kVLine, color);
  }
  put(row, col, glyph::kUpperLeft, color);
  put(row, right, glyph::kUpperRight, color);
  put(bottom, col, glyph::kLowerLeft, color);
  put(bottom, right, glyph::kLowerRight, color);
}

std::string Canvas::text(int row) const {
  std::string s;
  for (int c = 0; c < cols_; ++c) {
    char32_t ch = at(row, c).ch;
    if (ch < 0x80) {
      s += static_cast<char>(ch);
    } else if (ch < 0x800) {
      s += static_cast<char>(0xC0 | (ch >> 6));
      s += static_cast<char>(0x80 | (ch & 0x3F));
    } else {
      s += static_cast<char>(0xE0 | (ch >> 12));
      s += static_cast<char>(0x80 | ((ch >> 6) & 0x3F));
      s += static_cast<char>(0x80 | (ch & 0x3F));
    }
  }
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

}  // namespace cperf
