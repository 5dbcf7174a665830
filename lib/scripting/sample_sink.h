// SampleSink: where ScriptTool hands resolved samples instead of printing them (cperf script
// -s). A tracepoint sample also comes with its format and raw payload.
#pragma once
#include <cstddef>

#include "scripting/script_sample.h"

struct tep_handle;
struct tep_event;

namespace cperf {

struct TracepointPayload {
  tep_handle* tep = nullptr;
  tep_event* event = nullptr;
  const void* data = nullptr;  // padded: every field offset is readable
  size_t size = 0;
};

class SampleSink {
 public:
  virtual ~SampleSink() = default;
  // tp: set for a tracepoint sample whose format is known.
  virtual void sample(const ScriptSample& s, const TracepointPayload* tp) = 0;
};

}  // namespace cperf
