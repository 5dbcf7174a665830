#include "report/read_values.h"

#include <algorithm>
#include <cinttypes>

namespace cperf {

void ReadValues::add(int32_t pid, int32_t tid, int event, uint64_t value) {
  auto t = std::find_if(threads_.begin(), threads_.end(), [&](const Thread& x) { return x.pid == pid && x.tid == tid; });
  if (t == threads_.end()) t = threads_.insert(threads_.end(), Thread{pid, tid, {}});
  size_t col = std::find(events_.begin(), events_.end(), event) - events_.begin();
  if (col == events_.size()) events_.push_back(event);
  if (t->values.size() <= col) t->values.resize(col + 1);
  t->values[col] += value;
}

void ReadValues::print(std::FILE* out, const std::vector<std::string>& event_names) const {
  auto digits = [](const char* fmt, auto v) { return std::snprintf(nullptr, 0, fmt, v); };
  auto name = [&](int e) { return e >= 0 && static_cast<size_t>(e) < event_names.size() ? event_names[e] : std::string(); };
  auto value = [](const Thread& t, size_t c) { return c < t.values.size() ? t.values[c] : 0; };
  int pid_w = 3, tid_w = 3;
  std::vector<int> w;
  for (int e : events_) w.push_back(static_cast<int>(name(e).size()));
  for (const Thread& t : threads_) {
    pid_w = std::max(pid_w, digits("%d", t.pid));
    tid_w = std::max(tid_w, digits("%d", t.tid));
    for (size_t c = 0; c < events_.size(); ++c) w[c] = std::max(w[c], digits("%" PRIu64, value(t, c)));
  }
  std::fprintf(out, "# %*s  %*s", pid_w, "PID", tid_w, "TID");
  for (size_t c = 0; c < events_.size(); ++c) std::fprintf(out, "  %*s", w[c], name(events_[c]).c_str());
  std::fputc('\n', out);
  for (const Thread& t : threads_) {
    std::fprintf(out, "  %*d  %*d", pid_w, t.pid, tid_w, t.tid);
    for (size_t c = 0; c < events_.size(); ++c) std::fprintf(out, "  %*" PRIu64, w[c], value(t, c));
    std::fputc('\n', out);
  }
}

}  // namespace cperf
