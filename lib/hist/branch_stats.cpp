#include "hist/branch_stats.h"

namespace cperf {

namespace {

constexpr uint8_t kCond = 1, kExtendAbi = 15;

// perf's cross_area: the two addresses lie in different aligned areas of this size.
bool crosses(uint64_t from, uint64_t to, uint64_t size) { return (from & ~(size - 1)) != (to & ~(size - 1)); }

}  // namespace

void BranchStats::count(uint64_t from, uint64_t to, const BranchFlags& f) {
  if (f.type == 0 || from == 0) return;
  if (f.type == kExtendAbi) ++new_types_[f.new_type & 15];
  else ++types_[f.type];
  if (f.type == kCond) ++(to > from ? cond_fwd_ : cond_bwd_);
  if (crosses(from, to, uint64_t{2} << 20)) ++cross_2m_;
  else if (crosses(from, to, 4096)) ++cross_4k_;
}

void BranchStats::merge(const BranchStats& o) {
  for (int i = 0; i < 16; ++i) {
    types_[i] += o.types_[i];
    new_types_[i] += o.new_types_[i];
  }
  cond_fwd_ += o.cond_fwd_;
  cond_bwd_ += o.cond_bwd_;
  cross_4k_ += o.cross_4k_;
  cross_2m_ += o.cross_2m_;
}

std::vector<const char*> BranchStats::names() const {
  std::vector<const char*> v;
  uint64_t total = 0;
  for (int i = 0; i < 16; ++i) total += types_[i] + new_types_[i];
  if (!total) return v;
  if (cond_fwd_) v.push_back("COND_FWD");
  if (cond_bwd_) v.push_back("COND_BWD");
  BranchFlags f;
  for (uint8_t t = 1; t < 16; ++t) {
    f.type = t;
    if (t != kCond && t != kExtendAbi && types_[t]) v.push_back(branch_type_text(f));
  }
  f.type = kExtendAbi;
  for (uint8_t t = 0; t < 16; ++t) {
    f.new_type = t;
    if (new_types_[t]) v.push_back(branch_type_text(f));
  }
  if (cross_4k_) v.push_back("CROSS_4K");
  if (cross_2m_) v.push_back("CROSS_2M");
  return v;
}

void BranchStats::print(std::FILE* out) const {
  uint64_t total = 0;
  for (uint64_t n : types_) total += n;  // perf's total leaves the extended types out
  if (!total) return;
  std::fputs("\n#\n# Branch Statistics:\n#", out);
  auto line = [&](const char* name, uint64_t n) {
    if (n) std::fprintf(out, "\n%8s: %5.1f%%", name, 100.0 * static_cast<double>(n) / static_cast<double>(total));
  };
  line("COND_FWD", cond_fwd_);
  line("COND_BWD", cond_bwd_);
  line("CROSS_4K", cross_4k_);
  line("CROSS_2M", cross_2m_);
  BranchFlags f;
  for (uint8_t t = 1; t < 16; ++t) {
    f.type = t;
    if (t != kExtendAbi) line(branch_type_text(f), types_[t]);
  }
  f.type = kExtendAbi;
  for (uint8_t t = 0; t < 16; ++t) {
    f.new_type = t;
    line(branch_type_text(f), new_types_[t]);
  }
}

}  // namespace cperf
