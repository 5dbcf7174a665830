// fixed2_text: printf's "%.2f" of a double without printf. report prints a percentage per
// entry column, hundreds of thousands of them; printf's float path is most of that line's cost.
//
// printf rounds the double's exact value to the nearest hundredth. x * 100 in double is within
// 1e-8 of the exact product below 1e6, so the nearest hundredth is plain except near a tie:
// there the function declines and the caller uses printf.
#pragma once
#include <cmath>
#include <cstddef>
#include <cstdint>

namespace cperf {

// Writes "%.2f" of x into out (room for 12 characters) and returns its length; 0 when x is
// outside the fast path (negative or -0, not finite, >= 1e6, or within 1e-6 of a tie).
inline size_t fixed2_text(double x, char* out) {
  if (!(x >= 0.0 && x < 1e6) || std::signbit(x)) return 0;
  double y = x * 100.0;
  double whole = std::floor(y);
  double frac = y - whole;  // exact: y < 2^27
  if (std::fabs(frac - 0.5) < 1e-6) return 0;
  uint64_t n = static_cast<uint64_t>(whole) + (frac > 0.5 ? 1 : 0);
  char tmp[16];
  int len = 0;
  tmp[len++] = static_cast<char>('0' + n % 10);
  n /= 10;
  tmp[len++] = static_cast<char>('0' + n % 10);
  n /= 10;
  tmp[len++] = '.';
  do {
    tmp[len++] = static_cast<char>('0' + n % 10);
    n /= 10;
  } while (n);
  for (int i = 0; i < len; ++i) out[i] = tmp[len - 1 - i];
  return static_cast<size_t>(len);
}

}  // namespace cperf
