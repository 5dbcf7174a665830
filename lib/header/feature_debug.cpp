#include "header/feature_debug.h"

#include "base/byte_reader.h"
#include "format/file_header.h"
#include "header/build_id_table.h"
#include "io/perf_data_reader.h"

namespace cperf {

namespace {

// An empty capability section: perf says so (CPU_PMU_CAPS: no caps; PMU_CAPS: no PMUs).
bool section_count_is_zero(const PerfDataReader& reader, int feat) {
  auto it = reader.features().find(feat);
  if (it == reader.features().end()) return false;
  ByteReader r(it->second, reader.swapped());
  uint32_t n = r.u32();
  return r.ok() && n == 0;
}

}  // namespace

std::string feature_debug_lines(const PerfDataReader& reader) {
  std::string out;
  if (reader.is_pipe()) return out;
  if (auto it = reader.features().find(HEADER_BUILD_ID); it != reader.features().end())
    for (const RecordedBuildId& e : build_id_entries(it->second, reader.swapped()))
      out += "build id event received for " + e.filename + ": " + e.hex + " [" +
             std::to_string(e.hex.size() / 2) + "]\n";
  if (section_count_is_zero(reader, HEADER_CPU_PMU_CAPS)) out += "cpu pmu capabilities not available\n";
  if (section_count_is_zero(reader, HEADER_PMU_CAPS)) out += "pmu capabilities not available\n";
  return out;
}

}  // namespace cperf
