#include "unwind/unwind_check.h"

#include <cinttypes>
#include <cstdio>

namespace cperf {

namespace {

void print_frames(const char* what, const std::vector<UnwoundFrame>& frames) {
  std::fprintf(stderr, " %s:", what);
  for (const UnwoundFrame& f : frames)
    std::fprintf(stderr, " %" PRIx64 "%s", f.ip, f.map ? "" : "(no map)");
}

}  // namespace

UnwindCheck::~UnwindCheck() {
  std::fprintf(stderr,
               "cperf unwind check: %zu samples, %zu by the fast path, %zu frames, %zu by the "
               "fast path, %zu mismatches\n",
               samples_, fast_samples_, frames_, fast_frames_, mismatches_);
}

void UnwindCheck::compare(int32_t tid, uint64_t ip, const std::vector<UnwoundFrame>& fast,
                          const std::vector<UnwoundFrame>& libdw) {
  ++samples_;
  ++fast_samples_;
  frames_ += libdw.size();
  fast_frames_ += libdw.size();
  if (fast == libdw) return;
  ++mismatches_;
  std::fprintf(stderr, "cperf unwind check: tid %d ip %#" PRIx64 ": fast path and libdw differ;",
               tid, ip);
  print_frames("fast", fast);
  print_frames("libdw", libdw);
  std::fputc('\n', stderr);
}

void UnwindCheck::count_libdw(size_t frames) {
  ++samples_;
  frames_ += frames;
}

}  // namespace cperf
