// inject -b / --buildid-all as perf 7.2 writes them into the data: a PERF_RECORD_HEADER_BUILD_ID
// record per dso, once, just before the first sample hitting it (its ip, then its callchain;
// -b) or before the MMAP/MMAP2 that maps it (--buildid-all), carrying that record's sample id
// fields. Found in a first pass over the input; the second writes them by the record's key.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <vector>

#include "inject/sample_key.h"
#include "machine/machine.h"
#include "session/session.h"

namespace cperf {

class BuildIdRecordCollector : public SessionTool {
 public:
  // A dso's build id; empty: none known (perf writes nothing for it).
  using BuildIdOf = std::function<std::vector<uint8_t>(const Dso&)>;
  // verbose: perf's -v line for each dso without a build id ("no build_id found for NAME").
  BuildIdRecordCollector(bool all, BuildIdOf build_id_of, bool verbose = false)
      : all_(all), verbose_(verbose), build_id_of_(std::move(build_id_of)) {}
  void record(Event& ev, Session& s) override;
  // Keyed as samples are (offset, time, tid); map records by (offset, 0, 0).
  std::map<SampleKey, std::vector<std::vector<std::byte>>> results;
  // Some dso hit had a build id: else perf writes no HEADER_BUILD_ID feature (says so with -v).
  bool any_build_id = false;

 private:
  void hit(const Map* m, uint16_t misc, Bytes id_sample, std::vector<std::vector<std::byte>>& out);
  void no_build_id(const std::string& name);
  bool all_;
  bool verbose_;
  BuildIdOf build_id_of_;
  Machine machine_;
  std::set<const Dso*> done_;
  std::set<std::string> kernel_maps_done_;  // --buildid-all: kernel mmaps perf names by their filename
};

// The record itself: header (misc | PERF_RECORD_MISC_BUILD_ID_SIZE), the host machine's pid
// (-1), the id padded to 20 bytes and its size, the name NUL-terminated with the whole padded
// to 8 bytes, then `id_sample` (the sample id fields perf copies from the triggering record).
std::vector<std::byte> build_id_record(uint16_t misc, const std::vector<uint8_t>& id,
                                       const std::string& name, Bytes id_sample);

}  // namespace cperf
