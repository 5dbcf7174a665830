// perf's configuration (perf config) as the commands read it: the files perf reads, in its
// order and with its rules (config_sources.h), in git-config syntax (config_parse.h).
#pragma once
#include <string>
#include <string_view>

namespace cperf {

// The value of section.key (the last one set), or empty when no file sets it.
std::string perf_config_value(std::string_view section, std::string_view key);

}  // namespace cperf
