// Event specifications for `cperf record -e`: parses perf's event syntax into attrs.
//   hardware/software names (cycles, cpu-clock, page-faults, ...), raw rNNNN,
//   pmu/config=..,config1=..,name=..,period=../ for a PMU in sysfs, tracepoints sys:name
//   (id read from tracefs), and modifiers :u :k :h :p :pp :ppp :P :H :G.
#pragma once
#include <string>
#include <vector>

#include "linux/perf_event.h"

namespace cperf {

struct EventSpec {
  perf_event_attr attr{};
  std::string name;          // perf's event name (as written, e.g. "cpu-clock:u")
  bool is_tracepoint = false;
  std::string tp_system, tp_name;
  bool user_period = false;  // period/freq given in the pmu terms
};

// Parses a comma-separated -e argument (commas inside pmu/.../ belong to the terms).
// On error returns false and sets `error` to perf-like text.
bool parse_events(const std::string& text, std::vector<EventSpec>& out, std::string& error);

// Splits an event list at top-level commas.
std::vector<std::string> split_event_list(const std::string& text);

// The tracefs events directory, or "" if tracefs is not mounted.
std::string tracefs_events_dir();

}  // namespace cperf
