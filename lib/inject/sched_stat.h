// perf inject -s/--sched-stat: where and how long tasks slept. A recording of
// sched:sched_switch with sched:sched_stat_* events (and sched:sched_process_exit) keeps, per
// task, its last sched_switch sample; each sched_stat_* sample for a task (its "pid" field)
// becomes that switch sample (its callchain: where the task went to sleep) with the stat's
// period and time. Switch and exit samples themselves are dropped, as are stat samples of a
// task not yet switched out. Decided in time order (a Session), written in inject's pass.
#pragma once
#include <cstdint>
#include <deque>
#include <map>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "inject/sample_key.h"
#include "session/session.h"
#include "trace/trace_events.h"

namespace cperf {

// The output of each sched_switch, sched_process_exit and sched_stat_* sample, by its key:
// the record to write in its place, or nullopt to drop it.
using SchedStatResults = std::map<SampleKey, std::deque<std::optional<std::vector<std::byte>>>>;

class SchedStatCollector : public SessionTool {
 public:
  // Which attr is which, by event name (a pipe names its events as they come: see
  // set_roles). The error: the switch event lacks PERF_SAMPLE_TID (perf's message; inject
  // stops), else empty.
  explicit SchedStatCollector(const std::vector<EventAttrEntry>& attrs) { set_roles(attrs); }
  const std::string& error() const { return error_; }
  // Does the sample of this attr go through the results?
  bool handles(int attr_index) const;

  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;

  SchedStatResults results;

 private:
  enum class Role { kOther, kSwitch, kExit, kStat };
  std::vector<Role> roles_;
  void set_roles(const std::vector<EventAttrEntry>& attrs);
  std::string error_;
  struct SwitchSample {
    std::vector<std::byte> bytes;
    int attr_index = -1;
  };
  std::unordered_map<uint32_t, SwitchSample> last_switch_;  // by tid
  TraceEvents trace_;
  bool trace_loaded_ = false;
  bool pipe_named_ = false;
  void load_trace(Session& s);
};

// A sample record with its TIME and PERIOD fields (where its sample_type has them) replaced.
std::vector<std::byte> with_time_and_period(Bytes record, uint64_t sample_type, uint64_t time, uint64_t period);

}  // namespace cperf
