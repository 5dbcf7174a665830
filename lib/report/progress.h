// ProgressMeter: "Processing events: NN%" on a terminal's stderr while a long report runs.
//
// perf's --stdio has no progress output at all (its stdio UI's progress is a no-op); cperf has
// no TUI, so a report of a big file on a terminal would otherwise sit silent. The meter draws
// only when stderr is a tty, only once processing has taken longer than a moment (0.5 s, or
// CPERF_PROGRESS_DELAY_MS), and erases its line at the end, so stdout and any non-tty stderr
// stay byte-identical to perf.
#pragma once
#include <chrono>
#include <cstdint>
#include <cstdio>

#include "session/session.h"

namespace cperf {

class ProgressMeter {
 public:
  // total_bytes: the size of the data to process (0: unknown, e.g. a pipe: bytes are shown).
  ProgressMeter(std::FILE* out, uint64_t total_bytes, bool enabled);
  ~ProgressMeter() { finish(); }
  void add(uint64_t bytes) {
    done_ += bytes;
    if (enabled_ && ++calls_ % 512 == 0) tick();
  }
  void finish();  // erases the line, if one was drawn

 private:
  void tick();
  std::FILE* out_;
  uint64_t total_, done_ = 0, calls_ = 0;
  bool enabled_, drawn_ = false;
  std::chrono::steady_clock::time_point start_, last_;
  std::chrono::milliseconds delay_{500};
};

// A SessionTool that counts every record's bytes into a ProgressMeter, then passes it on.
class ProgressTool : public SessionTool {
 public:
  ProgressTool(SessionTool& inner, ProgressMeter& meter) : inner_(inner), meter_(meter) {}
  void user_record(const RawRecord& rec, Session& s) override {
    meter_.add(rec.bytes.size());
    inner_.user_record(rec, s);
  }
  void record(Event& ev, Session& s) override {
    meter_.add(ev.raw.bytes.size());
    inner_.record(ev, s);
  }
  void finish(Session& s) override {
    inner_.finish(s);
    meter_.finish();
  }

 private:
  SessionTool& inner_;
  ProgressMeter& meter_;
};

}  // namespace cperf
