#include "format/itrace_options.h"

#include <cctype>
#include <cstddef>
#include <string_view>

namespace cperf {

namespace {

constexpr unsigned kMaxChainOrBranches = 1024;  // perf's limit for g/G/l/L sizes

class Cursor {
 public:
  explicit Cursor(std::string_view s) : s_(s) {}
  bool done() const { return i_ >= s_.size(); }
  char peek() const { return done() ? '\0' : s_[i_]; }
  char next() { return done() ? '\0' : s_[i_++]; }
  void skip_separators() {
    while (peek() == ' ' || peek() == ',') ++i_;
  }
  bool at_digit() const { return std::isdigit(static_cast<unsigned char>(peek())) != 0; }
  unsigned long long number() {
    unsigned long long v = 0;
    while (at_digit()) v = v * 10 + static_cast<unsigned>(next() - '0');
    return v;
  }

 private:
  std::string_view s_;
  size_t i_ = 0;
};

// 'i'/'y': a period, then its unit (i, t, ms, us, ns), or the end of the string.
bool period(Cursor& c) {
  c.skip_separators();
  if (!c.at_digit()) return true;
  c.number();
  c.skip_separators();
  switch (c.next()) {
    case 'i':
    case 't':
    case '\0': return true;
    case 'm':
    case 'u':
    case 'n': return c.next() == 's';
    default: return false;
  }
}

// 'g', 'G', 'l', 'L': an optional size from 1 to 1024.
bool size(Cursor& c) {
  c.skip_separators();
  if (!c.at_digit()) return true;
  unsigned long long v = c.number();
  return v >= 1 && v <= kMaxChainOrBranches;
}

// 'e' and 'd': flags, each '+' or '-' then a lower-case letter (spaces may come between).
bool flags(Cursor& c) {
  for (;;) {
    char ch = c.peek();
    if (ch == ' ') {
      c.next();
      continue;
    }
    if (ch != '+' && ch != '-') return true;
    c.next();
    while (c.peek() == ' ') c.next();
    char f = c.next();
    if (f < 'a' || f > 'z') return false;
  }
}

}  // namespace

bool itrace_options_valid(std::string_view s) {
  Cursor c(s);
  while (!c.done()) {
    char ch = c.next();
    switch (ch) {
      case 'i':
      case 'y':
        if (!period(c)) return false;
        break;
      case 'g':
      case 'G':
      case 'l':
      case 'L':
        if (!size(c)) return false;
        break;
      case 's':
        if (!c.at_digit()) return false;
        c.number();
        break;
      case 'e':
      case 'd':
        if (!flags(c)) return false;
        break;
      case 'b': case 'c': case 'r': case 'x': case 'w': case 'p': case 'o': case 'I':
      case 'f': case 'm': case 'M': case 't': case 'a': case 'q': case 'A': case 'Z':
      case 'T': case ' ': case ',':
        break;
      default:
        return false;
    }
  }
  return true;
}

}  // namespace cperf
