// The Enter menu of HistBrowser: perf 7.2's options for the selection, in perf's order and
// words. cperf acts on annotate, the zooms and the unfolding; the others (map details,
// scripts, another data file) close the menu.
#include <algorithm>

#include "tui/hist_browser.h"

namespace cperf {

std::vector<std::pair<std::string, HistBrowser::Action>> HistBrowser::menu() const {
  std::vector<std::pair<std::string, Action>> m;
  Selection s = selection();
  bool by_sym = sorted_by(hists_, SortKey::kSym), by_dso = sorted_by(hists_, SortKey::kDso);
  bool by_pid = sorted_by(hists_, SortKey::kPid), by_comm = sorted_by(hists_, SortKey::kComm);
  // perf offers to annotate a symbol that has samples of its own
  if (by_sym && s.entry && s.has_map && s.has_sym && sampled_symbols_.count({s.dso, s.sym}))
    m.emplace_back("Annotate " + s.sym, Action::kAnnotate);
  if (s.entry && (by_pid || by_comm)) {
    std::string name = thread_name(*s.entry);
    if (by_pid) name += "(" + std::to_string(s.entry->key.tid) + ")";
    m.emplace_back(std::string("Zoom ") + (thread_zoom_ ? "out of " : "into ") + name + " thread", Action::kZoomThread);
  }
  if (s.entry && by_dso && s.has_map)
    m.emplace_back(std::string("Zoom ") + (dso_zoom_ ? "out of " : "into ") +
                       (s.dso.rfind("[kernel.kallsyms]", 0) == 0 ? "the Kernel" : s.dso) +
                       " DSO (use the 'k' hotkey to zoom directly into the kernel)",
                   Action::kZoomDso);
  if (s.entry && nav_.index < rows_.size() && rows_[nav_.index].foldable) {
    const Row& r = rows_[nav_.index];
    bool open = r.node ? open_frames_.count({r.node, r.frame}) > 0 : open_entries_.count(r.entry) > 0;
    m.emplace_back(std::string(open ? "Collapse" : "Expand") + " [" + s.sym +
                       "] callchain (one level, same as '+' hotkey, use 'e'/'c' for the whole main level entry)",
                   Action::kToggle);
  }
  if (s.entry && by_dso && s.has_map) m.emplace_back("Browse map details", Action::kMapDetails);
  if (s.entry) {
    if (by_pid) m.emplace_back("Run scripts for samples of thread [" + thread_name(*s.entry) + "]", Action::kClose);
    if (by_sym && s.has_sym) m.emplace_back("Run scripts for samples of symbol [" + s.sym + "]", Action::kClose);
  }
  m.emplace_back("Run scripts for all samples", Action::kClose);
  m.emplace_back("Switch to another data file in PWD", Action::kClose);
  m.emplace_back("Exit", Action::kClose);
  return m;
}

std::vector<std::string> HistBrowser::menu_options() const {
  std::vector<std::string> v;
  for (const auto& [text, action] : menu()) v.push_back(text);
  return v;
}

}  // namespace cperf
