// inject -B (perf 7.2's --mmap2-buildids): the build-id MMAP2 records that go out before the
// first sample hitting each map, found in a first pass over the input in time order.
#pragma once
#include <cstddef>
#include <cstdint>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "inject/sample_key.h"
#include "machine/machine.h"
#include "record/sample.h"
#include "session/session.h"

namespace cperf {

// For each sample, the MMAP2 records of the maps it (its ip, then its callchain) is the first
// to hit. Records from COMPRESSED records are not looked at: perf 7.2 passes those on unread.
class MapHitCollector : public SessionTool {
 public:
  // The build id of a dso by its path; empty: none (perf writes no record for such a map).
  using BuildIdOf = std::function<const std::vector<uint8_t>&(const std::string&)>;
  explicit MapHitCollector(BuildIdOf build_id_of) : build_id_of_(std::move(build_id_of)) {}
  void record(Event& ev, Session& s) override;
  std::map<SampleKey, std::deque<std::vector<std::vector<std::byte>>>> results;

 private:
  void hit(const Map* m, uint16_t misc, const perf_event_attr& attr, const DecodedSample& ds,
           std::vector<std::vector<std::byte>>& out);
  void inherit_hits(int32_t parent_tid, int32_t child_tid);
  BuildIdOf build_id_of_;
  Machine machine_;
  std::set<const Map*> hit_;
};

}  // namespace cperf
