#include "dump/record_swap.h"

#include <algorithm>
#include <cstring>

#include "linux/perf_event.h"

namespace cperf {
namespace {

struct Swapper {
  std::vector<std::byte>& b;
  size_t pos = 8;  // after the header

  bool fits(size_t n) const { return pos + n <= b.size(); }
  void u32() {
    if (fits(4)) std::reverse(b.begin() + pos, b.begin() + pos + 4);
    pos += 4;
  }
  void u64() {
    if (fits(8)) std::reverse(b.begin() + pos, b.begin() + pos + 8);
    pos += 8;
  }
  void skip(size_t n) { pos += n; }
  // The rest as u64 words (perf's mem_bswap_64: a trailing partial word stays as it is).
  void rest_u64() {
    while (fits(8)) u64();
  }
  // A NUL-terminated string padded to 8 bytes, untouched.
  void string() {
    size_t n = 0;
    while (pos + n < b.size() && b[pos + n] != std::byte{0}) ++n;
    pos += (n + 1 + 7) / 8 * 8;
  }
};

}  // namespace

std::vector<std::byte> perf_swapped_image(const RawRecord& rec, bool sample_id_all) {
  std::vector<std::byte> b(rec.bytes.begin(), rec.bytes.end());
  if (b.size() < 8) return b;
  std::reverse(b.begin(), b.begin() + 4);      // type
  std::reverse(b.begin() + 4, b.begin() + 6);  // misc
  std::reverse(b.begin() + 6, b.begin() + 8);  // size
  Swapper s{b};
  auto trailer = [&] {
    if (sample_id_all) s.rest_u64();
  };
  switch (rec.type) {
    case PERF_RECORD_SAMPLE:
    case PERF_RECORD_LOST:
    case PERF_RECORD_THROTTLE:
    case PERF_RECORD_UNTHROTTLE:
    case PERF_RECORD_SWITCH:
    case PERF_RECORD_LOST_SAMPLES:
    case PERF_RECORD_AUX:
    case PERF_RECORD_CALLCHAIN_DEFERRED:
      s.rest_u64();
      break;
    case PERF_RECORD_MMAP:
      s.u32(), s.u32(), s.u64(), s.u64(), s.u64();
      s.string();
      trailer();
      break;
    case PERF_RECORD_MMAP2:
      s.u32(), s.u32(), s.u64(), s.u64(), s.u64();
      if (rec.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)
        s.skip(24);
      else
        s.u32(), s.u32(), s.u64(), s.u64();
      s.skip(8);  // prot and flags: perf leaves them in the file's order
      s.string();
      trailer();
      break;
    case PERF_RECORD_COMM:
      s.u32(), s.u32();
      s.string();
      trailer();
      break;
    case PERF_RECORD_FORK:
    case PERF_RECORD_EXIT:
      s.u32(), s.u32(), s.u32(), s.u32(), s.u64();
      trailer();
      break;
    case PERF_RECORD_READ:
    case PERF_RECORD_NAMESPACES:
      s.u32(), s.u32();
      s.rest_u64();
      break;
    case PERF_RECORD_ITRACE_START:
    case PERF_RECORD_SWITCH_CPU_WIDE:
      s.u32(), s.u32();
      trailer();
      break;
    default:
      break;
  }
  return b;
}

}  // namespace cperf
