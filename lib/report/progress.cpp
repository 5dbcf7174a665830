#include "report/progress.h"

#include <cinttypes>
#include <cstdlib>

namespace cperf {

ProgressMeter::ProgressMeter(std::FILE* out, uint64_t total_bytes, bool enabled)
    : out_(out), total_(total_bytes), enabled_(enabled) {
  start_ = last_ = std::chrono::steady_clock::now();
  if (const char* d = std::getenv("CPERF_PROGRESS_DELAY_MS")) delay_ = std::chrono::milliseconds(std::atoi(d));
}

void ProgressMeter::tick() {
  auto now = std::chrono::steady_clock::now();
  if (now - start_ < delay_ || (drawn_ && now - last_ < std::chrono::milliseconds(100))) return;
  last_ = now;
  drawn_ = true;
  if (total_) {
    // compressed records decompress to more bytes than the file holds
    uint64_t pct = done_ >= total_ ? 99 : done_ * 100 / total_;
    std::fprintf(out_, "\rProcessing events: %3" PRIu64 "%%", pct);
  } else {
    std::fprintf(out_, "\rProcessing events: %" PRIu64 " MB", done_ >> 20);
  }
  std::fflush(out_);
}

void ProgressMeter::finish() {
  if (!drawn_) return;
  drawn_ = false;
  std::fputs("\r\033[K", out_);  // back to column 0, line cleared
  std::fflush(out_);
}

}  // namespace cperf
