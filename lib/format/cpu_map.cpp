#include "format/cpu_map.h"

namespace cperf {

namespace {

void read_mask(ByteReader& r, std::vector<int>& cpus) {
  uint16_t nr = r.u16();
  uint16_t long_size = r.u16();
  int bits = long_size == 4 ? 32 : 64;
  if (bits == 64) r.skip(4);
  for (int i = 0; i < nr && r.ok(); ++i) {
    uint64_t w = bits == 32 ? r.u32() : r.u64();
    if (!r.ok()) break;
    for (int b = 0; b < bits; ++b)
      if (w >> b & 1) cpus.push_back(i * bits + b);
  }
}

}  // namespace

bool read_cpu_map(ByteReader& r, std::vector<int>& cpus) {
  switch (r.u16()) {
    case 0: {  // PERF_CPU_MAP__CPUS
      uint16_t nr = r.u16();
      for (uint16_t i = 0; i < nr && r.ok(); ++i) {
        uint16_t c = r.u16();
        if (r.ok()) cpus.push_back(c == 0xffff ? -1 : c);
      }
      break;
    }
    case 1:  // PERF_CPU_MAP__MASK
      read_mask(r, cpus);
      break;
    case 2: {  // PERF_CPU_MAP__RANGE_CPUS
      bool any_cpu = r.u8();
      r.skip(1);
      int start = r.u16(), end = r.u16();
      if (!r.ok()) break;
      if (any_cpu) cpus.push_back(-1);
      for (int c = start; c <= end; ++c) cpus.push_back(c);
      break;
    }
    default:
      return false;
  }
  return r.ok();
}

std::string format_cpu_list(const std::vector<int>& cpus) {
  std::string out;
  for (size_t i = 0; i < cpus.size();) {
    size_t j = i;
    while (j + 1 < cpus.size() && cpus[j + 1] == cpus[j] + 1) ++j;
    if (!out.empty()) out += ',';
    out += std::to_string(cpus[i]);
    if (j > i) out += '-' + std::to_string(cpus[j]);
    i = j + 1;
  }
  return out;
}

}  // namespace cperf
