#include "script/source_lines.h"

#include <fstream>
#include <iterator>

namespace cperf {

std::optional<std::string_view> SourceLines::line(const std::string& path, unsigned line) {
  auto [it, fresh] = files_.try_emplace(path);
  if (fresh) {
    std::ifstream in(path, std::ios::binary);
    if (in) {
      File f;
      f.text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
      for (size_t i = 0; i < f.text.size();) {
        f.starts.push_back(i);
        size_t nl = f.text.find('\n', i);
        i = nl == std::string::npos ? f.text.size() : nl + 1;
      }
      it->second = std::move(f);
    }
  }
  if (!it->second || line == 0 || line > it->second->starts.size()) return std::nullopt;
  const File& f = *it->second;
  size_t start = f.starts[line - 1];
  size_t nl = f.text.find('\n', start);
  return std::string_view(f.text).substr(start, (nl == std::string::npos ? f.text.size() : nl) - start);
}

}  // namespace cperf
