// Decoders that turn one header feature section into perf's `# name : value` text.
//
// Each decoder reads the section with a bounds-checked ByteReader and returns false when perf
// would refuse the section (short, malformed, unknown version). The text is built in a string
// first so a refused section prints nothing at all, as perf's process-then-print order does.
#pragma once
#include "format/file_header.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "base/byte_reader.h"

namespace cperf {

class PerfDataReader;

// Feature ids that lib/format/file_header.h does not name yet (perf 7.2 numbering).
constexpr int kFeatCpuDomainInfo = HEADER_CPU_DOMAIN_INFO;
constexpr int kFeatEMachine = HEADER_E_MACHINE;
constexpr int kFeatClnSize = HEADER_CLN_SIZE;
constexpr int kFeatLast = HEADER_LAST_FEATURE;  // also the pipe end-of-features marker

// What perf keeps in its env from other features and the evlist, which some printers need
// (CPU topology needs nr_cpus_avail, group_desc needs event names, ...).
struct FeatureEnv {
  bool swap = false;
  uint32_t nr_cpus_avail = 0;
  std::string arch;                              // uname -m string from HEADER_ARCH
  std::vector<std::string> pmu_names;            // from HEADER_PMU_MAPPINGS
  std::vector<std::string> cpu_pmu_caps;         // "name=value" from HEADER_CPU_PMU_CAPS
  std::vector<std::string> event_names;          // evlist order
  Bytes bpf_btf;                                 // the HEADER_BPF_BTF section, if any
};

// Builds the env from the features the reader has seen so far and its attrs.
FeatureEnv feature_env(const PerfDataReader& reader);

// perf's upper-case feature name ("CPU_TOPOLOGY"), or nullptr for ids >= kFeatLast.
const char* feature_upper_name(int feat);
// Features perf prints only with -I.
bool feature_full_only(int feat);
// Features perf has a printer for (TRACING_DATA and BUILD_ID have none).
bool feature_has_printer(int feat);

// perf's name of a clock id ("monotonic", ...; "(not found)" for others).
const char* clockid_name(uint32_t id);

// Appends perf's text for section `data` of feature `feat` to `out`. Returns false (and leaves
// `out` unchanged) when perf would reject the section.
bool feature_text(int feat, Bytes data, const FeatureEnv& env, std::string& out);

// The line perf prints for a section it could not read in file mode ("unable to read" or
// "not available" forms), or "" when perf prints nothing.
std::string feature_failure_text(int feat);

// Helpers shared with the tests.
// HEADER_GROUP_DESC: one entry per group, its leader's index among the attrs and its size.
struct GroupDesc {
  std::string name;  // "{anon_group}" when the group has no name of its own; "" for report --group's
  uint32_t leader = 0, nr_members = 0;
};
bool read_group_desc(ByteReader& r, std::vector<GroupDesc>& groups);
// perf's text of a group of more than one event, "label{leader,member,...}" (no label for an
// anonymous group), with the events named by attr index in `names`; "" for any other group.
std::string group_text(const GroupDesc& g, const std::vector<std::string>& names);

// HEADER_CPU_TOPOLOGY's socket id of each CPU; empty when the section has no per-CPU ids
// (files of old perf) or is malformed.
std::vector<int32_t> cpu_socket_ids(Bytes data, const FeatureEnv& env);

std::string cpu_list_string(std::vector<int> cpus);              // "0-3,5"
bool parse_cpu_list(const std::string& s, std::vector<int>& cpus);

}  // namespace cperf
