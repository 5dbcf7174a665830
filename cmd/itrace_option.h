// --itrace, as report, script and inject take it: perf's check of the string, with its
// message and the command's usage lines.
#pragma once
#include <string>

namespace cperf {

// `usage`: the command's usage block (" Usage: perf report [<options>]\n\n"). Returns -1 when
// the string is good (or was not given), else prints perf's error and returns 129.
int check_itrace_option(bool given, const std::string& value, const char* usage);

constexpr const char* kReportUsage = " Usage: perf report [<options>]\n\n";
constexpr const char* kInjectUsage = " Usage: perf inject [<options>]\n\n";
constexpr const char* kScriptUsage =
    " Usage: perf script [<options>]\n"
    "    or: perf script [<options>] record <script> [<record-options>] <command>\n"
    "    or: perf script [<options>] report <script> [script-args]\n"
    "    or: perf script [<options>] <script> [<record-options>] <command>\n"
    "    or: perf script [<options>] <top-script> [script-args]\n\n";

}  // namespace cperf
