// Shared CLI helpers: perf-style option parsing on top of CLI11.
#pragma once
#include <CLI/CLI.hpp>
#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include "unwind/sample_unwind.h"

namespace cperf {

// Parses args (args[0] = command name). Returns -1 to go on, or an exit status: 0 after
// -h/--help, 129 after an unknown or malformed option (perf's status), with usage on stderr.
// Long options may be abbreviated to any unambiguous prefix, as perf allows.
int parse_command_line(CLI::App& app, const std::vector<std::string>& args);

// Marks an option whose value is optional and, as perf's OPTARG options, only ever attached
// ("--itrace=i100", never "--itrace i100"): parse_command_line hands CLI11 "--itrace" as
// "--itrace=" (an empty value: the option's default) so the next word stays what it is.
CLI::Option* attached_value_only(CLI::Option* opt);
bool is_attached_value_only(const CLI::Option* opt);

// "a,b,,c" -> {"a", "b", "c"}: perf's comma-separated option values.
std::vector<std::string> split_list(const std::string& s);

// "1,5,9" -> {1, 5, 9} (--pid, --tid lists); false if an item is not a number.
template <typename T>
bool parse_number_list(const std::string& s, std::set<T>& out) {
  for (const std::string& item : split_list(s)) {
    char* end = nullptr;
    long v = std::strtol(item.c_str(), &end, 10);
    if (end == item.c_str() || *end) return false;
    out.insert(static_cast<T>(v));
  }
  return true;
}

// perf's --unwind-style for script and report: true when DWARF stacks are unwound. "libdw" (and
// no option) is cperf's unwinder; "libunwind" is not built in: perf's error line, and samples
// are shown without unwinding, as perf does then; anything else: perf's "Unknown unwind style"
// line, and libdw.
UnwindStyle unwind_style_from(const std::string& style);

class TimeRanges;
class PerfDataReader;
// perf's --time for script and data convert: parses spec against the file's sample time span
// into out. Returns -1, or perf's status (234) after its message.
int parse_time_option(const std::string& spec, const PerfDataReader& reader, TimeRanges& out);

// The default input: perf.data, or "-" when stdin is a pipe (perf's rule).
std::string default_input();

// perf's ownership rule for an input file: one owned by another user than the caller or root is
// refused unless -f/--force is given (someone else's file may be crafted against the reader).
// Returns 0, or perf's exit status (255) after its message. Pipes and missing files pass here.
int refuse_foreign_input(const std::string& path, bool force);

// --cpu against a file (diff, annotate): perf's messages when its samples have no CPU, or a CPU
// is beyond the recording machine's (or perf's 4096). -1, or perf's status.
int check_cpus(const PerfDataReader& reader, const std::set<uint32_t>& cpus);

}  // namespace cperf
