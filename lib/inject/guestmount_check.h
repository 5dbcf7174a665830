// inject --guestmount: perf looks for each guest machine's files under DIR/PID (PID: the
// machine's, from the ID_INDEX record's machine_pid of the event's id, else an mmap's pid, else
// the sample's) when it first meets an event of that guest (cpumode guest kernel or user), and
// says "Can't access file DIR/PID" once for each it cannot read. The events are copied all the
// same: on a plain copy that line on stderr is all the option changes.
#pragma once
#include <cstdint>
#include <set>
#include <string>
#include <unordered_map>

#include "session/session.h"

namespace cperf {

class GuestMountCheck : public SessionTool {
 public:
  explicit GuestMountCheck(std::string guestmount) : guestmount_(std::move(guestmount)) {}
  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;

 private:
  void check(int64_t pid);
  std::string guestmount_;
  std::unordered_map<uint64_t, int64_t> machine_pid_;  // sample id -> machine pid (ID_INDEX v2)
  std::set<std::string> said_;
};

}  // namespace cperf
