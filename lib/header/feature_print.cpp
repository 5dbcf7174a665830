#include "header/feature_print.h"

#include <cinttypes>

#include "format/file_header.h"
#include "format/local_names.h"
#include "format/record_types.h"
#include "header/feature_text.h"

namespace cperf {

bool read_header_string(ByteReader& r, std::string& out) {
  uint32_t len = r.u32();
  if (!r.ok() || len > r.remaining()) return false;
  Bytes b = r.bytes(len);
  if (b.empty()) {
    out.clear();
    return true;
  }
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

// perf's modifier suffix (":u", ":H", ":ppp"...) for a name it derives from the attr.
std::string event_modifiers(const perf_event_attr& a) {
  std::string m;
  if (a.exclude_kernel || a.exclude_user || a.exclude_hv) {
    if (!a.exclude_kernel) m += 'k';
    if (!a.exclude_user) m += 'u';
    if (!a.exclude_hv) m += 'h';
  }
  if (a.precise_ip) m += std::string("ppp").substr(0, a.precise_ip);
  if (a.exclude_host || a.exclude_guest) {
    if (!a.exclude_host) m += 'H';
    if (!a.exclude_guest) m += 'G';
  }
  return m.empty() ? m : ":" + m;
}

std::string hw_cache_event_name(uint64_t config) {
  static const char* const caches[] = {"L1-dcache", "L1-icache", "LLC", "dTLB", "iTLB", "branch", "node"};
  // each op's name, and its plural (perf's name of an access, which has no result word)
  static const char* const ops[][2] = {{"load", "loads"}, {"store", "stores"}, {"prefetch", "prefetches"}};
  static const char* const results[] = {"refs", "misses"};
  // the ops each cache has, by bit: read, write, prefetch
  static const unsigned valid_ops[] = {7, 5, 7, 7, 1, 1, 7};
  const unsigned cache = config & 0xff, op = (config >> 8) & 0xff, result = (config >> 16) & 0xff;
  if (cache >= 7) return "unknown-ext-hardware-cache-type";
  if (op >= 3) return "unknown-ext-hardware-cache-op";
  if (result >= 2) return "unknown-ext-hardware-cache-result";
  if (!(valid_ops[cache] >> op & 1)) return "invalid-cache";
  if (!result) return std::string(caches[cache]) + "-" + ops[op][1];
  return std::string(caches[cache]) + "-" + ops[op][0] + "-" + results[result];
}

namespace {
// The core PMU perf names an extended hardware type's event after: this machine's PMU of that
// type when it is a core one ("cpu", "cpu_core", "cpu_atom"), else "cpu".
std::string core_pmu_name(uint32_t type) {
  std::optional<std::string> n = local_pmu_name(type);
  return n && n->starts_with("cpu") ? *n : "cpu";
}
}  // namespace

std::string default_event_name(const perf_event_attr& a) {
  static const char* const hw[] = {"cycles", "instructions", "cache-references", "cache-misses",
                                   "branches", "branch-misses", "bus-cycles",
                                   "stalled-cycles-frontend", "stalled-cycles-backend",
                                   "ref-cycles"};
  static const char* const sw[] = {"cpu-clock", "task-clock", "page-faults", "context-switches",
                                   "cpu-migrations", "minor-faults", "major-faults",
                                   "alignment-faults", "emulation-faults", "dummy"};
  std::string name;
  const uint64_t hw_config = a.config & 0xffffffff;
  if (a.type == PERF_TYPE_HARDWARE && a.config >> 32 && hw_config < 10) {
    // An extended type (a PMU's in the high bits): perf names it after the core PMU, "cpu"
    // where sysfs names no other.
    name = core_pmu_name(static_cast<uint32_t>(a.config >> 32)) + "/" + hw[hw_config] + "/";
  } else if (a.type == PERF_TYPE_HARDWARE && a.config < 10) name = hw[a.config];
  else if (a.type == PERF_TYPE_HARDWARE && a.config >> 32 == 0) name = "unknown-hardware";
  else if (a.type == PERF_TYPE_HW_CACHE) name = hw_cache_event_name(a.config);
  else if (a.type == PERF_TYPE_SOFTWARE && a.config < 10) name = sw[a.config];
  // perf 7.2's table of software names stops at dummy: bpf-output, cgroup-switches and
  // later ones are "unknown-software".
  else if (a.type == PERF_TYPE_SOFTWARE) name = "unknown-software";
  else if (a.type == PERF_TYPE_RAW) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "raw 0x%" PRIx64, a.config);
    name = buf;
  } else if (a.type >= PERF_TYPE_MAX) {
    // A dynamic PMU (intel_pt, ...) that this machine's sysfs does not name: perf 7.2 says so
    // with the type and config.
    char buf[80];
    std::snprintf(buf, sizeof buf, "unknown event PMU=%u config=%#" PRIx64, a.type, a.config);
    return buf;
  } else if (a.type == PERF_TYPE_TRACEPOINT) {
    // a tracepoint whose name the file does not give (a pipe's attr): perf adds no modifiers
    char buf[64];
    std::snprintf(buf, sizeof buf, "unknown tracepoint id=%#" PRIx64, a.config);
    return buf;
  } else if (a.type == PERF_TYPE_BREAKPOINT) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "mem:0x%" PRIx64 ":%s%s%s", a.bp_addr, a.bp_type & 1 ? "r" : "",
                  a.bp_type & 2 ? "w" : "", a.bp_type & 4 ? "x" : "");
    name = buf;
  } else {
    char buf[64];
    std::snprintf(buf, sizeof buf, "unknown attr type: %u", a.type);
    name = buf;
  }
  return name + event_modifiers(a);
}

