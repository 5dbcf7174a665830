// Commands not implemented yet: they say so and fail.
#include <cstdio>

#include "commands.h"

namespace cperf {

namespace {
int not_yet(const char* name) {
  std::fprintf(stderr, "cperf %s: not implemented yet\n", name);
  return 1;
}
}  // namespace

int cmd_inject(const Args&) { return not_yet("inject"); }

}  // namespace cperf
