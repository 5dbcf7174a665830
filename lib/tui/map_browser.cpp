#include "tui/map_browser.h"

#include <cinttypes>
#include <cstdio>

#include "tui/popups.h"
#include "tui/terminal.h"

namespace cperf {

namespace {

constexpr int kCtrlC = 3;
constexpr const char* kHelpline = "Press ESC to exit, restart with -v to use / to search";

}  // namespace

MapBrowser::MapBrowser(MapDetails d) : title_(std::move(d.title)) {
  uint64_t max_end = 0;
  for (const MapSymbol& s : d.symbols) max_end = std::max(max_end, s.end);
  char buf[32];
  const int width = std::snprintf(buf, sizeof buf, "%" PRIx64, max_end);
  for (const MapSymbol& s : d.symbols) {
    std::snprintf(buf, sizeof buf, "%*" PRIx64 " %*" PRIx64 " %c ", width, s.start, width, s.end, s.binding);
    lines_.push_back(buf + s.name);
  }
}

void MapBrowser::draw(Canvas& c) const { draw_list_menu(c, title_, lines_, nav_, kHelpline); }

bool MapBrowser::key(int k, size_t rows, std::string& warning) {
  warning.clear();
  if (nav_.key(k, lines_.size(), list_menu_rows(static_cast<int>(rows)))) return true;
  switch (k) {
    case key::kLeft:
    case key::kEsc:
    case 'q':
    case kCtrlC: return false;
    case key::kEnter: warning = "\n'Ctrl+M' key not associated!\n"; break;
    case '/': warning = "\n'/' key not associated!\n"; break;
    default: break;
  }
  return true;
}

void MapBrowser::run(Terminal& t) {
  for (;;) {
    draw(t.screen());
    t.paint();
    const int k = t.read_key();
    if (k < 0 || k == key::kResize) continue;
    std::string warning;
    if (!key(k, static_cast<size_t>(t.rows()), warning)) return;
    if (warning.empty()) continue;
    // any key closes it (and is not acted on)
    draw_info_window(t.screen(), "Warning!", warning, "Press any key...");
    t.paint();
    while (t.read_key() == key::kResize) {
    }
  }
}

}  // namespace cperf
