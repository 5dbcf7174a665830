// arm64 (PERF_REG_ARM64_*): x0-x29, lr, sp, pc; bit 46 is the SVE vector granule.
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* arm64_reg_name(int bit) {
  static const char* const kNames[] = {
      "x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7", "x8", "x9", "x10", "x11", "x12", "x13",
      "x14", "x15", "x16", "x17", "x18", "x19", "x20", "x21", "x22", "x23", "x24", "x25", "x26",
      "x27", "x28", "x29", "lr", "sp", "pc", nullptr, nullptr, nullptr, nullptr, nullptr, nullptr,
      nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, nullptr, "vg",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
