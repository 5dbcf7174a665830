#include "hist/chain_branch_stats.h"

#include <cinttypes>
#include <cstdio>

#include "format/branch_flags.h"

namespace cperf {

void ChainBranchStats::add(const ChainBranchInfo& f, uint64_t ip, bool made) {
  if (!f.branch) return;
  BranchFlags fl = decode_branch_flags(f.flags);
  ++branches_;
  target_ = f.from != 0;
  if (target_) {
    predicted_ += fl.predicted;
    aborts_ += fl.abort;
    types_.count(f.from, ip, fl);
  } else {
    cycles_ += fl.cycles;
    iter_ += f.iter;
    iter_cycles_ += f.iter_cycles;
    if (!made) ++matched_sources_;
  }
}

std::string ChainBranchStats::text() const {
  if (!branches_) return " (calltrace)";
  std::string s;
  char buf[64];
  auto word = [&](const char* w) {
    s += s.empty() ? " (" : " ";
    s += w;
  };
  if (target_) {
    for (const char* name : types_.names()) word(name);
    if (predicted_ < branches_) {
      std::snprintf(buf, sizeof buf, "predicted:%.1f%%", static_cast<float>(predicted_ * 100.0 / branches_));
      word(buf);
    }
    float abort = static_cast<float>(aborts_ * 100.0 / branches_);
    if (aborts_ && abort >= 0.1f) {
      std::snprintf(buf, sizeof buf, "abort:%.1f%%", abort);
      word(buf);
    }
  } else {
    if (uint64_t c = cycles_ / branches_) {
      std::snprintf(buf, sizeof buf, "cycles:%" PRId64, static_cast<int64_t>(c));
      word(buf);
    }
    if (iter_ && matched_sources_) {
      if (uint64_t v = iter_ / matched_sources_) {
        std::snprintf(buf, sizeof buf, "iter:%" PRId64, static_cast<int64_t>(v));
        word(buf);
        std::snprintf(buf, sizeof buf, "avg_cycles:%" PRId64, static_cast<int64_t>(iter_cycles_ / iter_));
        word(buf);
      }
    }
  }
  if (!s.empty()) s += ')';
  return s;
}

}  // namespace cperf
