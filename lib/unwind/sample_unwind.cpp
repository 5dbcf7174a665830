#include "unwind/sample_unwind.h"

namespace cperf {

const std::vector<UnwoundFrame>& SampleUnwinder::user_frames(const perf_event_attr& attr,
                                                             const DecodedSample& ds,
                                                             const Thread& t, bool swap,
                                                             int max_stack) {
  frames_.clear();
  constexpr uint64_t kNeeded = PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
  if ((attr.sample_type & kNeeded) != kNeeded) return frames_;
  if (ds.user_regs.abi == PERF_SAMPLE_REGS_ABI_NONE || ds.user_regs.regs.empty()) return frames_;
  // The kernel copies size bytes but only dyn_size of them are stack; perf rejects more.
  if (ds.user_stack_dyn_size == 0 || ds.user_stack_dyn_size > ds.user_stack.size()) return frames_;
  Bytes stack = ds.user_stack.first(ds.user_stack_dyn_size);
  switch (style_) {
    case UnwindStyle::kLibdw: dwarf_.unwind(t, ds.user_regs, stack, swap, max_stack, frames_); break;
    case UnwindStyle::kLibunwind:
      if (!libunwind_) libunwind_ = std::make_unique<LibunwindUnwinder>(opts_);
      libunwind_->unwind(t, ds.user_regs, stack, swap, max_stack, frames_);
      break;
    case UnwindStyle::kNone: break;
  }
  return frames_;
}

}  // namespace cperf
