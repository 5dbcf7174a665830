// mips (PERF_REG_MIPS_*): the pc, then $1-$25 and $28-$31 ($26/$27, the kernel's, unnamed).
#include <iterator>

#include "arch/regs.h"

namespace cperf {

const char* mips_reg_name(int bit) {
  static const char* const kNames[] = {
      "PC", "$1", "$2", "$3", "$4", "$5", "$6", "$7", "$8", "$9", "$10", "$11", "$12", "$13",
      "$14", "$15", "$16", "$17", "$18", "$19", "$20", "$21", "$22", "$23", "$24", "$25", nullptr,
      nullptr, "$28", "$29", "$30", "$31",
  };
  return bit >= 0 && bit < static_cast<int>(std::size(kNames)) ? kNames[bit] : nullptr;
}

}  // namespace cperf
