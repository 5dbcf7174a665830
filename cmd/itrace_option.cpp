#include "cmd/itrace_option.h"

#include <cstdio>

#include "format/itrace_options.h"

namespace cperf {

int check_itrace_option(bool given, const std::string& value, const char* usage) {
  if (!given || itrace_options_valid(value)) return -1;
  std::fprintf(stderr, "Bad Instruction Tracing options '%s'\n\n%s", value.c_str(), usage);
  return 129;
}

}  // namespace cperf
