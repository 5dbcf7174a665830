// record --switch-output[=signal|SIZE|TIME], --switch-max-files: when perf.data is closed and
// a new one started. Each closed file is renamed OUTPUT.<timestamp>, as perf names them.
#pragma once
#include <cstdint>
#include <deque>
#include <string>

namespace cperf {

struct SwitchOutputSpec {
  enum Mode { kNone, kSignal, kSize, kTime, kEvent };
  Mode mode = kNone;
  uint64_t size = 0;     // kSize: bytes of data per file
  uint64_t seconds = 0;  // kTime: seconds per file
};

// perf's values: "signal" (SIGUSR2), a size with B/K/M/G, or a time with s/m/h/d.
bool parse_switch_output(const std::string& text, SwitchOutputSpec& out);

// OUTPUT.YYYYmmddHHMMSScc: local time to the second, then hundredths (perf's stamp).
std::string timestamped_name(const std::string& output);

// --switch-max-files: the files written so far; once there are more than `max`, the oldest
// are removed (0: keep all).
class RotatedFiles {
 public:
  explicit RotatedFiles(unsigned max) : max_(max) {}
  void add(const std::string& path);
 private:
  unsigned max_;
  std::deque<std::string> files_;
};

}  // namespace cperf
