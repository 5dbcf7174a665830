#include "report/hist_feeder.h"

namespace cperf {

HistFeeder::HistFeeder(bool threaded) : threaded_(threaded) {
  if (threaded_) worker_ = std::thread([this] { run(); });
}

HistFeeder::~HistFeeder() {
  if (!threaded_) return;
  {
    std::lock_guard lock(mu_);
    stop_ = true;  // batches not drained are dropped: the histograms are going away
  }
  changed_.notify_all();
  worker_.join();
}

void HistFeeder::add(Hists& h, const HistSample& s, const FrameId* path, size_t n, bool filtered) {
  if (!threaded_) {
    h.add(s, path, n, filtered);
    return;
  }
  filling_.items.push_back(Item{&h, s, filling_.ids.size(), n, filtered});
  filling_.ids.insert(filling_.ids.end(), path, path + n);
  if (filling_.items.size() == kBatchSize) submit();
}

void HistFeeder::submit() {
  std::unique_lock lock(mu_);
  changed_.wait(lock, [&] { return queue_.size() < kMaxQueued; });
  queue_.push_back(std::move(filling_));
  filling_ = Batch();
  if (!spare_.empty()) {
    filling_ = std::move(spare_.back());
    spare_.pop_back();
  }
  changed_.notify_all();
}

void HistFeeder::drain() {
  if (!threaded_) return;
  if (!filling_.items.empty()) submit();
  std::unique_lock lock(mu_);
  changed_.wait(lock, [&] { return queue_.empty() && !busy_; });
  if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
}

void HistFeeder::run() {
  std::unique_lock lock(mu_);
  for (;;) {
    changed_.wait(lock, [&] { return stop_ || !queue_.empty(); });
    if (stop_) return;
    Batch b = std::move(queue_.front());
    queue_.pop_front();
    busy_ = true;
    bool failed = error_ != nullptr;  // after a failure the rest is dropped until drain()
    lock.unlock();
    changed_.notify_all();  // room in the queue
    std::exception_ptr error;
    if (!failed) {
      try {
        for (const Item& it : b.items) it.hists->add(it.sample, b.ids.data() + it.path_at, it.n, it.filtered);
      } catch (...) {
        error = std::current_exception();
      }
    }
    b.items.clear();
    b.ids.clear();
    lock.lock();
    if (error) error_ = error;
    spare_.push_back(std::move(b));
    busy_ = false;
    changed_.notify_all();
  }
}

}  // namespace cperf
