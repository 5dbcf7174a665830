// DeferredCallchainMerger: joins samples whose user callchain was deferred
// (PERF_CONTEXT_USER_DEFERRED + cookie at the end of the chain) with the
// PERF_RECORD_CALLCHAIN_DEFERRED record that carries the user part, as upstream perf's session
// layer does when merging is on. It is a SessionTool that sits in front of the real tool:
//
//   Session -> OrderedQueue -> DeferredCallchainMerger -> tool
//
// Contract (upstream perf 7.2 semantics):
//  - A sample with a deferred callchain is copied (Event::take_ownership) and parked in a FIFO
//    of its tid; nothing is delivered yet. Every other record goes straight through.
//  - A CALLCHAIN_DEFERRED record (its tid comes from the sample_id trailer) releases every
//    parked sample of that tid, oldest first: a sample with the record's cookie is delivered
//    merged (chain = its own chain minus the trailing cookie, i.e. kernel part + the
//    USER_DEFERRED marker, then the record's user ips; state kMerged); a sample with another
//    cookie is delivered unmerged with the deferred flag cleared (state kMismatch). The record
//    itself is consumed. A record that finds nothing parked vanishes, so duplicate records
//    (defer_output on several events) are never applied twice.
//  - finish() delivers the samples still parked, in arrival order across all tids, unmerged
//    with the flag kept (state kFlushed), then calls the tool's finish().
//  - Memory is bounded: a tid keeps at most max_per_tid parked samples and all tids together
//    at most max_bytes of record bytes; the oldest parked sample beyond a bound is released
//    unmerged with the flag kept (state kEvicted) and counted.
//  - Lookups are O(1) per record (hash by tid).
//
// The tool reads state() during its record() callback to know how a sample was delivered;
// outside a merger delivery it is kNone.
#pragma once
#include <cstddef>
#include <cstdint>
#include <deque>
#include <unordered_map>
#include <vector>

#include "session/session.h"

namespace cperf {

enum class DeferredState {
  kNone,      // not a parked sample (or merging is off)
  kMerged,    // chain completed from its CALLCHAIN_DEFERRED record
  kMismatch,  // released by a record of its tid with another cookie: flag cleared
  kFlushed,   // still parked at the end of the session: flag kept
  kEvicted,   // released early to bound memory: flag kept
};

struct DeferredMergerOptions {
  size_t max_per_tid = 65536;
  size_t max_bytes = size_t{256} << 20;
};

struct DeferredMergerStats {
  uint64_t parked = 0, merged = 0, mismatched = 0, flushed = 0, evicted = 0;
  uint64_t records = 0, records_unmatched = 0;  // CALLCHAIN_DEFERRED records seen / matching none
  uint64_t merge_failed = 0;                    // merged chain would not fit a record
};

class DeferredCallchainMerger : public SessionTool {
 public:
  explicit DeferredCallchainMerger(SessionTool& next, DeferredMergerOptions opts = {})
      : next_(next), opts_(opts) {}

  void user_record(const RawRecord& rec, Session& s) override { next_.user_record(rec, s); }
  void record(Event& ev, Session& s) override;
  void finish(Session& s) override;

  // Delivers everything still parked (kFlushed) without calling the tool's finish().
  void flush(Session& s);

  DeferredState state() const { return state_; }
  const DeferredMergerStats& stats() const { return stats_; }
  size_t parked_samples() const { return parked_count_; }
  size_t parked_bytes() const { return parked_bytes_; }

  // Builds the merged record: `sample` (a whole PERF_RECORD_SAMPLE in the file's byte order)
  // with its callchain replaced by chain[0..n-1) + user_ips. Returns false (out untouched) if
  // the sample has no callchain of at least 2 entries or the result exceeds a record's size.
  static bool build_merged(Bytes sample, bool swap, const perf_event_attr& attr,
                           const U64Array& user_ips, std::vector<std::byte>& out);

 private:
  struct Parked {
    Event ev;
    uint64_t cookie;
    uint64_t seq;
  };

  void deliver(Event& ev, Session& s, DeferredState st);
  void on_deferred_record(Event& ev, Session& s);
  void evict_oldest(Session& s);
  void pop_accounting(const Parked& p);

  SessionTool& next_;
  DeferredMergerOptions opts_;
  DeferredMergerStats stats_;
  DeferredState state_ = DeferredState::kNone;
  std::unordered_map<uint32_t, std::deque<Parked>> by_tid_;
  // Arrival order across tids, for eviction under the byte cap: (seq, tid). Entries whose
  // sample already left are skipped lazily.
  std::deque<std::pair<uint64_t, uint32_t>> order_;
  std::vector<std::byte> merged_;  // the last merged record (reused)
  uint64_t seq_ = 0;
  size_t parked_count_ = 0;
  size_t parked_bytes_ = 0;
};

}  // namespace cperf
