#include "session/deferred_merger.h"

#include <algorithm>
#include <cstring>

#include "record/callchain_rewrite.h"
#include "record/side_band.h"

namespace cperf {

bool DeferredCallchainMerger::build_merged(Bytes sample, bool swap, const perf_event_attr& attr,
                                           const U64Array& user_ips,
                                           std::vector<std::byte>& out) {
  // Keep the kernel part and the USER_DEFERRED marker; the cookie gives way to the user ips.
  thread_local std::vector<uint64_t> tail;  // reused: one merge per deferred sample
  tail.resize(user_ips.size());
  for (size_t i = 0; i < user_ips.size(); ++i) tail[i] = user_ips[i];
  return replace_callchain_tail(sample, swap, attr, 1, tail, out);
}

void DeferredCallchainMerger::deliver(Event& ev, Session& s, DeferredState st) {
  state_ = st;
  next_.record(ev, s);
  state_ = DeferredState::kNone;
}

void DeferredCallchainMerger::pop_accounting(const Parked& p) {
  --parked_count_;
  parked_bytes_ -= p.ev.raw.bytes.size();
}

void DeferredCallchainMerger::record(Event& ev, Session& s) {
  if (ev.raw.type == PERF_RECORD_CALLCHAIN_DEFERRED) {
    on_deferred_record(ev, s);
    return;
  }
  if (ev.raw.type != PERF_RECORD_SAMPLE || ev.attr_index < 0) {
    next_.record(ev, s);
    return;
  }
  const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
  if (!attr.defer_callchain) {  // (before a DecodedSample is made: it is zeroed, and large)
    next_.record(ev, s);
    return;
  }
  DecodedSample ds;
  if (!decode_sample(ev.raw.bytes, s.swapped(), attr, ds).empty() || !ds.deferred_callchain) {
    next_.record(ev, s);
    return;
  }
  // Records in the file mapping stay valid; only reused buffers must be copied.
  if (ev.raw.decompressed || s.reader().from_stdin()) ev.take_ownership();
  uint64_t seq = seq_++;
  by_tid_[ds.tid].push_back(Parked{ev, ds.deferred_cookie, seq});
  order_.emplace_back(seq, ds.tid);
  ++parked_count_;
  parked_bytes_ += ev.raw.bytes.size();
  ++stats_.parked;
  auto& q = by_tid_[ds.tid];
  if (q.size() > opts_.max_per_tid) {
    Parked p = std::move(q.front());
    q.pop_front();
    pop_accounting(p);
    ++stats_.evicted;
    deliver(p.ev, s, DeferredState::kEvicted);
  }
  while (parked_bytes_ > opts_.max_bytes && parked_count_ > 0) evict_oldest(s);
  // order_ keeps entries of samples released by their record; compact it now and then so it
  // stays proportional to what is parked.
  if (order_.size() > 2 * parked_count_ + 1024) {
    std::deque<std::pair<uint64_t, uint32_t>> live;
    for (auto& [t, q] : by_tid_)
      for (const Parked& p : q) live.emplace_back(p.seq, t);
    std::sort(live.begin(), live.end());
    order_ = std::move(live);
  }
}

void DeferredCallchainMerger::evict_oldest(Session& s) {
  while (!order_.empty()) {
    auto [seq, tid] = order_.front();
    order_.pop_front();
    auto it = by_tid_.find(tid);
    if (it == by_tid_.end() || it->second.empty() || it->second.front().seq > seq) continue;
    Parked p = std::move(it->second.front());
    it->second.pop_front();
    if (it->second.empty()) by_tid_.erase(it);
    pop_accounting(p);
    ++stats_.evicted;
    deliver(p.ev, s, DeferredState::kEvicted);
    return;
  }
}

void DeferredCallchainMerger::on_deferred_record(Event& ev, Session& s) {
  ++stats_.records;
  SideBand sb;
  if (!ev.sid.valid || !decode_side_band(ev.raw, s.swapped(), sb).empty()) {
    ++stats_.records_unmatched;
    return;
  }
  auto it = by_tid_.find(ev.sid.tid);
  if (it == by_tid_.end() || it->second.empty()) {
    ++stats_.records_unmatched;
    return;
  }
  // Detach the queue first: delivering may not re-enter, but keep iteration simple.
  std::deque<Parked> q = std::move(it->second);
  by_tid_.erase(it);
  for (Parked& p : q) {
    pop_accounting(p);
    if (p.cookie != sb.cookie) {
      ++stats_.mismatched;
      deliver(p.ev, s, DeferredState::kMismatch);
      continue;
    }
    const perf_event_attr& attr = s.attrs()[p.ev.attr_index].attr;
    if (!build_merged(p.ev.raw.bytes, s.swapped(), attr, sb.deferred_ips, merged_)) {
      ++stats_.merge_failed;
      deliver(p.ev, s, DeferredState::kMismatch);
      continue;
    }
    // The merged bytes live in merged_ until the next merge: the tool sees them during its
    // record() call only (take_ownership() copies them if it needs more).
    Event& m = p.ev;
    m.owned.reset();
    m.raw.bytes = Bytes(merged_.data(), merged_.size());
    m.raw.size = static_cast<uint16_t>(merged_.size());
    ++stats_.merged;
    deliver(m, s, DeferredState::kMerged);
  }
}

void DeferredCallchainMerger::flush(Session& s) {
  std::vector<Parked> all;
  all.reserve(parked_count_);
  for (auto& [tid, q] : by_tid_)
    for (Parked& p : q) all.push_back(std::move(p));
  by_tid_.clear();
  order_.clear();
  std::sort(all.begin(), all.end(),
            [](const Parked& a, const Parked& b) { return a.seq < b.seq; });
  for (Parked& p : all) {
    pop_accounting(p);
    ++stats_.flushed;
    deliver(p.ev, s, DeferredState::kFlushed);
  }
}

void DeferredCallchainMerger::finish(Session& s) {
  flush(s);
  next_.finish(s);
}

}  // namespace cperf
