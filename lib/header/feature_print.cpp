#include "header/feature_print.h"

#include <cinttypes>

#include "format/file_header.h"

namespace cperf {

bool read_header_string(ByteReader& r, std::string& out) {
  uint32_t len = r.u32();
  if (!r.ok() || len > r.remaining()) return false;
  Bytes b = r.bytes(len);
  const char* p = reinterpret_cast<const char*>(b.data());
  out.assign(p, strnlen(p, len));
  return true;
}

bool decode_event_desc(Bytes b, bool swap, std::vector<EventDesc>& out) {
  ByteReader r(b, swap);
  uint32_t nr = r.u32();
  uint32_t attr_size = r.u32();
  if (!r.ok() || attr_size < PERF_ATTR_SIZE_VER0 || nr > b.size()) return false;
  for (uint32_t i = 0; i < nr; ++i) {
    EventDesc d;
    if (!read_attr(r, attr_size, d.attr)) return false;
    uint32_t nr_ids = r.u32();
    if (!read_header_string(r, d.name)) return false;
    if (nr_ids > r.remaining() / 8) return false;
    for (uint32_t k = 0; k < nr_ids; ++k) d.ids.push_back(r.u64());
    out.push_back(std::move(d));
  }
  return r.ok();
}

std::string default_event_name(const perf_event_attr& a) {
  static const char* const hw[] = {"cycles", "instructions", "cache-references", "cache-misses",
                                   "branches", "branch-misses", "bus-cycles",
                                   "stalled-cycles-frontend", "stalled-cycles-backend",
                                   "ref-cycles"};
  static const char* const sw[] = {"cpu-clock", "task-clock", "page-faults", "context-switches",
                                   "cpu-migrations", "minor-faults", "major-faults",
                                   "alignment-faults", "emulation-faults", "dummy", "bpf-output",
                                   "cgroup-switches"};
  std::string name;
  if (a.type == PERF_TYPE_HARDWARE && a.config < 10) name = hw[a.config];
  else if (a.type == PERF_TYPE_SOFTWARE && a.config < 12) name = sw[a.config];
  else if (a.type == PERF_TYPE_RAW) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "raw 0x%" PRIx64, a.config);
    name = buf;
  } else {
    char buf[64];
    std::snprintf(buf, sizeof buf, "unknown attr type: %u", a.type);
    name = buf;
  }
  return name;
}

void name_events(PerfDataReader& reader) {
  auto& attrs = reader.attrs();
  auto it = reader.features().find(HEADER_EVENT_DESC);
  std::vector<EventDesc> descs;
  if (it != reader.features().end()) decode_event_desc(it->second, reader.swapped(), descs);
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (!attrs[i].name.empty()) continue;
    if (i < descs.size() && !descs[i].name.empty()) attrs[i].name = descs[i].name;
    else attrs[i].name = default_event_name(attrs[i].attr);
  }
}

void print_feature(std::FILE* out, int feat, Bytes data, const PerfDataReader& reader, bool) {
  ByteReader r(data, reader.swapped());
  std::string s;
  switch (feat) {
    case HEADER_HOSTNAME:
      if (read_header_string(r, s)) std::fprintf(out, "# hostname : %s\n", s.c_str());
      break;
    case HEADER_OSRELEASE:
      if (read_header_string(r, s)) std::fprintf(out, "# os release : %s\n", s.c_str());
      break;
    case HEADER_VERSION:
      if (read_header_string(r, s)) std::fprintf(out, "# perf version : %s\n", s.c_str());
      break;
    case HEADER_ARCH:
      if (read_header_string(r, s)) std::fprintf(out, "# arch : %s\n", s.c_str());
      break;
    default:
      std::fputs("\n", out);
      break;
  }
}

}  // namespace cperf
