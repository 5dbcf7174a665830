// perf 7.2's `-h` for the commands cperf parses with CLI11 (report, script, inject, evlist): its
// usage text, or with option names after -h only those options' lines (perf's rule: a dash word
// names an option by its short or exact long name; another word by a one-letter short name, its
// exact long name, or any part of its help text).
#pragma once
#include <string>
#include <vector>

namespace cperf {

// perf's option__in_argv for one word after -h: does it name the option (short letter, long
// name, help text)?
bool option_named(char short_name, const std::string& long_name, const std::string& help, const std::string& arg);

// The text perf 7.2 prints for `COMMAND -h` (stderr), or nullptr when cperf has none.
const char* perf_usage_text(const std::string& command);

// Prints perf's usage for `-h` at args[at] (args[0] is the command name); returns 129 (perf's
// status), or -1 when cperf has no usage text for the command.
int print_perf_usage(const std::vector<std::string>& args, size_t at);

}  // namespace cperf
