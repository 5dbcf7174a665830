// perf's colours for a percentage on --stdio (--stdio-color, or a terminal): red from 5%,
// green above 0.5%, none below; the colour wraps the formatted text, padding included.
#pragma once

#include <cmath>
#include <string>
#include <string_view>

namespace cperf {

inline const char* stdio_percent_color(double percent) {
  double p = std::fabs(percent);
  return p >= 5.0 ? "\033[31m" : p > 0.5 ? "\033[32m" : "";
}

inline std::string paint_percent(std::string_view text, double percent) {
  const char* color = stdio_percent_color(percent);
  if (!*color) return std::string(text);
  std::string out = color;
  out += text;
  out += "\033[m";
  return out;
}

}  // namespace cperf
