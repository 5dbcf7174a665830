#include "record/lbr_callchain.h"

#include "record/context_marker.h"

#include <algorithm>
#include <cstddef>

namespace cperf {

bool has_lbr_callstack(const perf_event_attr& attr) {
  return (attr.sample_type & PERF_SAMPLE_BRANCH_STACK) &&
         (attr.branch_sample_type & PERF_SAMPLE_BRANCH_CALL_STACK);
}

namespace {

// chain[0..user_at], forwards or backwards, each marker setting the mode of the ips after it
// (mode starts as user, as perf's does). False on an unknown marker.
bool add_kernel_part(const U64Array& chain, size_t user_at, bool backwards,
                     std::vector<LbrFrame>& out) {
  uint8_t mode = PERF_RECORD_MISC_USER;
  for (size_t n = 0; n <= user_at; ++n) {
    uint64_t ip = chain[backwards ? user_at - n : n];
    if (ip >= PERF_CONTEXT_MAX) {
      if (!context_marker_mode(ip, mode)) return false;
      continue;
    }
    out.push_back({ip, mode});
  }
  return true;
}

}  // namespace

size_t find_user_context(const U64Array& chain, size_t limit) {
  limit = std::min(limit, chain.size());
  size_t i = 0;
  while (i < limit && chain[i] != PERF_CONTEXT_USER) ++i;
  return i;
}

bool lbr_callchain(const U64Array& chain, uint64_t ip, const U64Array& branches, int max_stack,
                   bool caller_order, std::vector<LbrFrame>& out) {
  out.clear();
  size_t limit = max_stack > 0 ? std::min(chain.size(), static_cast<size_t>(max_stack)) : 0;
  size_t user_at = find_user_context(chain, limit);
  if (user_at == limit) return false;

  const size_t nr = branches.size() / 3;
  // perf keeps the newest entry's source as every LBR frame's branch source
  const uint64_t newest_from = nr > 0 ? branches[0] : 0;
  auto counts = [&](size_t k) { return branch_frame_counts(branches[3 * k + 2], newest_from != 0); };
  auto info = [&](size_t k) { return ChainBranchInfo{true, newest_from, branches[3 * k + 2], 0, 0}; };
  auto from = [&](size_t k) { return LbrFrame{branches[3 * k], PERF_RECORD_MISC_USER, counts(k), info(k)}; };
  // the sample's ip, with the newest entry's flags
  const LbrFrame first{ip, PERF_RECORD_MISC_USER, nr > 0 ? counts(0) : BranchCounts{1, 0, 0, 0},
                       nr > 0 ? info(0) : ChainBranchInfo{true, 0, 0, 0, 0}};
  bool ok = true;
  if (!caller_order) {
    ok = add_kernel_part(chain, user_at, false, out);
    out.push_back(first);
    for (size_t k = 0; k < nr; ++k) out.push_back(from(k));
  } else {
    for (size_t k = nr; k-- > 0;) out.push_back(from(k));
    if (nr > 0) out.push_back(first);
    ok = add_kernel_part(chain, user_at, true, out);
  }
  if (!ok) out.clear();
  return ok;
}

bool LbrStitcher::continues(ThreadState& st, const U64Array& cur, uint64_t cur_hw_idx) const {
  if (!st.has_prev) return false;
  const uint64_t cur_nr = cur.size() / 3, prev_nr = st.prev.size() / 3;
  // The LBR register of the current sample's oldest entry, and how far the previous sample's
  // newest entry is from it (modulo the LBR size; unsigned arithmetic as perf's).
  uint64_t cur_base = max_lbr_ - cur_nr + cur_hw_idx + 1;
  uint64_t distance = st.prev_hw_idx > cur_base ? st.prev_hw_idx - cur_base
                                                : max_lbr_ + st.prev_hw_idx - cur_base;
  if (distance + 1 > prev_nr) return false;
  int64_t i = static_cast<int32_t>(distance), j = static_cast<int64_t>(cur_nr) - 1;
  int identical = 0;
  for (; i >= 0 && j >= 0; --i, --j, ++identical) {
    bool same = true;
    for (int w = 0; w < 3; ++w) same = same && st.prev[3 * i + w] == cur[3 * j + w];
    if (!same) break;
  }
  if (!identical) return false;
  std::vector<LbrFrame> older;  // the previous sample's entries older than this one's
  for (uint64_t k = distance + 1; k < prev_nr; ++k)
    older.push_back({st.prev[3 * k], PERF_RECORD_MISC_USER, branch_frame_counts(st.prev[3 * k + 2], st.prev[0] != 0),
                     ChainBranchInfo{true, st.prev[0], st.prev[3 * k + 2], 0, 0}});
  st.stitched.insert(st.stitched.begin(), older.begin(), older.end());
  return true;
}

void LbrStitcher::stitch(int32_t tid, const U64Array& branches, std::optional<uint64_t> hw_idx,
                         bool caller_order, std::vector<LbrFrame>& frames) {
  if (!hw_idx || max_lbr_ == 0) return;
  ThreadState& st = threads_[tid];
  if (!continues(st, branches, *hw_idx)) st.stitched.clear();
  st.has_prev = true;
  st.prev_hw_idx = *hw_idx;
  st.prev.resize(branches.size());
  for (size_t k = 0; k < branches.size(); ++k) st.prev[k] = branches[k];
  if (!caller_order) {
    frames.insert(frames.end(), st.stitched.begin(), st.stitched.end());
  } else {
    frames.insert(frames.begin(), st.stitched.rbegin(), st.stitched.rend());
  }
}

}  // namespace cperf
