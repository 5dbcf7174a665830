// perf.data on-disk headers: the file header (file mode), the pipe header, attr entries and
// header-feature ids. Decoding turns them into host-endian values.
#pragma once
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "base/byte_reader.h"
#include "linux/perf_event.h"

namespace cperf {

constexpr uint64_t kPerfMagic2 = 0x32454c4946524550ULL;  // "PERFILE2" read little-endian
constexpr uint64_t kPerfMagic2Swapped = 0x50455246494c4532ULL;  // written by a big-endian host
constexpr uint64_t kPerfMagic1 = 0x454c494646524550ULL;  // "PERFFILE" (perf before 2.6.38)
constexpr size_t kFileHeaderSize = 104;
constexpr size_t kFileHeaderSizeNoFeatures = 72;  // perf before 3.x: no feature bitmap
constexpr size_t kPipeHeaderSize = 16;
constexpr int kMaxFeatures = 256;

struct FileSection {
  uint64_t offset = 0;
  uint64_t size = 0;
};

struct FileHeader {
  uint64_t magic = 0;
  uint64_t size = 0;
  uint64_t attr_size = 0;
  FileSection attrs, data, event_types;
  std::array<uint64_t, kMaxFeatures / 64> features{};  // adds_features bitmap

  bool has_feature(int bit) const {
    return bit >= 0 && bit < kMaxFeatures && (features[bit / 64] >> (bit % 64)) & 1;
  }
  void set_feature(int bit) { features[bit / 64] |= uint64_t{1} << (bit % 64); }
};

// Header feature ids (bit numbers of adds_features and ids of HEADER_FEATURE records).
enum HeaderFeature : int {
  HEADER_RESERVED = 0,
  HEADER_TRACING_DATA = 1,
  HEADER_BUILD_ID,
  HEADER_HOSTNAME,
  HEADER_OSRELEASE,
  HEADER_VERSION,
  HEADER_ARCH,
  HEADER_NRCPUS,
  HEADER_CPUDESC,
  HEADER_CPUID,
  HEADER_TOTAL_MEM,
  HEADER_CMDLINE,
  HEADER_EVENT_DESC,
  HEADER_CPU_TOPOLOGY,
  HEADER_NUMA_TOPOLOGY,
  HEADER_BRANCH_STACK,
  HEADER_PMU_MAPPINGS,
  HEADER_GROUP_DESC,
  HEADER_AUXTRACE,
  HEADER_STAT,
  HEADER_CACHE,
  HEADER_SAMPLE_TIME,
  HEADER_MEM_TOPOLOGY,
  HEADER_CLOCKID,
  HEADER_DIR_FORMAT,
  HEADER_BPF_PROG_INFO,
  HEADER_BPF_BTF,
  HEADER_COMPRESSED,
  HEADER_CPU_PMU_CAPS,
  HEADER_CLOCK_DATA,
  HEADER_HYBRID_TOPOLOGY,
  HEADER_PMU_CAPS,
  HEADER_CPU_DOMAIN_INFO,
  HEADER_E_MACHINE,
  HEADER_CLN_SIZE,
  HEADER_LAST_FEATURE,  // 35; also the end-of-features marker of pipe streams
};

// perf's name of a feature ("build_id", "hostname", ...), or nullptr if unknown.
const char* feature_name(int feature);

// Reads an attr of any size perf ever wrote (>= PERF_ATTR_SIZE_VER0) from r, `size` bytes long,
// into a zero-filled host-endian struct. Fields beyond our struct are skipped. Returns false
// if the bytes are short.
bool read_attr(ByteReader& r, size_t size, perf_event_attr& attr);

// Decodes the 104-byte file header; `swapped` tells whether the magic was byte-swapped.
// Returns false on bad magic or short input.
bool read_file_header(Bytes bytes, FileHeader& h, bool& swapped);

}  // namespace cperf
