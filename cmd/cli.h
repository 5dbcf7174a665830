// Shared CLI helpers: perf-style option parsing on top of CLI11.
#pragma once
#include <CLI/CLI.hpp>
#include <string>
#include <vector>

namespace cperf {

// Parses args (args[0] = command name). Returns -1 to go on, or an exit status: 0 after
// -h/--help, 129 after an unknown or malformed option (perf's status), with usage on stderr.
// Long options may be abbreviated to any unambiguous prefix, as perf allows.
int parse_command_line(CLI::App& app, const std::vector<std::string>& args);

// "a,b,,c" -> {"a", "b", "c"}: perf's comma-separated option values.
std::vector<std::string> split_list(const std::string& s);

// The default input: perf.data, or "-" when stdin is a pipe (perf's rule).
std::string default_input();

}  // namespace cperf