void name_event_from_update(PerfDataReader& reader, const RawRecord& rec) {
  constexpr uint64_t kEventUpdateName = 2;
  if (rec.type != PERF_RECORD_EVENT_UPDATE) return;
  ByteReader r(rec.bytes, reader.swapped());
  r.skip(sizeof(perf_event_header));
  uint64_t type = r.u64(), id = r.u64();
  if (!r.ok() || type != kEventUpdateName) return;
  Bytes rest = r.bytes(r.remaining());
  if (rest.empty()) return;
  const char* p = reinterpret_cast<const char*>(rest.data());
  std::string name(p, strnlen(p, rest.size()));
  int idx = event_of_id(reader, id);
  if (idx >= 0 && !name.empty()) reader.attrs()[idx].name = name;
}

int event_of_id(const PerfDataReader& reader, uint64_t id) {
  if (reader.attrs().empty()) return -1;
  if (reader.attrs().size() == 1 || id == 0) return 0;
  return reader.attr_index_of_id(id);
}

void check_feature_record(const RawRecord& rec, const PerfDataReader& reader) {
  if (rec.type != PERF_RECORD_HEADER_FEATURE) return;
  ByteReader r(rec.bytes, reader.swapped());
  r.skip(sizeof(perf_event_header));
  uint64_t feat = r.u64();
  std::string ignored;
  if (r.ok() && feat < static_cast<uint64_t>(kFeatLast) && feature_has_printer(static_cast<int>(feat)))
    feature_text(static_cast<int>(feat), rec.bytes.subspan(r.pos()), feature_env(reader), ignored);
}

std::optional<std::string> feature_string(const PerfDataReader& reader, int feat) {
  auto it = reader.features().find(feat);
  if (it == reader.features().end()) return std::nullopt;
  ByteReader r(it->second, reader.swapped());
  uint32_t len = r.u32();
  Bytes b = r.bytes(len);
  if (!r.ok()) return std::nullopt;
  const char* p = reinterpret_cast<const char*>(b.data());
  return std::string(p, strnlen(p, b.size()));
}

std::vector<std::string> pipe_event_desc_names(const PerfDataReader& reader) {
  std::vector<std::string> names(reader.attrs().size());
  auto it = reader.features().find(HEADER_EVENT_DESC);
  std::vector<EventDesc> descs;
  if (it == reader.features().end() || !decode_event_desc(it->second, reader.swapped(), descs)) return names;
  // in attr order (perf 7.2 names them so even when the attrs came without ids)
  for (size_t i = 0; i < descs.size() && i < names.size(); ++i) names[i] = descs[i].name;
  return names;
}

void name_events(PerfDataReader& reader, bool use_pipe_event_desc) {
  auto& attrs = reader.attrs();
  std::vector<std::string> from_desc;
  if (reader.is_pipe()) {
    // In pipe mode perf evlist names events from their attrs, the others from an EVENT_DESC
    // FEATURE record that has come.
    if (use_pipe_event_desc) from_desc = pipe_event_desc_names(reader);
  } else if (auto it = reader.features().find(HEADER_EVENT_DESC); it != reader.features().end()) {
    std::vector<EventDesc> descs;
    decode_event_desc(it->second, reader.swapped(), descs);
    for (const EventDesc& d : descs) from_desc.push_back(d.name);  // a file's: in attr order
  }
  for (size_t i = 0; i < attrs.size(); ++i) {
    if (!attrs[i].name.empty()) continue;
    if (i < from_desc.size() && !from_desc[i].empty()) attrs[i].name = from_desc[i];
    else attrs[i].name = default_event_name(attrs[i].attr);
  }
}

void print_feature(std::FILE* out, int feat, Bytes data, const PerfDataReader& reader,
                   bool in_record) {
  std::string text;
  FeatureEnv env = feature_env(reader);
  if (feature_text(feat, data, env, text)) {
    if (in_record && !feature_has_printer(feat) && feature_upper_name(feat))
      text = std::string("# ") + feature_upper_name(feat);  // perf's form for printer-less ids
  } else if (!in_record) {
    text = feature_failure_text(feat);
  }
  std::fputs(text.c_str(), out);
}

void print_feature_record(std::FILE* out, int feat, Bytes data, const PerfDataReader& reader) {
  // The end-of-features marker and unknown ids print nothing; neither does a section perf's
  // reader rejects (it fails before printing the ", ").
  if (feat < 0 || feat >= kFeatLast) return;
  std::string text;
  if (!feature_text(feat, data, feature_env(reader), text)) return;
  if (!feature_has_printer(feat)) text = std::string("# ") + feature_upper_name(feat);
  std::fputs(", ", out);
  std::fputs(text.c_str(), out);
}

}  // namespace cperf
