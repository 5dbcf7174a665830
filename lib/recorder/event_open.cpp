#include "recorder/event_open.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>

namespace cperf {

int sys_perf_event_open(const perf_event_attr& attr, pid_t pid, int cpu, int group_fd,
                        unsigned long flags) {
  return static_cast<int>(syscall(SYS_perf_event_open, &attr, pid, cpu, group_fd, flags));
}

namespace {

const char* kSwitchOffText[] = {
    "switching off deferred callchain support",
    "switching off PERF_FORMAT_LOST support",
    "switching off bpf_event",
    "switching off ksymbol",
    "switching off comm_exec",
    "switching off mmap2",
    "switching off exclude_guest, exclude_host",
    "switching off sample_id_all",
};

}  // namespace

bool FeatureProber::uses(Feature f, const perf_event_attr& a) const {
  switch (f) {
    case kDefer: return a.defer_callchain || a.defer_output;
    case kReadLost: return a.read_format & PERF_FORMAT_LOST;
    case kBpfEvent: return a.bpf_event;
    case kKsymbol: return a.ksymbol;
    case kCommExec: return a.comm_exec;
    case kMmap2: return a.mmap2;
    case kExcludeGuest: return a.exclude_guest || a.exclude_host;
    case kSampleIdAll: return a.sample_id_all;
    case kCount: break;
  }
  return false;
}

// Opens a disabled task-clock counter on ourselves with only feature f switched on.
bool FeatureProber::probe(Feature f) const {
  perf_event_attr a{};
  a.size = PERF_ATTR_SIZE_VER5;
  a.type = PERF_TYPE_SOFTWARE;
  a.config = PERF_COUNT_SW_TASK_CLOCK;
  a.disabled = 1;
  a.exclude_kernel = 1;
  switch (f) {
    case kDefer:
      a.sample_type = PERF_SAMPLE_CALLCHAIN;
      a.sample_period = 1000000;
      a.defer_callchain = 1;
      break;
    case kReadLost: a.read_format = PERF_FORMAT_LOST; break;
    case kBpfEvent: a.bpf_event = 1; break;
    case kKsymbol: a.ksymbol = 1; break;
    case kCommExec: a.comm_exec = 1; break;
    case kMmap2: a.mmap2 = 1; break;
    case kExcludeGuest: a.exclude_guest = 1; break;
    case kSampleIdAll: a.sample_id_all = 1; break;
    case kCount: return true;
  }
  int fd = sys_perf_event_open(a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
  if (fd >= 0) {
    close(fd);
    return true;
  }
  return errno != EINVAL;  // only EINVAL says "unknown attr bits"
}

bool FeatureProber::detect_missing(const perf_event_attr& attr) {
  bool found = false;
  // Newest first; like perf, a feature that works means all older ones work too.
  for (int i = 0; i < kCount; i++) {
    Feature f = static_cast<Feature>(i);
    if (known_[f]) {
      if (!missing_[f]) break;
      continue;
    }
    known_[f] = true;
    if (probe(f)) break;
    missing_[f] = true;
    switched_off_.push_back(kSwitchOffText[f]);
    if (verbose_ >= 1) std::fprintf(stderr, "%s\n", kSwitchOffText[f]);
    found |= uses(f, attr);
  }
  return found;
}

bool FeatureProber::strip(perf_event_attr& a) const {
  bool changed = false;
  for (int i = 0; i < kCount; i++) {
    Feature f = static_cast<Feature>(i);
    if (!missing_[f] || !uses(f, a)) continue;
    changed = true;
    switch (f) {
      case kDefer: a.defer_callchain = 0; a.defer_output = 0; break;
      case kReadLost: a.read_format &= ~uint64_t{PERF_FORMAT_LOST}; break;
      case kBpfEvent: a.bpf_event = 0; break;
      case kKsymbol: a.ksymbol = 0; break;
      case kCommExec: a.comm_exec = 0; break;
      case kMmap2: a.mmap2 = 0; break;
      case kExcludeGuest: a.exclude_guest = 0; a.exclude_host = 0; break;
      case kSampleIdAll: a.sample_id_all = 0; break;
      case kCount: break;
    }
  }
  return changed;
}

}  // namespace cperf
