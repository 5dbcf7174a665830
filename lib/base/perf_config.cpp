#include "base/perf_config.h"

#include <cstdlib>
#include <fstream>

namespace cperf {

namespace {
std::string trim(const std::string& s) {
  size_t b = s.find_first_not_of(" \t\r");
  if (b == std::string::npos) return "";
  size_t e = s.find_last_not_of(" \t\r");
  return s.substr(b, e - b + 1);
}
}  // namespace

std::string perf_config_value(std::string_view section, std::string_view key) {
  std::string path;
  if (const char* p = std::getenv("PERF_CONFIG")) {
    path = p;
  } else if (const char* h = std::getenv("HOME")) {
    path = std::string(h) + "/.perfconfig";
  }
  if (path.empty()) return "";
  std::ifstream f(path);
  std::string line, current, value;
  while (std::getline(f, line)) {
    line = trim(line);
    if (line.empty() || line[0] == '#' || line[0] == ';') continue;
    if (line[0] == '[') {
      current = trim(line.substr(1, line.find(']') - 1));
      continue;
    }
    size_t eq = line.find('=');
    if (eq == std::string::npos) continue;
    if (current == section && trim(line.substr(0, eq)) == key) value = trim(line.substr(eq + 1));
  }
  return value;
}

}  // namespace cperf
