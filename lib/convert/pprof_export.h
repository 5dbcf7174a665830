// `data convert --to-pprof FILE` (cperf's own; perf has none): Google's pprof profile
// (profile.proto, gzipped), as profile stores (Pyroscope, Parca, Cloud Profiler) and `pprof`
// read it. Made from the samples as `script` resolves them (ScriptTool's database-export
// samples: deferred user callchains merged, DWARF stacks unwound):
//  - sample types: "samples"/"count", then per event its name and unit ("nanoseconds" for
//    cpu-clock and task-clock, else "count"); each sample counts 1 and its period in its
//    event's pair;
//  - samples: the stack, leaf first, with labels comm, pid and tid; equal ones summed;
//  - locations: one per mapping and address, its lines the inline frames perf 7.2 shows
//    there (innermost first), the ELF symbol last (also where perf 7.2 leaves it out); an
//    address without a symbol has none;
//  - functions: by name and dso (the dso's path is the function's file name, so that equal
//    names in different dsos stay apart, as in `report -s sym`); mappings: per map, with its
//    file, offset and build id; first the program's (pprof names the profile after its first
//    mapping): the file named as most samples' comm, else the one most samples' leaves are in.
// Tracepoint samples are left out (counted, and said so).
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include "scripting/sample_sink.h"

namespace cperf {

}  // namespace cperf
namespace perftools::profiles {
class Profile;  // the protobuf message (generated from profile.proto), kept out of this header
}
namespace google::protobuf {
class Arena;
}
namespace cperf {

class PprofWriter : public SampleSink {
 public:
  PprofWriter();
  ~PprofWriter() override;

  bool db_export() const override { return true; }
  void sample(const ScriptSample&, const TracepointPayload*) override { ++tracepoint_samples_; }
  void db_sample(Machine& machine, bool comm_exec, const DbSample& s) override;

  // Writes the gzipped profile; false with `error` set when it cannot.
  bool write(const std::string& path, std::string& error);
  uint64_t samples() const { return samples_; }
  uint64_t tracepoint_samples() const { return tracepoint_samples_; }

 private:
  uint64_t string_id(const std::string& s);
  uint64_t mapping_id(const DbFrame& f, const DbSample& s);
  uint64_t location_id(const DbFrame& f, const DbSample& s);
  uint64_t function_id(const std::string& name, const Dso* dso);
  int event_slot(const DbSample& s);

  // The profile's many small messages live in an arena: made fast, freed at once.
  std::unique_ptr<google::protobuf::Arena> arena_;
  perftools::profiles::Profile* profile_ = nullptr;
  std::unordered_map<std::string, uint64_t> strings_;
  // dso, start, end, pgoff (the dso only as an identity: write() runs after the dsos are gone)
  std::map<std::tuple<const Dso*, uint64_t, uint64_t, uint64_t>, uint64_t> mappings_;
  struct PairHash {
    size_t operator()(const std::pair<uint64_t, uint64_t>& p) const {
      return (p.first * 0x9e3779b97f4a7c15ull) ^ p.second;
    }
  };
  std::unordered_map<std::pair<uint64_t, uint64_t>, uint64_t, PairHash> locations_;     // mapping, address
  // Recent (mapping, address) -> location, direct-mapped: call chains repeat their callers.
  struct LocationMemo {
    uint64_t mapping = ~0ULL, address = 0, id = 0;
  };
  static constexpr size_t kLocationMemo = 1 << 16;
  std::unique_ptr<LocationMemo[]> location_memo_ = std::make_unique<LocationMemo[]>(kLocationMemo);
  std::map<std::pair<std::string, const Dso*>, uint64_t> functions_;
  std::map<int, int> event_slots_;  // attr index -> its pair of values
  std::vector<std::pair<std::string, std::string>> event_types_;  // name, unit
  // Equal samples (event, thread, comm, stack) summed: their hash -> index in the profile
  // (compared there on a hit: no key is kept twice).
  std::unordered_multimap<uint64_t, int> sample_index_;
  std::vector<int> sample_event_;  // each profile sample's event slot
  std::map<uint64_t, uint64_t> leaf_samples_;  // user mapping id -> samples whose leaf is in it
  std::map<std::string, uint64_t> comm_samples_;  // samples per comm
  // Each mapping's file name (short): the dsos are gone when the profile is written.
  std::unordered_map<uint64_t, std::string> mapping_names_;
  uint64_t samples_ = 0, tracepoint_samples_ = 0;
  uint64_t first_time_ = 0, last_time_ = 0;
};

}  // namespace cperf
