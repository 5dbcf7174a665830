#include "header/header_print.h"

#include "header/feature_print.h"

namespace cperf {

void print_header(std::FILE* out, const PerfDataReader& reader, bool) {
  std::fputs("# ========\n", out);
  for (const auto& [feat, bytes] : reader.features()) print_feature(out, feat, bytes, reader, false);
  std::fputs("# ========\n#\n", out);
}

}  // namespace cperf
