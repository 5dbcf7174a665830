// perf's --switch-on/--switch-off/--show-on-off-events (report and script): samples count only
// between a sample of the "on" event and one of the "off" event. The on/off samples themselves
// are dropped unless show_on_off. Without an "on" event everything counts from the start.
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "io/perf_data_reader.h"

namespace cperf {

class EventSwitch {
 public:
  std::string on_name, off_name;
  bool show_on_off = false;

  // Finds the named events among the file's; prints perf's two lines and returns false when
  // one is not there (perf then exits with status 254).
  bool resolve(const std::vector<EventAttrEntry>& attrs, std::FILE* err) {
    on_ = find(attrs, on_name);
    off_ = find(attrs, off_name);
    if (!on_name.empty() && on_ < 0) return not_found(err, "on", on_name);
    if (!off_name.empty() && off_ < 0) return not_found(err, "off", off_name);
    discarding_ = on_ >= 0;
    return true;
  }

  // Whether an on or off event was given (else discard() never drops anything).
  bool active() const { return on_ >= 0 || off_ >= 0; }

  // Whether a sample of event attr_index is dropped (and the switch state it moves).
  bool discard(int attr_index) {
    if (on_ >= 0 && discarding_) {
      if (attr_index != on_) return true;
      discarding_ = false;
      return !show_on_off;
    }
    if (off_ >= 0 && !discarding_ && attr_index == off_) {
      discarding_ = true;
      return !show_on_off;
    }
    return false;
  }

 private:
  static int find(const std::vector<EventAttrEntry>& attrs, const std::string& name) {
    if (name.empty()) return -1;
    for (size_t i = 0; i < attrs.size(); i++)
      if (attrs[i].name == name) return static_cast<int>(i);
    return -1;
  }
  static bool not_found(std::FILE* err, const char* which, const std::string& name) {
    std::fprintf(err, "ERROR: switch-%s event not found (%s)\nHINT:  use 'perf evlist' to see the available event names\n",
                 which, name.c_str());
    return false;
  }
  int on_ = -1, off_ = -1;
  bool discarding_ = false;
};

}  // namespace cperf
