#include "session/ordered_queue.h"

#include <algorithm>
#include <limits>

namespace cperf {

void OrderedQueue::push(Event&& e) {
  if (e.time < last_flush_) ++unordered_;
  if (e.time > max_time_) max_time_ = e.time;
  uint32_t slot;
  if (free_.empty()) {
    slot = static_cast<uint32_t>(slots_.size());
    slots_.push_back(std::move(e));
  } else {
    slot = free_.back();
    free_.pop_back();
    slots_[slot] = std::move(e);
  }
  uint64_t pushed = slots_[slot].time;
  fresh_.push_back(Key{pushed, seq_++, slot});
  if (size() > max_queued_) {
    settle();
    uint64_t first = sorted_[head_].time;
    ++half_flushes_;
    flush_upto(first + (pushed > first ? (pushed - first) / 2 : 0));
  }
}

void OrderedQueue::sort_runs(std::vector<Key>& keys) {
  // Where the runs already in order end (one per CPU buffer the round read).
  std::vector<size_t>& ends = run_ends_;
  ends.clear();
  for (size_t i = 1; i < keys.size(); ++i)
    if (Earlier()(keys[i], keys[i - 1])) {
      if (ends.size() == kMaxRuns) {
        std::sort(keys.begin(), keys.end(), Earlier());
        return;
      }
      ends.push_back(i);
    }
  ends.push_back(keys.size());
  // Merge neighbouring runs pairwise until one is left: log2(runs) linear passes, between
  // keys and a scratch array of the same size.
  std::vector<Key>& other = run_scratch_;
  other.resize(keys.size());
  while (ends.size() > 1) {
    size_t begin = 0, kept = 0;
    for (size_t r = 0; r < ends.size(); r += 2) {
      size_t mid = ends[r], end = r + 1 < ends.size() ? ends[r + 1] : mid;
      std::merge(keys.begin() + static_cast<std::ptrdiff_t>(begin), keys.begin() + static_cast<std::ptrdiff_t>(mid),
                 keys.begin() + static_cast<std::ptrdiff_t>(mid), keys.begin() + static_cast<std::ptrdiff_t>(end),
                 other.begin() + static_cast<std::ptrdiff_t>(begin), Earlier());
      ends[kept++] = begin = end;
    }
    ends.resize(kept);
    keys.swap(other);
  }
}

void OrderedQueue::settle() {
  if (fresh_.empty()) return;
  sort_runs(fresh_);
  auto rest = sorted_.begin() + static_cast<std::ptrdiff_t>(head_);
  if (rest == sorted_.end() || !Earlier()(fresh_.front(), sorted_.back())) {
    // (the common case: everything new comes after what is left)
    sorted_.erase(sorted_.begin(), rest);
    sorted_.insert(sorted_.end(), fresh_.begin(), fresh_.end());
  } else {
    merged_.clear();
    std::merge(rest, sorted_.end(), fresh_.begin(), fresh_.end(), std::back_inserter(merged_), Earlier());
    sorted_.swap(merged_);
  }
  head_ = 0;
  fresh_.clear();
}

void OrderedQueue::flush_upto(uint64_t limit) {
  settle();
  while (head_ < sorted_.size() && sorted_[head_].time <= limit) {
    // Events are delivered out of the order they were stored in: fetch the next ones (the
    // event, then its record) ahead, or each delivery starts with two cache misses.
    if (head_ + 2 < sorted_.size()) __builtin_prefetch(&slots_[sorted_[head_ + 2].slot]);
    if (head_ + 1 < sorted_.size()) __builtin_prefetch(slots_[sorted_[head_ + 1].slot].raw.bytes.data());
    Key k = sorted_[head_++];
    last_flush_ = k.time;
    // Free the slot before delivering, but keep the event alive across the call: the tool
    // cannot push (no re-entry), so the slot is not reused meanwhile.
    free_.push_back(k.slot);
    deliver_(slots_[k.slot]);
    slots_[k.slot].owned.reset();
  }
}

void OrderedQueue::finished_round() {
  flush_upto(next_flush_);
  next_flush_ = max_time_;
}

void OrderedQueue::finish() { flush_upto(std::numeric_limits<uint64_t>::max()); }

}  // namespace cperf
