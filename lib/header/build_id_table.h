// HEADER_BUILD_ID (a file's build-id table, or a pipe's HEADER_BUILD_ID records): a series of
// { perf_event_header; s32 pid; u8 build_id[24]; char filename[] } records.
#pragma once
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "base/byte_reader.h"
#include "machine/machine.h"

namespace cperf {
class PerfDataReader;
struct RawRecord;
}

namespace cperf {

// One stored record of the table, as a view: its bytes are payload[at, at + size).
struct BuildIdRecordView {
  size_t at = 0;
  uint16_t size = 0;
  uint16_t misc = 0;
  const uint8_t* id = nullptr;  // the 24-byte build_id field; nullptr when the record is too short
  std::string_view filename;    // empty when the record has no name
};
// Calls fn for each record in order; a size that does not fit ends the walk (a damaged table).
void for_each_build_id_record(Bytes payload, bool swap, const std::function<void(const BuildIdRecordView&)>& fn);

// filename -> build id (hex), host user and kernel entries only (guests are not supported);
// the first entry of a name wins. A damaged table ends the parse where it breaks.
std::unordered_map<std::string, std::string> parse_build_id_table(Bytes payload, bool swap);

// The same entries in the table's order, each with its cpumode.
struct RecordedBuildId {
  std::string filename, hex;
  bool kernel = false;
};
std::vector<RecordedBuildId> build_id_entries(Bytes payload, bool swap);

// Hands the kernel entries of the file's build-id table to the machine, which names its
// kernel dsos after them (Machine::add_recorded_kernel_name).
void name_kernel_dsos(Machine& machine, const PerfDataReader& reader);
// The same for a pipe's PERF_RECORD_HEADER_BUILD_ID record (other records: nothing), which
// perf takes as it comes.
void name_kernel_dsos(Machine& machine, const RawRecord& rec, bool swap);

}  // namespace cperf
