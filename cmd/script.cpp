// cperf script: placeholder until the script pipeline lands.
#include <cstdio>

#include "commands.h"

namespace cperf {

int cmd_script(const Args&) {
  std::fprintf(stderr, "cperf script: not implemented yet\n");
  return 1;
}

}  // namespace cperf
