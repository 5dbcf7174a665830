// PythonEngine: an embedded CPython running one perf script (`cperf script -s x.py args`),
// with perf's calling convention:
//   start():  the interpreter starts (Debian's libpython, its own stdlib), sys.argv is
//             [script, args...], the script's directory leads sys.path, the file runs as
//             __main__, perf_script_context is set, trace_begin() is called if defined;
//   sample(): tracepoint samples go to "sys__event"(event_name, context, common_cpu,
//             common_secs, common_nsecs, common_pid, common_comm, common_callchain, fields...
//             [, perf_sample_dict]) or trace_unhandled(event_name, context, fields_dict,
//             perf_sample_dict); other samples to process_event(param_dict);
//   context_switch(time, cpu, pid, tid, np_pid, np_tid, machine_pid, out, out_preempt,
//             sample_machine_pid, sample_vcpu) and throttle/unthrottle(time, id, stream_id,
//             cpu, pid, tid) for those side-band records, stat__interval(time) for each
//             STAT_ROUND of a `perf stat record` file, when the script defines them;
//   db_sample()/db_switch(): in perf's database export mode (the script sets
//             perf_db_export_mode), rows of the *_table handlers (db_export.h) instead of
//             process_event and context_switch;
//   finish(): trace_end(), then the interpreter ends.
// An exception in a handler is fatal (traceback, then abort), as in perf.
// One engine per process: CPython has a single main interpreter.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "scripting/sample_sink.h"

namespace cperf {

class PythonEngine : public SampleSink {
 public:
  // Returns nullptr (message on stderr, perf's wording) when the script cannot run.
  static std::unique_ptr<PythonEngine> start(const std::string& script,
                                             const std::vector<std::string>& args);
  ~PythonEngine() override;
  PythonEngine(const PythonEngine&) = delete;
  PythonEngine& operator=(const PythonEngine&) = delete;

  void sample(const ScriptSample& s, const TracepointPayload* tp) override;
  bool wants_insn() const override { return true; }  // perf_sample_insn() may ask
  void context_switch(const ScriptSwitch& sw) override;
  void throttle(const ScriptThrottle& t) override;
  void stat_round(uint64_t time) override;
  // Database export mode (the script set perf_db_export_mode): see db_export.h.
  bool db_export() const override;
  void db_sample(Machine& m, bool comm_exec, const DbSample& s) override;
  void db_switch(Machine& m, bool comm_exec, const DbSwitch& sw) override;
  // stat__<event> handlers: does the script define one?
  bool has_handler(const char* name) const;
  void finish();

  struct Impl;

 private:
  explicit PythonEngine(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// The Python home the engine uses: $CPERF_PYTHONHOME, else the prefix of the libpython cperf
// was built with (Debian's /usr).
std::string python_home();

}  // namespace cperf
