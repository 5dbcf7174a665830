#include "recorder/switch_output.h"

#include <sys/time.h>
#include <unistd.h>

#include <cstdlib>
#include <ctime>

namespace cperf {

namespace {

// A positive number followed by exactly one of `units`; its value times the unit's scale.
bool parse_tagged(const std::string& text, const char* units, const uint64_t* scales, uint64_t& out) {
  char* end = nullptr;
  unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (end == text.c_str() || n == 0 || !end[0] || end[1]) return false;
  for (size_t i = 0; units[i]; i++)
    if (end[0] == units[i]) {
      out = n * scales[i];
      return true;
    }
  return false;
}

}  // namespace

bool parse_switch_output(const std::string& text, SwitchOutputSpec& out) {
  static const uint64_t kSizeScales[] = {1, 1 << 10, 1 << 20, 1 << 30};
  static const uint64_t kTimeScales[] = {1, 60, 3600, 86400};
  out = SwitchOutputSpec{};
  if (text.empty() || text == "signal") {
    out.mode = SwitchOutputSpec::kSignal;
  } else if (parse_tagged(text, "BKMG", kSizeScales, out.size)) {
    out.mode = SwitchOutputSpec::kSize;
  } else if (parse_tagged(text, "smhd", kTimeScales, out.seconds)) {
    out.mode = SwitchOutputSpec::kTime;
  } else {
    return false;
  }
  return true;
}

std::string timestamped_name(const std::string& output) {
  timeval tv{};
  gettimeofday(&tv, nullptr);
  tm local{};
  localtime_r(&tv.tv_sec, &local);
  char stamp[32];
  std::strftime(stamp, sizeof stamp, "%Y%m%d%H%M%S", &local);
  return output + "." + stamp + std::to_string(tv.tv_usec / 100000) + std::to_string(tv.tv_usec / 10000 % 10);
}

void RotatedFiles::add(const std::string& path) {
  files_.push_back(path);
  while (max_ && files_.size() > max_) {
    ::unlink(files_.front().c_str());
    files_.pop_front();
  }
}

}  // namespace cperf
