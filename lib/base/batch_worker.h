// BatchWorker: hands batches of work to one thread of its own, which processes them in the
// order they were handed over, so that the caller's thread makes the next batch meanwhile.
//
// The caller fills filling() and calls submit(); drain() waits until every batch given so far
// is processed and rethrows what processing threw (after a failure the batches up to drain()
// are dropped). At most kMaxQueued batches wait, which bounds the memory run ahead.
// Processed batches are cleared and reused.
//
// Unthreaded (one core), submit() processes the batch at once: the work and its order are the
// same either way.
//
// Batch needs clear() and empty().
#pragma once
#include <condition_variable>
#include <deque>
#include <exception>
#include <functional>
#include <mutex>
#include <thread>
#include <utility>
#include <vector>

namespace cperf {

template <typename Batch>
class BatchWorker {
 public:
  BatchWorker(bool threaded, std::function<void(Batch&)> process)
      : threaded_(threaded), process_(std::move(process)) {
    if (threaded_) worker_ = std::thread([this] { run(); });
  }
  ~BatchWorker() {
    if (!threaded_) return;
    {
      std::lock_guard lock(mu_);
      stop_ = true;  // batches not drained are dropped: their targets are going away
    }
    changed_.notify_all();
    worker_.join();
  }
  BatchWorker(const BatchWorker&) = delete;
  BatchWorker& operator=(const BatchWorker&) = delete;

  bool threaded() const { return threaded_; }
  Batch& filling() { return filling_; }

  void submit() {
    if (!threaded_) {
      process_(filling_);
      filling_.clear();
      return;
    }
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

  void drain() {
    if (!filling_.empty()) submit();
    if (!threaded_) return;
    std::unique_lock lock(mu_);
    changed_.wait(lock, [&] { return queue_.empty() && !busy_; });
    if (error_) std::rethrow_exception(std::exchange(error_, nullptr));
  }

 private:
  static constexpr size_t kMaxQueued = 4;

  void run() {
    std::unique_lock lock(mu_);
    for (;;) {
      changed_.wait(lock, [&] { return stop_ || !queue_.empty(); });
      if (stop_) return;
      Batch b = std::move(queue_.front());
      queue_.pop_front();
      busy_ = true;
      bool failed = error_ != nullptr;
      lock.unlock();
      changed_.notify_all();  // room in the queue
      std::exception_ptr error;
      if (!failed) {
        try {
          process_(b);
        } catch (...) {
          error = std::current_exception();
        }
      }
      b.clear();
      lock.lock();
      if (error) error_ = error;
      spare_.push_back(std::move(b));
      busy_ = false;
      changed_.notify_all();
    }
  }

  bool threaded_;
  std::function<void(Batch&)> process_;
  Batch filling_;
  std::mutex mu_;
  std::condition_variable changed_;
  std::deque<Batch> queue_;
  std::vector<Batch> spare_;
  bool busy_ = false, stop_ = false;
  std::exception_ptr error_;
  std::thread worker_;  // last: started once everything above is made
};

}  // namespace cperf
