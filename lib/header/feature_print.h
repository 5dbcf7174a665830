// Header features: decoding helpers and perf's `# name : value` printing (report --header,
// --header-only, and the FEATURE records of pipe-mode dumps).
#pragma once
#include <cstdio>
#include <string>
#include <vector>

#include "io/perf_data_reader.h"

namespace cperf {

// A perf header string: u32 length (padded), then NUL-terminated bytes.
bool read_header_string(ByteReader& r, std::string& out);

struct EventDesc {
  perf_event_attr attr{};
  std::string name;
  std::vector<uint64_t> ids;
};
// HEADER_EVENT_DESC: u32 nr, u32 attr_size, then per event attr, u32 nr_ids, string, ids.
bool decode_event_desc(Bytes b, bool swap, std::vector<EventDesc>& out);

// Prints one feature as perf does. `in_record`: the FEATURE record form of pipe dumps (the
// caller has printed the ", "); otherwise the header form, where an unreadable section prints
// perf's "unable to read" line where it has one.
void print_feature(std::FILE* out, int feat, Bytes data, const PerfDataReader& reader,
                   bool in_record);

// The whole tail of a PERF_RECORD_FEATURE line in `report -D`: ", " and the feature's text, or
// nothing for the end-of-features marker, unknown ids and sections perf fails to process.
void print_feature_record(std::FILE* out, int feat, Bytes data, const PerfDataReader& reader);

// Fills EventAttrEntry::name from event_desc (or perf's default names when absent).
// In pipe mode `perf evlist` derives names from the attrs, while `perf report` takes them from
// an EVENT_DESC feature record when one arrived: pass use_pipe_event_desc for the latter.
void name_events(PerfDataReader& reader, bool use_pipe_event_desc = false);
// A pipe's names from its EVENT_DESC FEATURE record (if it has come), by attr index; "" for
// an event it does not name.
std::vector<std::string> pipe_event_desc_names(const PerfDataReader& reader);

// The text of a string feature (hostname, osrelease, arch, version, ...: a u32 length, then
// the NUL-padded string); nullopt when the file has none (or a bad one).
std::optional<std::string> feature_string(const PerfDataReader& reader, int feat);

std::string event_modifiers(const perf_event_attr& attr);
// Pipe mode: an EVENT_UPDATE record of type NAME names the event with its id; other records
// are ignored.
void name_event_from_update(PerfDataReader& reader, const RawRecord& rec);
// A pipe's FEATURE record, read as perf reads each one as it comes (perf_event__process_feature):
// nothing is printed but what perf says is wrong with it (on stderr). Other records: nothing.
void check_feature_record(const RawRecord& rec, const PerfDataReader& reader);

// The attr index a record's event id names, as perf's evlist__id2evsel: the first event when
// there is only one or the id is 0 (files without ids), else by id; -1 if unknown.
int event_of_id(const PerfDataReader& reader, uint64_t id);

// perf's name for an attr without event_desc ("cpu-clock", "cycles:u", ...).
std::string default_event_name(const perf_event_attr& attr);
// perf's name of a PERF_TYPE_HW_CACHE config ("L1-dcache-load-misses", "LLC-stores", ...; its
// "invalid-cache" and "unknown-ext-hardware-cache-*" words for the others).
std::string hw_cache_event_name(uint64_t config);

}  // namespace cperf
