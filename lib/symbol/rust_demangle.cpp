#include "symbol/rust_demangle.h"

#include <cctype>
#include <cstdint>

namespace cperf {
namespace rust_detail {

void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xc0 | cp >> 6);
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xe0 | cp >> 12);
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  } else {
    out += static_cast<char>(0xf0 | cp >> 18);
    out += static_cast<char>(0x80 | (cp >> 12 & 0x3f));
    out += static_cast<char>(0x80 | (cp >> 6 & 0x3f));
    out += static_cast<char>(0x80 | (cp & 0x3f));
  }
}

namespace {

bool is_valid_scalar(uint32_t cp) { return cp <= 0x10ffff && (cp < 0xd800 || cp > 0xdfff); }
bool is_control(uint32_t cp) { return cp < 0x20 || (cp >= 0x7f && cp < 0xa0); }

// A final "h" + hex digits element is the legacy hash that the short form hides.
bool is_legacy_hash(std::string_view s) {
  if (s.empty() || s[0] != 'h') return false;
  for (char c : s.substr(1)) {
    if (!std::isxdigit(static_cast<unsigned char>(c))) return false;
  }
  return true;
}

// Decodes the "$..$" escape at the start of `s` (s[0] == '$'). Returns false when the text
// is not a known escape, in which case the caller prints the rest of the element verbatim.
bool decode_escape(std::string_view& s, std::string& out) {
  size_t close = s.find('$', 1);
  if (close == std::string_view::npos) return false;
  std::string_view esc = s.substr(1, close - 1);
  static constexpr struct {
    const char* code;
    const char* text;
  } kEscapes[] = {{"SP", "@"}, {"BP", "*"}, {"RF", "&"}, {"LT", "<"},
                  {"GT", ">"}, {"LP", "("}, {"RP", ")"}, {"C", ","}};
  for (const auto& e : kEscapes) {
    if (esc == e.code) {
      out += e.text;
      s.remove_prefix(close + 1);
      return true;
    }
  }
  if (esc.size() < 2 || esc[0] != 'u') return false;
  uint64_t cp = 0;
  for (char c : esc.substr(1)) {
    if (c >= '0' && c <= '9') {
      cp = cp * 16 + (c - '0');
    } else if (c >= 'a' && c <= 'f') {
      cp = cp * 16 + (c - 'a' + 10);
    } else {
      return false;
    }
    if (cp > 0xffffffff) return false;
  }
  if (!is_valid_scalar(static_cast<uint32_t>(cp)) || is_control(static_cast<uint32_t>(cp))) {
    return false;
  }
  append_utf8(out, static_cast<uint32_t>(cp));
  s.remove_prefix(close + 1);
  return true;
}

void print_legacy_element(std::string_view s, std::string& out) {
  if (s.size() >= 2 && s[0] == '_' && s[1] == '$') s.remove_prefix(1);
  while (!s.empty()) {
    if (s[0] == '.') {
      bool pair = s.size() > 1 && s[1] == '.';
      out += pair ? "::" : ".";
      s.remove_prefix(pair ? 2 : 1);
    } else if (s[0] == '$') {
      if (!decode_escape(s, out)) break;
    } else {
      size_t next = s.find_first_of("$.");
      if (next == std::string_view::npos) break;
      out.append(s.substr(0, next));
      s.remove_prefix(next);
    }
  }
  out.append(s);
}

bool is_symbol_like(std::string_view s) {
  for (char c : s) {
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x80 || !(std::isalnum(u) || std::ispunct(u))) return false;
  }
  return true;
}

}  // namespace

std::optional<std::string> demangle_legacy(std::string_view name, std::string_view* rest) {
  std::string_view inner;
  if (name.size() > 3 && name.starts_with("__ZN")) {
    inner = name.substr(4);
  } else if (name.size() > 2 && name.starts_with("_ZN")) {
    inner = name.substr(3);
  } else if (name.size() > 1 && name.starts_with("ZN")) {
    inner = name.substr(2);
  } else {
    return std::nullopt;
  }
  for (char c : inner) {
    if (static_cast<unsigned char>(c) >= 0x80) return std::nullopt;
  }
  // Elements are <decimal length><bytes>, closed by 'E'.
  std::string out;
  size_t pos = 0;
  size_t count = 0;
  std::string_view pending;  // printed lazily: the last one may be a hidden hash
  while (true) {
    if (pos >= inner.size()) return std::nullopt;
    if (inner[pos] == 'E') break;
    if (!std::isdigit(static_cast<unsigned char>(inner[pos]))) return std::nullopt;
    size_t len = 0;
    while (pos < inner.size() && std::isdigit(static_cast<unsigned char>(inner[pos]))) {
      if (len > (SIZE_MAX - 9) / 10) return std::nullopt;
      len = len * 10 + (inner[pos++] - '0');
    }
    if (len > inner.size() - pos) return std::nullopt;
    if (count > 0) {
      if (count > 1) out += "::";
      print_legacy_element(pending, out);
    }
    pending = inner.substr(pos, len);
    pos += len;
    ++count;
  }
  if (count > 0 && !is_legacy_hash(pending)) {
    if (count > 1) out += "::";
    print_legacy_element(pending, out);
  }
  *rest = inner.substr(pos + 1);
  return out;
}

}  // namespace rust_detail

std::optional<std::string> demangle_rust(std::string_view name) {
  // ThinLTO renames imported internal symbols with ".llvm.<HEX>"; drop that first.
  size_t llvm = name.find(".llvm.");
  if (llvm != std::string_view::npos) {
    bool all_hex = true;
    for (char c : name.substr(llvm + 6)) {
      if (!((c >= 'A' && c <= 'F') || (c >= '0' && c <= '9') || c == '@')) all_hex = false;
    }
    if (all_hex) name = name.substr(0, llvm);
  }
  std::string_view rest;
  std::optional<std::string> out = rust_detail::demangle_legacy(name, &rest);
  if (!out) out = rust_detail::demangle_v0(name, &rest);
  if (!out) return std::nullopt;
  // Trailing words (".cold", ".part.0") stay; anything else means this was not Rust.
  if (!rest.empty()) {
    if (rest[0] != '.' || !rust_detail::is_symbol_like(rest)) return std::nullopt;
    out->append(rest);
  }
  if (out->empty()) return std::nullopt;
  return out;
}

}  // namespace cperf
