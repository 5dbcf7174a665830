#include "format/file_header.h"

#include <cstring>

namespace cperf {

const char* feature_name(int feature) {
  static const char* const kNames[] = {
      "reserved",     "tracing_data",   "build_id",     "hostname",    "osrelease",
      "version",      "arch",           "nrcpus",       "cpudesc",     "cpuid",
      "total_mem",    "cmdline",        "event_desc",   "cpu_topology", "numa_topology",
      "branch_stack", "pmu_mappings",   "group_desc",   "auxtrace",    "stat",
      "cache",        "sample_time",    "mem_topology", "clockid",     "dir_format",
      "bpf_prog_info", "bpf_btf",       "compressed",   "cpu_pmu_caps", "clock_data",
      "hybrid_topology", "pmu_caps",    "cpu_domain_info", "e_machine", "cln_size",
  };
  if (feature < 0 || feature >= HEADER_LAST_FEATURE) return nullptr;
  return kNames[feature];
}

namespace {

// Bitfields written by a big-endian host land in the opposite bit order within each byte.
uint64_t reverse_bits_in_bytes(uint64_t v) {
  uint64_t out = 0;
  for (int byte = 0; byte < 8; ++byte) {
    uint8_t b = static_cast<uint8_t>(v >> (byte * 8));
    uint8_t r = 0;
    for (int bit = 0; bit < 8; ++bit)
      if (b & (1u << bit)) r |= static_cast<uint8_t>(1u << (7 - bit));
    out |= uint64_t{r} << (byte * 8);
  }
  return out;
}

}  // namespace

bool read_attr(ByteReader& r, size_t size, perf_event_attr& a) {
  std::memset(&a, 0, sizeof a);
  size_t start = r.pos();
  if (size < PERF_ATTR_SIZE_VER0 || !r.require(size)) {
    r.fail();
    return false;
  }
  a.type = r.u32();
  a.size = r.u32();
  a.config = r.u64();
  a.sample_period = r.u64();
  a.sample_type = r.u64();
  a.read_format = r.u64();
  uint64_t flags;
  {
    Bytes raw = r.bytes(8);
    std::memcpy(&flags, raw.data(), 8);
    if (r.swapped()) flags = reverse_bits_in_bytes(flags);
    std::memcpy(reinterpret_cast<char*>(&a) + PERF_ATTR_FLAGS_OFFSET, &flags, 8);
  }
  a.wakeup_events = r.u32();
  a.bp_type = r.u32();
  a.config1 = r.u64();
  auto have = [&](size_t end) { return size >= end; };
  if (have(PERF_ATTR_SIZE_VER1)) a.config2 = r.u64();
  if (have(PERF_ATTR_SIZE_VER2)) a.branch_sample_type = r.u64();
  if (have(PERF_ATTR_SIZE_VER3)) {
    a.sample_regs_user = r.u64();
    a.sample_stack_user = r.u32();
    a.clockid = r.s32();
  }
  if (have(PERF_ATTR_SIZE_VER4)) a.sample_regs_intr = r.u64();
  if (have(PERF_ATTR_SIZE_VER5)) {
    a.aux_watermark = r.u32();
    a.sample_max_stack = r.u16();
    a.__reserved_2 = r.u16();
  }
  if (have(PERF_ATTR_SIZE_VER6)) {
    a.aux_sample_size = r.u32();
    a.__reserved_3 = r.u32();
  }
  if (have(PERF_ATTR_SIZE_VER7)) a.sig_data = r.u64();
  if (have(PERF_ATTR_SIZE_VER8)) a.config3 = r.u64();
  if (have(PERF_ATTR_SIZE_VER9)) a.config4 = r.u64();
  r.seek(start + size);
  return r.ok();
}

bool read_file_header(Bytes bytes, FileHeader& h, bool& swapped) {
  if (bytes.size() < 16) return false;
  uint64_t magic;
  std::memcpy(&magic, bytes.data(), 8);
  if (magic == kPerfMagic2) {
    swapped = false;
  } else if (magic == kPerfMagic2Swapped) {
    swapped = true;
  } else if (magic == kPerfMagic1 && bytes.size() >= 24) {
    // The legacy magic says nothing of the byte order: perf guesses it from the attrs' entry
    // size, which must be one of the first five attr sizes plus the ids section.
    uint64_t entry;
    std::memcpy(&entry, bytes.data() + 16, 8);
    auto known = [](uint64_t n) {
      for (uint64_t size : {PERF_ATTR_SIZE_VER0, PERF_ATTR_SIZE_VER1, PERF_ATTR_SIZE_VER2,
                            PERF_ATTR_SIZE_VER3, PERF_ATTR_SIZE_VER4})
        if (n == size + 16) return true;
      return false;
    };
    if (known(entry)) swapped = false;
    else if (known(__builtin_bswap64(entry))) swapped = true;
    else return false;
  } else {
    return false;
  }
  ByteReader r(bytes, swapped);
  h.magic = magic == kPerfMagic1 ? kPerfMagic1 : kPerfMagic2;
  r.skip(8);
  h.size = r.u64();
  if (h.size < kFileHeaderSizeNoFeatures) return r.ok() && h.size == kPipeHeaderSize;
  h.attr_size = r.u64();
  for (FileSection* s : {&h.attrs, &h.data, &h.event_types}) {
    s->offset = r.u64();
    s->size = r.u64();
  }
  // perf before 3.x wrote no feature bitmap: no features.
  if (h.size < kFileHeaderSize) return r.ok();
  // The bitmap is an array of unsigned long; on a swapped file each word is swapped.
  for (auto& w : h.features) w = r.u64();
  return r.ok();
}

}  // namespace cperf
