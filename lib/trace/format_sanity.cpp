#include "trace/format_sanity.h"

#include <cctype>
#include <cstdlib>
#include <set>
#include <string>

namespace cperf {

namespace {

bool ident_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// The field names of the "field:TYPE NAME[N];" lines: the last identifier before ';' or '['.
std::set<std::string, std::less<>> declared_fields(std::string_view text, size_t end) {
  std::set<std::string, std::less<>> names;
  for (size_t at = text.find("field:"); at != std::string_view::npos && at < end;
       at = text.find("field:", at + 6)) {
    size_t stop = text.find_first_of(";\n", at);
    if (stop == std::string_view::npos) stop = text.size();
    std::string_view decl = text.substr(at + 6, stop - at - 6);
    // "char name[16]" names name; "__data_loc char[] name" ends with its name.
    while (!decl.empty() && (decl.back() == ' ' || decl.back() == '\t')) decl.remove_suffix(1);
    if (!decl.empty() && decl.back() == ']') decl = decl.substr(0, decl.rfind('['));
    size_t e = decl.size();
    while (e > 0 && !ident_char(decl[e - 1])) --e;
    size_t b = e;
    while (b > 0 && ident_char(decl[b - 1])) --b;
    if (b < e) names.emplace(decl.substr(b, e - b));
  }
  return names;
}

// The print fmt's arguments: what follows its quoted format string, with string literals
// blanked out.
std::string print_args(std::string_view text, size_t fmt) {
  size_t q = text.find('"', fmt);
  if (q == std::string_view::npos) return {};
  size_t i = q + 1;
  while (i < text.size() && text[i] != '"') i += text[i] == '\\' ? 2 : 1;
  std::string args;
  bool in_string = false;
  for (size_t k = i + 1; k < text.size() && text[k] != '\n'; ++k) {
    char c = text[k];
    if (c == '"' && (k == 0 || text[k - 1] != '\\')) in_string = !in_string;
    args += in_string ? ' ' : c;
  }
  return args;
}

}  // namespace

bool print_fmt_divisions_safe(std::string_view text) {
  size_t fmt = text.find("print fmt:");
  if (fmt == std::string_view::npos) return true;
  std::string args = print_args(text, fmt);
  for (size_t k = 0; k < args.size(); ++k) {
    if (args[k] != '/' && args[k] != '%') continue;
    size_t r = k + 1;
    while (r < args.size() && (args[r] == ' ' || args[r] == '(')) ++r;
    if (args.compare(r, 5, "REC->") == 0 || args.compare(r, 6, "sizeof") == 0) continue;
    if (r < args.size() && std::isdigit(static_cast<unsigned char>(args[r])) &&
        std::strtoull(args.c_str() + r, nullptr, 0) != 0)
      continue;
    return false;
  }
  return true;
}

bool print_fmt_fields_declared(std::string_view text) {
  size_t fmt = text.find("print fmt:");
  if (fmt == std::string_view::npos) return true;
  auto names = declared_fields(text, fmt);
  for (size_t at = text.find("REC->", fmt); at != std::string_view::npos; at = text.find("REC->", at + 5)) {
    size_t b = at + 5, e = b;
    while (e < text.size() && ident_char(text[e])) ++e;
    if (e == b || !names.count(text.substr(b, e - b))) return false;
  }
  return true;
}

bool format_text_plain(std::string_view format) {
  for (char ch : format) {
    auto c = static_cast<unsigned char>(ch);
    if ((c < 0x20 || c > 0x7e) && c != '\t' && c != '\n' && c != '\r') return false;
  }
  return true;
}

bool format_safe_to_parse(std::string_view format) {
  return format_text_plain(format) && print_fmt_fields_declared(format) && print_fmt_divisions_safe(format);
}

}  // namespace cperf
