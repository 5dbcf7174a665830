// perf's configuration file (perf config): the file named by $PERF_CONFIG, else ~/.perfconfig,
// in git-config syntax ("[section]" lines, then "key = value"; '#' and ';' start comments).
#pragma once
#include <string>
#include <string_view>

namespace cperf {

// The value of section.key (the last one set), or empty when the file or the key is missing.
std::string perf_config_value(std::string_view section, std::string_view key);

}  // namespace cperf
