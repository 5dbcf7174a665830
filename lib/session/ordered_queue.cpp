#include "session/ordered_queue.h"

#include <limits>

namespace cperf {

void OrderedQueue::push(Event&& e) {
  if (e.time < last_flush_) ++unordered_;
  if (e.time > max_time_) max_time_ = e.time;
  heap_.push(Item{e.time, seq_++, std::move(e)});
}

void OrderedQueue::flush_upto(uint64_t limit) {
  while (!heap_.empty() && heap_.top().time <= limit) {
    // priority_queue::top is const; moving out before pop is safe because pop only reorders.
    Item item = std::move(const_cast<Item&>(heap_.top()));
    heap_.pop();
    last_flush_ = item.time;
    deliver_(item.ev);
  }
}

void OrderedQueue::finished_round() {
  flush_upto(next_flush_);
  next_flush_ = max_time_;
}

void OrderedQueue::finish() { flush_upto(std::numeric_limits<uint64_t>::max()); }

}  // namespace cperf
