// SampleSink: where ScriptTool hands resolved samples instead of printing them (cperf script
// -s). A tracepoint sample also comes with its format and raw payload.
#pragma once
#include <cstddef>

#include "scripting/db_export.h"
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

// A PERF_RECORD_SWITCH / SWITCH_CPU_WIDE record (perf's context_switch handler arguments).
struct ScriptSwitch {
  uint64_t time = 0;
  int32_t cpu = -1, pid = -1, tid = -1;
  int32_t np_pid = -1, np_tid = -1;  // the next/previous task of a CPU-wide switch, else -1
  bool out = false, out_preempt = false;
};

// A PERF_RECORD_THROTTLE / UNTHROTTLE record.
struct ScriptThrottle {
  bool unthrottle = false;
  uint64_t time = 0, id = 0, stream_id = 0;
  int32_t cpu = -1, pid = -1, tid = -1;
};

class SampleSink {
 public:
  virtual ~SampleSink() = default;
  // tp: set for a tracepoint sample whose format is known.
  virtual void sample(const ScriptSample& s, const TracepointPayload* tp) = 0;
  // Whether samples should come with their instruction bytes (ScriptSample::insn).
  virtual bool wants_insn() const { return false; }
  virtual void context_switch(const ScriptSwitch&) {}
  virtual void throttle(const ScriptThrottle&) {}
  // The STAT_ROUND record of a `perf stat record` file, at `time`.
  virtual void stat_round(uint64_t /*time*/) {}
  // perf's database export mode (db_export.h): samples other than tracepoints go to
  // db_sample instead of sample(), SWITCH records to db_switch instead of context_switch().
  // comm_exec: some event has attr.comm_exec.
  virtual bool db_export() const { return false; }
  virtual void db_sample(Machine&, bool /*comm_exec*/, const DbSample&) {}
  virtual void db_switch(Machine&, bool /*comm_exec*/, const DbSwitch&) {}
};

}  // namespace cperf
