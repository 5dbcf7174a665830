#include "base/config_parse.h"

#include <cctype>

namespace cperf {

namespace {

constexpr size_t kMaxName = 256;
constexpr size_t kMaxValue = 1024;

bool is_key_char(int c) { return std::isalnum(c) || c == '-' || c == '_'; }

// The text as perf's reader sees it: at the end a newline, forever (with `eof` set); CR LF as
// one newline; `line` counts the newlines read.
struct Chars {
  std::string_view text;
  size_t pos = 0;
  int line = 1;
  bool eof = false;

  int next() {
    if (pos >= text.size()) {
      eof = true;
      return '\n';
    }
    int c = static_cast<unsigned char>(text[pos++]);
    if (c == '\r' && pos < text.size() && text[pos] == '\n') c = text[pos++];
    if (c == '\n') ++line;
    return c;
  }
};

// After "key =": the value up to the end of the line, or nullopt when it is malformed.
std::optional<std::string> read_value(Chars& in) {
  std::string value;
  bool quoted = false, comment = false, blank = false;
  for (;;) {
    int c = in.next();
    if (value.size() >= kMaxValue - 1) return std::nullopt;
    if (c == '\n') {
      if (quoted) return std::nullopt;
      return value;
    }
    if (comment) continue;
    if (std::isspace(c) && !quoted) {
      blank = true;
      continue;
    }
    if (!quoted && (c == ';' || c == '#')) {
      comment = true;
      continue;
    }
    if (blank) {
      if (!value.empty()) value += ' ';
      blank = false;
    }
    if (c == '\\') {
      c = in.next();
      if (c == '\n') continue;  // the line goes on on the next one
      if (c == 't') c = '\t';
      else if (c == 'b') c = '\b';
      else if (c == 'n') c = '\n';
      else if (c != '\\' && c != '"') return std::nullopt;
      value += static_cast<char>(c);
      continue;
    }
    if (c == '"') {
      quoted = !quoted;
      continue;
    }
    value += static_cast<char>(c);
  }
}

// The rest of a key whose first letter is already in `var`, then its value; false on an error.
bool read_item(Chars& in, std::string& var, const ConfigItemFn& fn) {
  int c;
  for (;;) {
    c = in.next();
    if (in.eof || !is_key_char(c)) break;
    var += static_cast<char>(c);
    if (var.size() >= kMaxName) return false;
  }
  while (c == ' ' || c == '\t') c = in.next();
  std::optional<std::string> value;
  if (c != '\n') {
    if (c != '=') return false;
    value = read_value(in);
    if (!value) return false;
  }
  return fn(var, value);
}

// After `[name` and a blank: ` "subsection"]`. Appends ".subsection" to `var`.
bool read_subsection(Chars& in, std::string& var, int c) {
  do {
    if (c == '\n') return false;
    c = in.next();
  } while (std::isspace(c));
  if (c != '"') return false;
  var += '.';
  for (;;) {
    int ch = in.next();
    if (ch == '\n') return false;
    if (ch == '"') break;
    if (ch == '\\' && (ch = in.next()) == '\n') return false;  // \x is x
    var += static_cast<char>(ch);
    if (var.size() > kMaxName / 2) return false;
  }
  return in.next() == ']';
}

// After '[': the section name (lower-cased) into `var`; false when malformed or empty.
bool read_section(Chars& in, std::string& var) {
  var.clear();
  for (;;) {
    int c = in.next();
    if (in.eof) return false;
    if (c == ']') return !var.empty();
    if (std::isspace(c)) return read_subsection(in, var, c) && !var.empty();
    if (!is_key_char(c) && c != '.') return false;
    if (var.size() > kMaxName / 2) return false;
    var += static_cast<char>(std::tolower(c));
  }
}

}  // namespace

std::optional<int> parse_config_text(std::string_view text, const ConfigItemFn& fn) {
  Chars in{text};
  static constexpr std::string_view kBom = "\xef\xbb\xbf";
  if (!text.empty() && text[0] == kBom[0]) {
    if (text.substr(0, 3) != kBom) return 1;  // perf takes no partial mark
    in.pos = 3;
  }
  std::string section;  // "name." once a [name] line was read
  bool comment = false;
  for (;;) {
    int c = in.next();
    if (c == '\n') {
      if (in.eof) return std::nullopt;
      comment = false;
      continue;
    }
    if (comment || std::isspace(c)) continue;
    if (c == '#' || c == ';') {
      comment = true;
      continue;
    }
    if (c == '[') {
      if (!read_section(in, section)) return in.line;
      section += '.';
      continue;
    }
    if (!std::isalpha(c)) return in.line;
    std::string var = section + static_cast<char>(std::tolower(c));
    int line = in.line;
    if (!read_item(in, var, fn)) return line;
  }
}

}  // namespace cperf
