#include "header/build_id_table.h"

#include <algorithm>
#include <cstring>
#include <span>

#include "format/record_types.h"
#include "io/perf_data_reader.h"
#include "symbol/build_id.h"
#include "uapi/linux/perf_event.h"

namespace cperf {
namespace {
constexpr uint16_t kMiscBuildIdSize = 1 << 15;  // PERF_RECORD_MISC_BUILD_ID_SIZE
constexpr size_t kBuildIdField = 24;            // u8 build_id[24] (20 bytes + size + pad)

}  // namespace

std::unordered_map<std::string, std::string> parse_build_id_table(Bytes payload, bool swap) {
  std::unordered_map<std::string, std::string> out;
  for (RecordedBuildId& e : build_id_entries(payload, swap)) out.try_emplace(std::move(e.filename), std::move(e.hex));
  return out;
}

void for_each_build_id_record(Bytes payload, bool swap, const std::function<void(const BuildIdRecordView&)>& fn) {
  constexpr size_t kNameAt = 8 + 4 + kBuildIdField;
  size_t pos = 0;
  while (pos + 8 <= payload.size()) {
    ByteReader r(payload.subspan(pos), swap);
    r.skip(4);
    BuildIdRecordView v;
    v.at = pos;
    v.misc = r.u16();
    v.size = r.u16();
    if (v.size < 8 || pos + v.size > payload.size()) break;
    if (v.size > kNameAt) {
      v.id = reinterpret_cast<const uint8_t*>(payload.data() + pos + 12);
      const char* name = reinterpret_cast<const char*>(payload.data() + pos + kNameAt);
      v.filename = std::string_view(name, strnlen(name, v.size - kNameAt));
    }
    fn(v);
    pos += v.size;
  }
}

std::vector<RecordedBuildId> build_id_entries(Bytes payload, bool swap) {
  std::vector<RecordedBuildId> out;
  for_each_build_id_record(payload, swap, [&](const BuildIdRecordView& v) {
    uint8_t mode = v.misc & PERF_RECORD_MISC_CPUMODE_MASK;
    if (!v.id || (mode != PERF_RECORD_MISC_KERNEL && mode != PERF_RECORD_MISC_USER)) return;
    size_t n = v.misc & kMiscBuildIdSize ? std::min<size_t>(v.id[20], 20) : 20;
    out.push_back({std::string(v.filename), BuildId(std::span<const uint8_t>(v.id, n)).to_hex(),
                   mode == PERF_RECORD_MISC_KERNEL});
  });
  return out;
}

namespace {
void name_kernel_dsos(Machine& machine, Bytes entries, bool swap) {
  for (const RecordedBuildId& e : build_id_entries(entries, swap))
    if (e.kernel) machine.add_recorded_kernel_name(e.filename);
}
}  // namespace

void name_kernel_dsos(Machine& machine, const PerfDataReader& reader) {
  auto it = reader.features().find(HEADER_BUILD_ID);
  if (it != reader.features().end()) name_kernel_dsos(machine, it->second, reader.swapped());
}

void name_kernel_dsos(Machine& machine, const RawRecord& rec, bool swap) {
  if (rec.type == PERF_RECORD_HEADER_BUILD_ID) name_kernel_dsos(machine, rec.bytes, swap);
}

}  // namespace cperf
