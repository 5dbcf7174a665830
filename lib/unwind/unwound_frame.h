// UnwoundFrame: one user frame a DWARF unwinder found.
#pragma once
#include <cstdint>

#include "machine/machine.h"

namespace cperf {

struct UnwoundFrame {
  uint64_t ip = 0;
  const Map* map = nullptr;  // the thread's map holding ip, or nullptr
  bool operator==(const UnwoundFrame&) const = default;
};

}  // namespace cperf
