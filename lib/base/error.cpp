#include "base/error.h"

#include <cinttypes>
#include <cstdio>

namespace cperf {

std::string offset_message(std::string_view file, uint64_t offset, std::string_view record_type,
                           std::string_view what) {
  char off[32];
  std::snprintf(off, sizeof off, "0x%" PRIx64, offset);
  std::string m(file);
  m += ": at offset ";
  m += off;
  m += ": ";
  if (!record_type.empty()) {
    m += record_type;
    m += ": ";
  }
  m += what;
  return m;
}

void throw_input_error(std::string_view file, uint64_t offset, std::string_view record_type,
                       std::string_view what) {
  throw InputError(offset_message(file, offset, record_type, what));
}

}  // namespace cperf
