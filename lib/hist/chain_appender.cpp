#include "hist/chain_appender.h"

#include <optional>

namespace cperf {

ChainAppender::ChainAppender(bool threaded) : worker_(threaded, append_all) {}

void ChainAppender::path(const FrameId* ids, size_t n) {
  Batch& b = worker_.filling();
  if (b.jobs.size() >= kBatchJobs) {
    worker_.submit();  // between samples: a path never spans two batches
  }
  Batch& f = worker_.filling();
  path_at_ = static_cast<uint32_t>(f.ids.size());
  path_n_ = static_cast<uint32_t>(n);
  f.ids.insert(f.ids.end(), ids, ids + n);
}

void ChainAppender::append(CallchainTree& tree, size_t from, uint64_t period) {
  worker_.filling().jobs.push_back(Job{&tree, path_at_, path_n_, static_cast<uint32_t>(from), period});
}

void ChainAppender::append_all(Batch& b) {
  // One PathIds per path, so that its trees share one lasting copy of it.
  std::optional<PathIds> path;
  uint32_t at = UINT32_MAX;
  for (const Job& j : b.jobs) {
    if (j.path_at != at || !path) {
      at = j.path_at;
      path.emplace(j.tree->store(), b.ids.data() + j.path_at, j.n);
    }
    j.tree->append(*path, j.from, j.period);
  }
}

}  // namespace cperf
