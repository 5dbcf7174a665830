// perf script's command line stops at the first argument that is not an option (perf's
// PARSE_OPT_STOP_AT_NON_OPTION): what follows is a script's own arguments, or
// "record NAME ..." / "report NAME ...".
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace cperf {

// Splits args (args[0] = command name) into the part CLI11 parses (args[0] and the options,
// with their values) and `rest` (from the first non-option, or after "--").
std::vector<std::string> split_at_non_option(const CLI::App& app, const std::vector<std::string>& args,
                                             std::vector<std::string>& rest);

}  // namespace cperf
