#include "record/branch_history.h"

#include "record/context_marker.h"

#include <algorithm>

#include "linux/perf_event.h"

namespace cperf {

BranchRecord decode_branch(uint64_t from, uint64_t to, uint64_t flags) {
  BranchRecord b;
  b.from = from;
  b.to = to;
  b.flags = flags;
  b.predicted = (flags >> 1) & 1;
  b.abort = (flags >> 3) & 1;
  b.cycles = static_cast<uint16_t>((flags >> 4) & 0xffff);
  return b;
}

BranchCounts branch_frame_counts(uint64_t flags, bool is_target) {
  BranchCounts c;
  c.branches = 1;
  if (is_target) {
    c.predicted = (flags >> 1) & 1;
    c.aborts = (flags >> 3) & 1;
  } else {
    c.cycles = (flags >> 4) & 0xffff;
  }
  return c;
}

namespace {

// The kernel's hash_64(v, bits): the golden-ratio multiply, top bits kept.
unsigned hash_bits(uint64_t v, unsigned bits) {
  return static_cast<unsigned>((v * 0x61C8864680B583EBull) >> (64 - bits));
}

}  // namespace

size_t remove_branch_loops(std::vector<BranchRecord>& be, std::vector<LoopIterations>& iters) {
  // One slot per hash value: the first branch seen with it (no collision handling, as perf).
  constexpr unsigned kBits = 7, kSlots = 127;
  constexpr int kEmpty = -1;
  int first_at[kSlots];
  std::fill(std::begin(first_at), std::end(first_at), kEmpty);
  size_t nr = be.size();
  for (size_t i = 0; i < nr; ++i) {
    unsigned h = hash_bits(be[i].from, kBits) % kSlots;
    if (first_at[h] == kEmpty) {
      first_at[h] = static_cast<int>(i);
      continue;
    }
    size_t start = static_cast<size_t>(first_at[h]);
    if (be[start].from != be[i].from) continue;
    // The run start..i-1 repeats at i..: compare as far as both go.
    size_t len = 0;
    bool repeats = true;
    for (size_t k = start; k < i && i + len < nr; ++k, ++len)
      if (be[k].from != be[i + len].from) {
        repeats = false;
        break;
      }
    if (!repeats) continue;
    size_t rest = nr - (i + len);
    if (rest > 0) {
      LoopIterations& it = iters[i + len];
      it.count += 1;
      it.cycles = 0;
      for (size_t k = i; k < i + len; ++k) it.cycles += be[k].cycles;
      std::move(iters.begin() + static_cast<std::ptrdiff_t>(i + len), iters.begin() + static_cast<std::ptrdiff_t>(nr),
                iters.begin() + static_cast<std::ptrdiff_t>(i));
      std::move(be.begin() + static_cast<std::ptrdiff_t>(i + len), be.begin() + static_cast<std::ptrdiff_t>(nr),
                be.begin() + static_cast<std::ptrdiff_t>(i));
    }
    nr -= len;
  }
  be.resize(nr);
  iters.resize(nr);
  return nr;
}

namespace {

// Caller order: the mode of the nearest marker before chain[end] (unchanged when none).
bool mode_before(const U64Array& chain, size_t end, uint8_t& mode) {
  while (end-- > 0)
    if (chain[end] >= PERF_CONTEXT_MAX) return context_marker_mode(chain[end], mode);
  return true;
}

}  // namespace

void branch_history_frames(const U64Array& chain, const U64Array& branches, int max_stack,
                           bool caller_order, std::vector<BranchHistoryFrame>& out) {
  out.clear();
  const size_t total = branches.size() / 3;
  const size_t limit = max_stack < 0 ? 0 : static_cast<size_t>(max_stack);
  size_t chain_nr = chain.size();
  size_t first_call = 0;
  if (total <= kMaxBranchDepth) {
    const size_t nr = std::min(limit, total);
    std::vector<BranchRecord> be(nr);
    for (size_t i = 0; i < nr; ++i) {
      size_t k = caller_order ? total - 1 - i : i;
      be[i] = decode_branch(branches[3 * k], branches[3 * k + 1], branches[3 * k + 2]);
      if (caller_order || first_call >= chain.size()) continue;
      uint64_t at = chain[first_call];
      if (at >= PERF_CONTEXT_MAX || (be[i].from < at && be[i].from + 8 >= at)) ++first_call;
    }
    std::vector<LoopIterations> iters(nr);
    size_t kept = remove_branch_loops(be, iters);
    for (size_t k = 0; k < be.size(); ++k) {
      const BranchRecord& b = be[k];
      BranchHistoryFrame to{b.to, kAnyMode, {}, {true, b.from, b.flags, 0, 0}};
      to.counts.branches = 1;
      // perf tells a target from a source by the source address it keeps (zero: a source)
      if (b.from) {
        to.counts.predicted = b.predicted;
        to.counts.aborts = b.abort;
      } else {
        to.counts.cycles = b.cycles;
      }
      out.push_back(to);
      BranchHistoryFrame from{b.from, kAnyMode, {},
                              {true, 0, b.flags, static_cast<uint64_t>(iters[k].count), iters[k].cycles}};
      from.counts.branches = 1;
      from.counts.cycles = b.cycles;
      out.push_back(from);
    }
    if (chain_nr == 0) return;
    chain_nr = chain_nr > kept ? chain_nr - kept : 0;
  }
  uint8_t mode = PERF_RECORD_MISC_USER;
  auto discard = [&] { out.clear(); };
  if (caller_order && !mode_before(chain, chain.size() - first_call, mode)) return discard();
  size_t entries = 0;
  for (size_t i = first_call; i < chain_nr && entries < limit; ++i) {
    size_t j = caller_order ? chain.size() - 1 - i : i;
    uint64_t ip = chain[j];
    if (ip >= PERF_CONTEXT_MAX) {
      bool known = caller_order ? mode_before(chain, j, mode) : context_marker_mode(ip, mode);
      if (!known) return discard();
      continue;
    }
    ++entries;
    out.push_back({ip, mode, {}, {}});
  }
}

}  // namespace cperf
