#include "inject/build_ids.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <unordered_map>

#include "format/record_types.h"
#include "header/build_id_table.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "record/side_band.h"
#include "session/deferred_merger.h"
#include "session/session.h"
#include "symbol/build_id.h"
#include "symbol/elf_file.h"
#include "symbol/local_build_id.h"
namespace cperf {

namespace {

class HitTool : public SessionTool {
 public:
  void user_record(const RawRecord& rec, Session&) override {
    if (rec.type == PERF_RECORD_HEADER_BUILD_ID)
      for (auto& [name, hex] : parse_build_id_table(rec.bytes, swap)) piped.try_emplace(name, hex);
  }
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
      if (callchains && (attr.sample_type & PERF_SAMPLE_CALLCHAIN)) mark_chain(t, ds.callchain);
      return;
    }
    SideBand sb;
    if (decode_side_band(ev.raw, s.swapped(), sb).empty()) apply_side_band(machine, ev.raw, sb);
  }
  // perf's sample__for_each_callchain_node: every callchain entry's DSO is hit too, in the
  // cpumode its context marker sets.
  void mark_chain(Thread& t, const U64Array& chain) {
    uint8_t mode = PERF_RECORD_MISC_USER;
    for (size_t i = 0; i < chain.size(); ++i) {
      uint64_t ip = chain[i];
      if (ip >= PERF_CONTEXT_MAX) {
        mode = ip == PERF_CONTEXT_KERNEL ? PERF_RECORD_MISC_KERNEL : PERF_RECORD_MISC_USER;
        continue;
      }
      if (const Map* m = machine.find_map(t, mode, ip); m && m->dso) m->dso->hit = true;
    }
  }
  Machine machine;
  bool callchains = false;  // buildid-list: callchain entries count as hits
  bool swap = false;
  std::unordered_map<std::string, std::string> piped;  // a pipe's HEADER_BUILD_ID records
};

std::vector<uint8_t> find_build_id(const Dso& d) {
  if (auto id = BuildId::from_hex(d.build_id)) return {id->bytes().begin(), id->bytes().end()};
  return local_build_id(d.kernel, d.long_name);
}

}  // namespace

std::set<std::string> build_id_filenames(Bytes payload, bool swap) {
  std::set<std::string> out;
  for_each_build_id_record(payload, swap, [&](const BuildIdRecordView& v) {
    if (v.id) out.insert(std::string(v.filename));
  });
  return out;
}

std::vector<std::byte> without_core_kernel(Bytes payload, bool swap) {
  std::vector<std::byte> out;
  for_each_build_id_record(payload, swap, [&](const BuildIdRecordView& v) {
    bool core = (v.misc & PERF_RECORD_MISC_CPUMODE_MASK) == PERF_RECORD_MISC_KERNEL &&
                v.filename == "[kernel.kallsyms]";
    if (!core) out.insert(out.end(), payload.begin() + v.at, payload.begin() + v.at + v.size);
  });
  return out;
}

std::vector<BuildIdEntry> collect_hit_build_ids(PerfDataReader& reader, bool all,
                                                const std::set<std::string>& known,
                                                const std::map<std::string, std::vector<uint8_t>>& given) {
  HitTool tool;
  tool.callchains = true;  // perf 7.2 marks the dsos of callchain entries hit too
  Session session(reader, SessionOptions{}, tool);
  session.run();
  std::vector<BuildIdEntry> out;
  for (const auto& d : tool.machine.dsos()) {
    if (!d->hit && !all) continue;
    if (known.count(d->long_name)) continue;
    BuildIdEntry e;
    e.kernel = d->kernel;
    e.filename = d->long_name;
    auto g = given.find(d->long_name);
    e.build_id = g != given.end() ? g->second : find_build_id(*d);
    if (!e.build_id.empty()) out.push_back(std::move(e));
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> file_build_ids(PerfDataReader& reader,
                                                                bool with_hits) {
  std::map<std::string, std::string> out;  // sorted by name, as perf's dso list
  std::unordered_map<std::string, std::string> table;
  auto it = reader.features().find(HEADER_BUILD_ID);
  if (it != reader.features().end()) table = parse_build_id_table(it->second, reader.swapped());
  // Without a table (a pipe has none in its header) only the events can tell, with hits.
  if (it == reader.features().end()) with_hits = true;
  if (!with_hits) {
    for (auto& [name, hex] : table) out.emplace(name, hex);
  } else {
    HitTool tool;
    tool.swap = reader.swapped();
    tool.callchains = true;
    // Deferred user chains count once merged into their samples, as in perf.
    DeferredCallchainMerger merger(tool);
    Session session(reader, SessionOptions{}, merger);
    session.run();
    for (auto& [name, hex] : tool.piped) table.try_emplace(name, hex);
    for (const auto& d : tool.machine.dsos()) {
      if (with_hits && !d->hit) continue;
      auto t = table.find(d->long_name);
      // A hit DSO is listed even when nothing gives its build id (then blank).
      out.emplace(d->long_name, t != table.end() ? t->second : d->build_id);
    }
  }
  std::vector<std::pair<std::string, std::string>> list;
  for (auto& [name, hex] : out) list.emplace_back(hex, name);
  return list;
}

}  // namespace cperf
