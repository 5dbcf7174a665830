// Event specifications for `cperf record -e`: parses perf's event syntax into attrs.
//   hardware/software names (cycles, cpu-clock, page-faults, ...), raw rNNNN,
//   pmu/config=..,config1=..,name=..,period=../ for a PMU in sysfs, tracepoints sys:name
//   (id read from tracefs), terms on named and tracepoint events (task-clock/period=1000/,
//   sys:name/call-graph=dwarf,max-stack=8/), modifiers :u :k :h :p :pp :ppp :P :H :G :S, and
//   groups {a,b}[:mods], named groups name{a,b}[:mods].
#pragma once
#include <optional>
#include <string>
#include <vector>

#include "linux/perf_event.h"
#include "recorder/callchain_opts.h"

namespace cperf {

struct EventSpec {
  perf_event_attr attr{};
  std::string name;          // perf's event name (as written, e.g. "cpu-clock:u")
  bool defaulted = false;    // record's default event: its name follows its attr
  bool is_tracepoint = false;
  std::string tp_system, tp_name;
  bool user_period = false;  // period/freq given in the pmu terms
  bool sample_read = false;  // modifier S: its samples read the counts of its group
  // call-graph=, max-stack=, stack-size= terms: this event's own callchain setting.
  std::optional<CallchainOptions> callchain;
  // Groups ({a,b}): the leader has nr_members > 1; every member (leader included) has
  // `leader`, the index of its leader in the parsed list; -1 outside groups.
  int leader = -1;
  uint32_t nr_members = 0;
  // A named group (name{a,b}): its name, on the leader; "" for {a,b} (perf's {anon_group}).
  std::string group_name;
  // --filter / --exclude-perf: the tracepoint filter set on each of its counters.
  std::string filter;
  // The event failed to open in a way perf drops events for (a branch stack it cannot
  // sample): it is left out of the recording.
  bool removed = false;
  // -G: the cgroup (a path below the perf_event cgroup mount) this event counts in; "": all.
  std::string cgroup;
  // Opened on every online CPU for all tasks, whatever the target (perf's system-wide
  // side-band events, e.g. the text-poke dummy of --kcore).
  bool all_cpus = false;
};

// Parses a comma-separated -e argument (commas inside pmu/.../ and {...} belong to them).
// A group's modifiers apply on top of each member's own (cpu-clock:k in {..}:u counts both).
// On error returns false and sets `error` to perf-like text.
bool parse_events(const std::string& text, std::vector<EventSpec>& out, std::string& error);

// Splits an event list at top-level commas.
std::vector<std::string> split_event_list(const std::string& text);

// The hardware and software events known by name, in perf's order (aliases included).
struct NamedEventInfo {
  const char* name;
  uint32_t type;
  uint64_t config;
};
const std::vector<NamedEventInfo>& named_events();

// The tracefs events directory, or "" if tracefs is not mounted (and cannot be: as perf does,
// it is mounted at /sys/kernel/tracing when that is possible).
std::string tracefs_events_dir();

}  // namespace cperf
