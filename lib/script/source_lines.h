// The lines of source files, for script's srccode field (perf's srccode.c): a file is read on
// first use and kept, its lines split at '\n'.
#pragma once
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace cperf {

class SourceLines {
 public:
  // Line `line` (from 1) of the file at `path` (opened as given: relative to the current
  // directory when relative), without its newline; the last line of a file that does not
  // end in a newline runs to the end. Nothing when the file cannot be read or is shorter.
  std::optional<std::string_view> line(const std::string& path, unsigned line);

 private:
  struct File {
    std::string text;
    std::vector<size_t> starts;  // offset of each line
  };
  std::map<std::string, std::optional<File>> files_;
};

}  // namespace cperf
