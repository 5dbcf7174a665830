#include "header/header_debug_log.h"

#include "base/byte_reader.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "header/build_id_table.h"

namespace cperf {
namespace {

void print_build_ids(Bytes entries, bool swap, std::FILE* out) {
  for (const RecordedBuildId& e : build_id_entries(entries, swap))
    std::fprintf(out, "build id event received for %s: %s [%zu]\n", e.filename.c_str(), e.hex.c_str(),
                 e.hex.size() / 2);
}

// A capability feature whose first u32 (its number of capabilities or of PMUs) is zero.
bool empty_caps(const PerfDataReader& reader, int feature) {
  auto it = reader.features().find(feature);
  if (it == reader.features().end() || it->second.size() < 4) return false;
  return ByteReader(it->second, reader.swapped()).u32() == 0;
}

}  // namespace

void print_header_debug_log(const PerfDataReader& reader, std::FILE* out) {
  if (auto it = reader.features().find(HEADER_BUILD_ID); it != reader.features().end())
    print_build_ids(it->second, reader.swapped(), out);
  if (empty_caps(reader, HEADER_CPU_PMU_CAPS)) std::fputs("cpu pmu capabilities not available\n", out);
  if (empty_caps(reader, HEADER_PMU_CAPS)) std::fputs("pmu capabilities not available\n", out);
}

void print_build_id_record_log(const RawRecord& rec, bool swap, std::FILE* out) {
  if (rec.type == PERF_RECORD_HEADER_BUILD_ID) print_build_ids(rec.bytes, swap, out);
}

}  // namespace cperf
