// `data convert --to-ctf DIR`: the recording as a CTF trace (the Common Trace Format that
// babeltrace, Trace Compass and LTTng tools read), written with babeltrace's CTF writer
// (libbabeltrace-ctf) in the layout of perf's own converter (which Debian's perf 7.2 is built
// without), so that tools made for perf's traces read cperf's:
//   - the environment: host, sysname, release, version, machine, domain, tracer_name;
//   - one clock "perf_clock" in nanoseconds of the recording's clock ("perf clock"); with --tod
//     offset to wall-clock time from the file's clock data (record -k) and named after its clock;
//   - one stream class "perf_stream" whose packets carry the cpu_id, one stream per CPU;
//   - each event one event class of its name, with the fields its sample_type gives
//     (perf_ip, perf_tid, perf_pid, perf_id, perf_stream_id, perf_period, perf_weight,
//     perf_data_src, perf_transaction, perf_callchain_size + perf_callchain: the raw chain with
//     perf's context markers, a deferred user chain merged), a tracepoint's fields typed
//     (ctf_tracepoint.h), a BPF output's raw_len + raw_data;
//   - with --all, perf_comm, perf_exit, perf_fork, perf_mmap and perf_mmap2 events too (on CPU 0's
//     stream);
//   - --time: samples outside the ranges are skipped and counted.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "convert/ctf_tracepoint.h"
#include "script/time_ranges.h"
#include "session/session.h"
#include "trace/trace_events.h"

struct bt_ctf_writer;
struct bt_ctf_clock;
struct bt_ctf_stream;
struct bt_ctf_stream_class;

namespace cperf {

struct CtfExportOptions {
  TimeRanges time;
  bool all = false;  // --all: side-band records too
  bool tod = false;  // --tod: wall-clock times
};

class CtfExportTool : public SessionTool {
 public:
  CtfExportTool(const std::string& dir, const CtfExportOptions& o);
  ~CtfExportTool() override;
  CtfExportTool(const CtfExportTool&) = delete;
  CtfExportTool& operator=(const CtfExportTool&) = delete;

  // The writer and its clock (--tod reads the file's clock data, which a pipe has not given
  // yet: perf's refusal then). False: error() says why, in perf's words where perf has them.
  bool open(PerfDataReader& reader);
  const std::string& error() const { return error_; }

  void user_record(const RawRecord& rec, Session& s) override;
  void record(Event& ev, Session& s) override;
  // Writes the streams' last packets and the metadata; false when something failed.
  bool finish_trace();

  uint64_t samples() const { return samples_; }
  uint64_t non_samples() const { return non_samples_; }
  uint64_t bytes() const { return bytes_; }  // the records converted, as in the file
  uint64_t skipped() const { return skipped_; }

 private:
  struct EventClass {
    bt_ctf_event_class* cls = nullptr;
    uint64_t sample_type = 0;
    bool tracepoint = false, bpf_output = false;
    CtfTracepointFields trace;
  };
  struct CpuStream {
    bt_ctf_stream* stream = nullptr;
    uint64_t pending = 0;  // events appended since the last flush
  };
  bool set_up(Session& s);
  bool add_event_class(const EventAttrEntry& a);
  bool add_side_band_classes();
  void write_sample(Event& ev, Session& s);
  void write_side_band(Event& ev, Session& s);
  bool append(bt_ctf_event* ev, uint32_t cpu);
  void fail(const std::string& what);

  CtfExportOptions opts_;
  std::string dir_;
  bt_ctf_writer* writer_ = nullptr;
  bt_ctf_clock* clock_ = nullptr;
  bt_ctf_stream_class* stream_class_ = nullptr;
  CtfTypes types_;
  bool set_up_ = false;
  std::vector<EventClass> classes_;  // by attr index
  std::map<uint32_t, bt_ctf_event_class*> side_band_;  // --all: by record type
  std::map<uint32_t, CpuStream> streams_;
  uint32_t nr_cpus_ = 0;  // the recording's, for perf's warning about higher CPUs
  TraceEvents trace_;
  bool trace_loaded_ = false;
  std::string error_;
  uint64_t samples_ = 0, non_samples_ = 0, bytes_ = 0, skipped_ = 0;
};

}  // namespace cperf
