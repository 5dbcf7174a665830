// Header features of a recording, built from this machine's /proc and /sys (what perf
// writes for hostname, osrelease, version, arch, nrcpus, cpudesc, cpuid, total_mem, cmdline,
// event_desc, cpu_topology, numa_topology, pmu_mappings, cache, sample_time, mem_topology,
// bpf_prog_info and btf (empty), cpu_pmu_caps, pmu_caps, e_machine, cln_size, build_id,
// group_desc with event groups, and with -k clockid and clock_data).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "linux/perf_event.h"
#include "writer/perf_data_writer.h"

namespace cperf {

struct FeatureEvent {
  perf_event_attr attr{};
  std::string name;
  std::vector<uint64_t> ids;
};

struct BuildIdEntry {
  bool kernel = false;          // cpumode of the DSO (kernel or user)
  std::vector<uint8_t> build_id;  // up to 20 bytes
  std::string filename;
};

struct FeatureInputs {
  std::vector<std::string> cmdline;  // argv starting at the command name ("record", ...)
  std::vector<FeatureEvent> events;
  std::vector<BuildIdEntry> build_ids;
  uint64_t first_sample_time = 0, last_sample_time = 0;
  bool have_sample_time = false;
  std::vector<std::byte> tracing_data;  // HEADER_TRACING_DATA payload (file mode)
  bool pipe = false;  // pipe streams carry no build_id/sample_time (known only at the end)
  // -k/--clockid: the clock, its resolution, and one reading of it and of the time of day
  // taken together when the recording started (HEADER_CLOCKID, HEADER_CLOCK_DATA).
  struct Clock {
    bool used = false;
    uint32_t clockid = 0;
    uint64_t res_ns = 0, tod_ns = 0, clockid_ns = 0;
  } clock;
  // Event groups ({a,b}): HEADER_GROUP_DESC, written only when there is one.
  struct Group {
    std::string name;  // "{anon_group}" for an unnamed group, as perf writes it
    uint32_t leader = 0, nr_members = 0;
  };
  std::vector<Group> groups;
  // -z: HEADER_COMPRESSED (version 0, zstd), written only for a compressed recording.
  struct Compression {
    bool used = false;
    uint32_t level = 0, ratio = 0, mmap_len = 0;
  } compression;
  bool dir_format = false;  // record --threads: HEADER_DIR_FORMAT (version 1), data in DIR/data.K
};

FeatureMap collect_features(const FeatureInputs& in);

// Building blocks, exposed for tests.
std::vector<std::byte> encode_string_feature(const std::string& s);
std::vector<std::byte> encode_build_ids(const std::vector<BuildIdEntry>& ids);
// HEADER_EVENT_DESC: each event's attr (in the smallest size that holds them all), name and ids.
std::vector<std::byte> encode_event_desc(const std::vector<FeatureEvent>& events);
std::vector<std::byte> encode_clock_data(const FeatureInputs::Clock& c);
std::string cpu_id_string();     // "AuthenticAMD,25,1,1"
std::string cpu_desc_string();   // model name, whitespace collapsed

}  // namespace cperf
