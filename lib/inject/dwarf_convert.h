// inject --convert-callchain (perf 7.2's): which attrs are DWARF ones, what they become, and
// the first pass that unwinds every DWARF sample as script would.
#pragma once
#include <string>

#include "inject/sample_key.h"
#include "linux/perf_event.h"
#include "machine/machine.h"
#include "script/symbols.h"
#include "session/session.h"
#include "unwind/sample_unwind.h"

namespace cperf {

// An attr with user registers, a user stack copy and a callchain.
bool is_dwarf_attr(const perf_event_attr& a);
// A DWARF attr without its registers and stack (drop_dwarf_bits); any other unchanged.
perf_event_attr convert_attr(const perf_event_attr& a);

// Follows threads and maps, and notes each DWARF sample's unwound user frames: those perf
// 7.2 writes, i.e. without an address script shows only as inlined functions' lines (perf
// converts its callchain cursor minus the inline entries).
class UnwindCollector : public SessionTool {
 public:
  UnwindCollector(UnwindStyle style, const std::string& symfs);
  void record(Event& ev, Session& s) override;
  MergeResults results;

 private:
  Machine machine_;
  SampleUnwinder unwinder_;
  ScriptSymbols symbols_;
  bool only_inlined(const UnwoundFrame& f);
};

}  // namespace cperf
