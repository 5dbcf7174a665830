// EventCatalog: the events `cperf record -e` can open on this machine, for `cperf list`:
// hardware events (when the CPU has a PMU), software events, tracepoints from tracefs, and
// the raw descriptor forms. Each with the names it answers to (aliases), perf's type label
// and its encoding.
#pragma once
#include <string>
#include <vector>

namespace cperf {

struct ListedEvent {
  std::vector<std::string> names;  // the first is the event's name, the rest aliases
  std::string type;                // perf's label: "Hardware event", "Tracepoint event", ...
  std::string unit;                // perf's JSON "Unit": "cpu", "software", "tracepoint"
  std::string encoding;            // how perf would write it as a PMU term ("" for raw forms)
  std::string description;
};

// `tracefs`: the tracefs events directory ("" when not mounted: no tracepoints).
std::vector<ListedEvent> list_events(bool core_pmu, const std::string& tracefs);

}  // namespace cperf
