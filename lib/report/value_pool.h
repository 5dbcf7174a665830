// ValuePool: each distinct value stored once, at a stable address. Histogram entries point at
// a sample's side data (its own values, its data access, its branches); most samples repeat
// what earlier ones had, so pooling keeps memory to the distinct values, not the samples.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <unordered_set>

#include "hist/hists.h"

namespace cperf {

namespace value_hash {
inline size_t mix(size_t h, uint64_t v) { return (h ^ std::hash<uint64_t>{}(v)) * 0x9e3779b97f4a7c15ull; }
inline size_t of(const Text& t) { return std::hash<std::string>{}(t.str()); }
inline size_t of(const ResolvedAddr& a) {
  size_t h = mix(mix(a.addr, a.addr_in_map), a.sym_start);
  return mix(mix(h, of(a.dso)), a.has_map | a.has_sym << 1 | a.sym_is_object << 2);
}
}  // namespace value_hash

struct SampleValuesHash {
  size_t operator()(const SampleValues& v) const {
    using value_hash::mix;
    size_t h = mix(mix(mix(v.time, v.weight), v.ins_lat | uint64_t{v.p_stage_cyc} << 32), v.transaction);
    h = mix(mix(mix(h, v.code_page_size), v.map_size), reinterpret_cast<uintptr_t>(v.process_comm));
    h = mix(mix(mix(h, v.cgroup_dev), v.cgroup_ino), value_hash::of(v.srcfile));
    return mix(mix(h, value_hash::of(v.data_type)), static_cast<uint32_t>(v.type_offset));
  }
};

struct MemInfoHash {
  size_t operator()(const MemInfo& m) const {
    using value_hash::mix;
    return mix(mix(mix(value_hash::of(m.data), m.data_src), m.phys_addr), m.data_page_size);
  }
};

struct BranchInfoHash {
  size_t operator()(const BranchInfo& b) const {
    const BranchFlags& f = b.flags;
    uint64_t flags = f.mispred | f.predicted << 1 | f.in_tx << 2 | f.abort << 3 | uint64_t{f.cycles} << 4 |
                     uint64_t{f.type} << 20 | uint64_t{f.spec} << 24 | uint64_t{f.new_type} << 26;
    return value_hash::mix(value_hash::mix(value_hash::of(b.from), value_hash::of(b.to)), flags);
  }
};

template <typename T, typename Hash>
class ValuePool {
 public:
  const T* intern(const T& v) { return &*set_.insert(v).first; }

 private:
  std::unordered_set<T, Hash> set_;  // nodes: addresses stay put as it grows
};

}  // namespace cperf
