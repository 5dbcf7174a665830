// `data convert --to-ctf DIR`: the samples as a CTF trace (the Common Trace Format that
// babeltrace, Trace Compass and LTTng tools read), written with babeltrace's CTF writer
// (libbabeltrace-ctf), as perf does when it is built with it (Debian's perf 7.2 is not).
// One clock ("perf_clock", nanoseconds of the recording's clock), one stream per event, each
// sample an event of that event's name with the fields
//   perf_ip, perf_tid, perf_pid, perf_period, perf_cpu (when sampled),
//   perf_callchain_size and perf_callchain (the call chain's addresses, when recorded),
//   and a tracepoint's fields by name, as libtraceevent prints them (strings).
// Samples come as `script` resolves them (deferred user callchains merged).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "scripting/sample_sink.h"

struct bt_ctf_writer;
struct bt_ctf_clock;
struct bt_ctf_stream;
struct bt_ctf_event_class;
struct bt_ctf_field_type;

namespace cperf {

class CtfWriter : public SampleSink {
 public:
  // Creates the trace directory's writer; ok() says whether it could.
  explicit CtfWriter(const std::string& dir);
  ~CtfWriter() override;
  CtfWriter(const CtfWriter&) = delete;
  CtfWriter& operator=(const CtfWriter&) = delete;

  bool ok() const { return writer_ != nullptr && error_.empty(); }
  const std::string& error() const { return error_; }

  void sample(const ScriptSample& s, const TracepointPayload* tp) override;
  // Writes what is buffered and the metadata; false when something failed.
  bool finish();
  uint64_t samples() const { return samples_; }

 private:
  struct EventStream {
    bt_ctf_event_class* cls = nullptr;
    bt_ctf_stream* stream = nullptr;
    bool cpu = false, callchain = false;
    uint64_t pending = 0;  // events appended since the last flush
    std::vector<std::string> trace_fields;  // a tracepoint's, in its format's order
  };
  EventStream* stream_for(const ScriptSample& s, const TracepointPayload* tp);

  bt_ctf_writer* writer_ = nullptr;
  bt_ctf_clock* clock_ = nullptr;
  struct bt_ctf_field_type *u64_hex_ = nullptr, *u64_ = nullptr, *s32_ = nullptr, *u32_ = nullptr,
                    *string_ = nullptr, *chain_ = nullptr;
  std::map<std::string, EventStream> streams_;  // by event name
  std::string error_;
  uint64_t samples_ = 0;
};

}  // namespace cperf
