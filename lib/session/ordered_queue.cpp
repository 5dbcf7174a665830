#include "session/ordered_queue.h"

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
  heap_.push(Key{pushed, seq_++, slot});
  if (heap_.size() > max_queued_) {
    uint64_t first = heap_.top().time;
    ++half_flushes_;
    flush_upto(first + (pushed > first ? (pushed - first) / 2 : 0));
  }
}

void OrderedQueue::flush_upto(uint64_t limit) {
  while (!heap_.empty() && heap_.top().time <= limit) {
    Key k = heap_.top();
    heap_.pop();
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
