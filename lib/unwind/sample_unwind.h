// SampleUnwinder: the user frames perf adds to a sample's callchain by unwinding its user stack
// copy (perf's thread__resolve_callchain_unwind, util/machine.c). script and report both call
// user_frames() after resolving the recorded callchain:
//  - only for attrs with both PERF_SAMPLE_REGS_USER and PERF_SAMPLE_STACK_USER (--call-graph
//    dwarf), and samples that carry registers and a non-empty stack (dyn_size > 0);
//  - the frames come innermost first, at most max_stack of them: perf caps the recorded chain
//    and the unwound part separately, each at max_stack;
//  - callee order (the default) puts them after the recorded (kernel) chain; caller order
//    (report -g caller) puts them, reversed, before the reversed recorded chain.
// A sample whose stack says it holds more than it copied (dyn_size > size) is not unwound.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "linux/perf_event.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "symbol/symbol_options.h"
#include "unwind/dwarf_unwinder.h"
#include "unwind/libunwind_unwinder.h"

namespace cperf {

// perf's --unwind-style: which unwinder DWARF samples go through (kNone: they are not unwound).
enum class UnwindStyle { kLibdw, kLibunwind, kNone };

class SampleUnwinder {
 public:
  explicit SampleUnwinder(const SymbolOptions& opts) : opts_(opts), dwarf_(opts) {}
  // Files under --symfs (or /), the build-id cache at its default place.
  explicit SampleUnwinder(const std::string& symfs)
      : opts_(options_for(symfs)), dwarf_(opts_) {}

  void set_style(UnwindStyle style) { style_ = style; }

  // The unwound user frames of sample `ds` of thread `t` (empty when perf would not unwind).
  // The result stays valid until the next call.
  const std::vector<UnwoundFrame>& user_frames(const perf_event_attr& attr,
                                               const DecodedSample& ds, const Thread& t,
                                               bool swap, int max_stack);

 private:
  static SymbolOptions options_for(const std::string& symfs) {
    SymbolOptions o;
    o.symfs = symfs;
    return o;
  }
  SymbolOptions opts_;
  UnwindStyle style_ = UnwindStyle::kLibdw;
  DwarfUnwinder dwarf_;
  std::unique_ptr<LibunwindUnwinder> libunwind_;  // made on first use
  std::vector<UnwoundFrame> frames_;
};

}  // namespace cperf
