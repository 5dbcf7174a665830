// UnwindCheck: the proof mode of the fast DWARF unwinder (CPERF_UNWIND_CHECK=1). Every sample
// the fast path unwinds is unwound again with libdw; a sample whose frames differ gets one line
// on stderr, and at the end one summary line says how many samples and frames took the fast
// path and how many differed:
//   cperf unwind check: S samples, F by the fast path, N frames, M by the fast path, K mismatches
#pragma once
#include <cstddef>
#include <cstdint>
#include <vector>

#include "unwind/unwound_frame.h"

namespace cperf {

class UnwindCheck {
 public:
  UnwindCheck() = default;
  UnwindCheck(const UnwindCheck&) = delete;
  UnwindCheck& operator=(const UnwindCheck&) = delete;
  ~UnwindCheck();  // prints the summary

  // A sample the fast path unwound: `fast` against libdw's frames.
  void compare(int32_t tid, uint64_t ip, const std::vector<UnwoundFrame>& fast,
               const std::vector<UnwoundFrame>& libdw);
  // A sample that went to libdw, giving `frames` frames.
  void count_libdw(size_t frames);

 private:
  size_t samples_ = 0, fast_samples_ = 0, frames_ = 0, fast_frames_ = 0, mismatches_ = 0;
};

}  // namespace cperf
