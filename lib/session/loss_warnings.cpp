#include "session/loss_warnings.h"

#include <cinttypes>

#include "base/error.h"
#include "format/record_types.h"
#include "io/perf_data_reader.h"
#include "record/side_band.h"

namespace cperf {

namespace {

// Sums the lost fields of LOST_SAMPLES records, as the histograms do.
class LostSampleCounter : public SessionTool {
 public:
  void record(Event& ev, Session& s) override {
    if (ev.raw.type != PERF_RECORD_LOST_SAMPLES) return;
    SideBand sb;
    if (decode_side_band(ev.raw, s.swapped(), sb).empty()) lost_ += sb.lost;
  }
  uint64_t lost() const { return lost_; }

 private:
  uint64_t lost_ = 0;
};

}  // namespace

void print_loss_warnings(std::FILE* out, const SessionStats& st, uint64_t lost_samples) {
  if (uint64_t lost = st.by_type[PERF_RECORD_LOST])
    std::fprintf(out, "Warning:\nProcessed %" PRIu64 " events and lost %" PRIu64
                 " chunks!\n\nCheck IO/CPU overload!\n\n", st.by_type[0], lost);
  uint64_t processed = st.by_type[PERF_RECORD_SAMPLE] + lost_samples;
  double rate = processed ? static_cast<double>(lost_samples) / static_cast<double>(processed) : 0;
  if (rate > 0.05)
    std::fprintf(out, "Warning:\nProcessed %" PRIu64 " samples and lost %3.2f%%!\n\n", processed,
                 rate * 100.0);
  // records older than events already delivered in time order (perf's last warning)
  if (st.unordered) std::fprintf(out, "Warning:\n%" PRIu64 " out of order events recorded.\n", st.unordered);
}

void print_file_loss_warnings(std::FILE* out, const std::string& path) {
  try {
    PerfDataReader reader(path, false);
    LostSampleCounter counter;
    Session session(reader, SessionOptions{}, counter);
    session.run();
    print_loss_warnings(out, session.stats(), counter.lost());
  } catch (const InputError&) {
  }
}

}  // namespace cperf
