#include "annotate/objdump_lines.h"

#include <regex.h>

#include <cctype>
#include <cstdlib>
#include <memory>

namespace cperf {

std::string expand_tabs(std::string_view line) {
  std::string out;
  out.reserve(line.size());
  for (char c : line) {
    if (c != '\t') {
      out += c;
      continue;
    }
    out += ' ';
    while (out.size() % 8) out += ' ';
  }
  return out;
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// objdump's banner lines name the file followed by ':'; perf looks at the first mention only.
bool names_file(std::string_view line, const std::string& filename) {
  size_t at = line.find(filename);
  return at != std::string_view::npos && at + filename.size() < line.size() && line[at + filename.size()] == ':';
}

struct Regex {
  regex_t re;
  bool ok;
  explicit Regex(const char* pattern) : ok(regcomp(&re, pattern, REG_EXTENDED) == 0) {}
  ~Regex() {
    if (ok) regfree(&re);
  }
};

}  // namespace

std::vector<AnnotLine> parse_objdump_output(std::string_view out, const std::string& filename, uint64_t start,
                                            uint64_t end) {
  Regex file_lineno("^/[^:]+:([0-9]+)");
  std::vector<AnnotLine> lines;
  int line_nr = 0;
  while (!out.empty()) {
    size_t nl = out.find('\n');
    std::string_view raw = out.substr(0, nl);
    out.remove_prefix(nl == std::string_view::npos ? out.size() : nl + 1);
    if (!filename.empty() && names_file(raw, filename)) continue;
    std::string line = expand_tabs(trim(raw));
    regmatch_t m[2];
    if (file_lineno.ok && regexec(&file_lineno.re, line.c_str(), 2, m, 0) == 0) {
      line_nr = std::atoi(line.c_str() + m[1].rm_so);
      continue;
    }
    AnnotLine al;
    // perf reads the address with strtoull (so "0x", signs and leading blanks pass too)
    char* rest = nullptr;
    uint64_t ip = std::strtoull(line.c_str(), &rest, 16);
    if (rest != line.c_str() && rest[0] == ':' && rest[1] != '\0' && ip >= start && ip < end) {
      al.offset = static_cast<int64_t>(ip - start);
      al.text = rest + 1;
    } else {
      al.text = std::move(line);
    }
    al.line_nr = line_nr++;
    lines.push_back(std::move(al));
  }
  return lines;
}

}  // namespace cperf
