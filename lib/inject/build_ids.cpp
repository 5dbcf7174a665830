#include "inject/build_ids.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>

#include "format/record_types.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "record/side_band.h"
#include "session/session.h"
#include "symbol/build_id.h"
#include "symbol/elf_file.h"
#include "symbol/local_build_id.h"
namespace cperf {

namespace {

class HitTool : public SessionTool {
 public:
  void record(Event& ev, Session& s) override {
    if (ev.raw.type == PERF_RECORD_SAMPLE) {
      if (ev.attr_index < 0) return;
      DecodedSample ds;
      const perf_event_attr& attr = s.attrs()[ev.attr_index].attr;
      if (!decode_sample(ev.raw.bytes, s.swapped(), attr, ds).empty()) return;
      if (!(attr.sample_type & PERF_SAMPLE_IP)) return;
      Thread& t = machine.findnew_thread(static_cast<int32_t>(ds.pid), static_cast<int32_t>(ds.tid));
      uint8_t mode = ev.raw.misc & PERF_RECORD_MISC_CPUMODE_MASK;
      if (const Map* m = machine.find_map(t, mode, ds.ip); m && m->dso) m->dso->hit = true;
      return;
    }
    SideBand sb;
    if (decode_side_band(ev.raw, s.swapped(), sb).empty()) apply_side_band(machine, ev.raw, sb);
  }
  Machine machine;
};

std::vector<uint8_t> find_build_id(const Dso& d) {
  if (auto id = BuildId::from_hex(d.build_id)) return {id->bytes().begin(), id->bytes().end()};
  return local_build_id(d.kernel, d.long_name);
}

}  // namespace

std::set<std::string> build_id_filenames(Bytes payload, bool swap) {
  std::set<std::string> out;
  size_t pos = 0;
  while (pos + 8 <= payload.size()) {
    ByteReader r(payload.subspan(pos), swap);
    r.skip(6);
    uint16_t size = r.u16();
    if (size < 8 || pos + size > payload.size()) break;
    constexpr size_t kNameAt = 8 + 4 + 24;
    if (size > kNameAt) {
      const char* name = reinterpret_cast<const char*>(payload.data() + pos + kNameAt);
      out.insert(std::string(name, strnlen(name, size - kNameAt)));
    }
    pos += size;
  }
  return out;
}

std::vector<BuildIdEntry> collect_hit_build_ids(PerfDataReader& reader, bool all,
                                                const std::set<std::string>& known) {
  HitTool tool;
  Session session(reader, SessionOptions{}, tool);
  session.run();
  std::vector<BuildIdEntry> out;
  for (const auto& d : tool.machine.dsos()) {
    if (!d->hit && !all) continue;
    if (known.count(d->long_name)) continue;
    BuildIdEntry e;
    e.kernel = d->kernel;
    e.filename = d->long_name;
    e.build_id = find_build_id(*d);
    if (!e.build_id.empty()) out.push_back(std::move(e));
  }
  return out;
}

}  // namespace cperf
