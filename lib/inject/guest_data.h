// inject --guest-data FILE,PID[,OFFSET[,SCALE]]: perf 7.2's handling, as far as it gets.
//
// perf parses the value (a file, a non-zero QEMU pid, optional TSC offset and non-zero scale),
// and, unless -b, -s, -B or --itrace take another path (the value is then ignored, the file
// never opened), opens the guest recording once the host's is open: its open errors, or
// "Guest data has no sample IDs" for a recording whose attrs carry no ids (any pipe), end the
// run. With ids, perf 7.2 goes on to merge (inject/guest_merge.h).
#pragma once
#include <cstdint>
#include <string>

namespace cperf {

struct GuestData {
  std::string file;
  uint32_t machine_pid = 0;
  uint64_t time_offset = 0;
  double time_scale = 1;
};

// perf's parse of the option value; false where perf prints its "requires guest perf.data file
// name, guest machine PID, ..." message.
bool parse_guest_data(const std::string& value, GuestData& out);

enum class GuestCheck { kHasIds, kFailed };
// Opens the guest recording as perf does before merging; on kFailed perf's messages were
// printed and *status is perf's exit status.
GuestCheck check_guest_recording(const std::string& path, int* status);

}  // namespace cperf
