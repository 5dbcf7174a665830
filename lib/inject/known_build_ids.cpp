#include "inject/known_build_ids.h"

#include <cctype>

namespace cperf {

namespace {

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

}  // namespace

std::map<std::string, std::vector<uint8_t>> parse_known_build_ids(const std::string& list) {
  std::map<std::string, std::vector<uint8_t>> out;
  size_t pos = 0;
  while (pos <= list.size()) {
    size_t comma = list.find(',', pos);
    std::string entry = list.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    pos = comma == std::string::npos ? list.size() + 1 : comma + 1;
    size_t space = entry.find(' ');
    if (space == std::string::npos || space == 0 || space % 2) continue;
    std::vector<uint8_t> id;
    bool ok = true;
    for (size_t i = 0; i < space && ok; i += 2) {
      int hi = hex_value(entry[i]), lo = hex_value(entry[i + 1]);
      ok = hi >= 0 && lo >= 0;
      if (ok && id.size() < 10) id.push_back(static_cast<uint8_t>(hi << 4 | lo));
    }
    size_t path = entry.find_first_not_of(' ', space);
    if (ok && path != std::string::npos) out[entry.substr(path)] = std::move(id);
  }
  return out;
}

}  // namespace cperf
