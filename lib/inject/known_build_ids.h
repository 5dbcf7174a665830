// inject --known-build-ids "HEX PATH,HEX PATH,...": build ids given for dsos by path. With -b
// or --buildid-all perf 7.2 writes no build-id record for such a dso and lists it in the
// header's table with the given id (when hit, or with --buildid-all mapped).
#pragma once
#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cperf {

// As perf 7.2 reads the list: entries split at ',', each a hex id, one space, the path. An
// entry whose id is not an even number of hex digits (or that has no space) is left out; an
// id keeps at most its first 10 bytes (perf 7.2 stores no more).
std::map<std::string, std::vector<uint8_t>> parse_known_build_ids(const std::string& list);

}  // namespace cperf
