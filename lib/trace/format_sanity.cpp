#include "trace/format_sanity.h"

#include <cctype>
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

}  // namespace

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

}  // namespace cperf
