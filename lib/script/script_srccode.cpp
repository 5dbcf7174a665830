// perf script's -F srccode: under a sample (and under each instruction brstackinsn shows) the
// text of its source line, read from the source file the dso's line table names.
#include <cstdio>

#include "script/script_tool.h"

namespace cperf {

bool ScriptTool::put_srccode(TextLine& out, const Map* map, uint64_t ip, const Thread& t) {
  if (!map || !map->dso || map->dso->kernel) return false;
  const DsoSymbols* d = symbols_.user_symbols(map);
  std::string file;
  int line = 0;
  if (!d || !d->source_line(map->map_ip(ip), file, line)) return false;
  auto shown = srccode_shown_.find(t.serial);
  if (shown != srccode_shown_.end() && shown->second.file == file && shown->second.line == line)
    return false;
  std::optional<std::string_view> text = source_lines_.line(file, static_cast<unsigned>(line));
  if (!text) return false;  // (what was last shown stays)
  char head[24];
  std::snprintf(head, sizeof head, "|%-8d ", line);
  out.put(head).put(*text);
  srccode_shown_[t.serial] = {file, line};
  return true;
}

}  // namespace cperf
