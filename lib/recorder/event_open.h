// perf_event_open with perf's missing-feature detection: when an open fails with EINVAL,
// probe (newest first) which attr feature the kernel lacks and retry without it.
#pragma once
#include <sys/types.h>

#include <string>
#include <vector>

#include "linux/perf_event.h"

namespace cperf {

int sys_perf_event_open(const perf_event_attr& attr, pid_t pid, int cpu, int group_fd,
                        unsigned long flags);

class FeatureProber {
 public:
  explicit FeatureProber(int verbose) : verbose_(verbose) {}

  // After an EINVAL: probes the features `attr` uses that are not known yet; returns true
  // if at least one of them turned out missing (the caller then calls strip() and retries).
  bool detect_missing(const perf_event_attr& attr);
  // Clears the fields of every missing feature from attr; returns true if anything changed.
  bool strip(perf_event_attr& attr) const;

  bool defer_missing() const { return missing_[kDefer]; }
  // Names of switched-off features, in the order found.
  const std::vector<std::string>& switched_off() const { return switched_off_; }

 private:
  enum Feature { kDefer, kReadLost, kBpfEvent, kKsymbol, kCommExec, kMmap2, kExcludeGuest,
                 kSampleIdAll, kCount };
  bool uses(Feature f, const perf_event_attr& a) const;
  bool probe(Feature f) const;

  int verbose_;
  bool known_[kCount] = {};
  bool missing_[kCount] = {};
  std::vector<std::string> switched_off_;
};

}  // namespace cperf
