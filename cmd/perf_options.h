// A small table-driven option parser with perf's own rules and messages (its parse-options):
// options until the first other word or "--" (or all of them, see permute()); long options by any unambiguous prefix, with
// "--no-" to clear them and "=value" or the next word as value; short ones bundled ("-vl") and
// with the value attached ("-afile") or next. Its usage text is perf's layout, byte for byte.
// For commands whose usage and errors must match perf 7.2 exactly (buildid-cache, evlist).
#pragma once
#include <cstdio>
#include <map>
#include <string>
#include <vector>

namespace cperf {

struct PerfOption {
  enum Kind { kFlag, kIncr, kString, kOptString, kInteger };
  char short_name;        // 0: none
  const char* long_name;  // never null
  Kind kind;
  const char* arg_name;   // the "<...>" word for options with a value, else nullptr
  const char* help;
};

// perf's --symfs option, as its commands list it (symbol__config_symfs's help).
inline constexpr PerfOption kSymfsOption{
    0, "symfs", PerfOption::kString, "directory[,layout]",
    "setup root directory which contains debug files:\n"
    "\t\t\t\tdirectory:\tLook for files with symbols relative to this directory.\n"
    "\t\t\t\tlayout:   \tLayout of files, 'hierarchy' matches full path (default), 'flat' only matches "
    "base name.\n"};

struct PerfOptionValues {
  std::map<std::string, std::string> strings;  // long name -> last value (kString, kOptString,
                                               // kInteger); absent when unset or --no-
  std::map<std::string, int> counts;           // long name -> times given (kFlag, kIncr)
  std::vector<std::string> rest;               // the words after the options
  bool has(const std::string& name) const { return strings.count(name) != 0; }
  const std::string& str(const std::string& name) const { return strings.at(name); }
  int count(const std::string& name) const {
    auto it = counts.find(name);
    return it == counts.end() ? 0 : it->second;
  }
};

class PerfOptionParser {
 public:
  // `usage_line`: "perf buildid-cache [<options>]".
  PerfOptionParser(std::string usage_line, std::vector<PerfOption> options)
      : usage_line_(std::move(usage_line)), options_(std::move(options)) {}

  // Parses args (args[0] is the command name). -1 to go on, else the exit status after
  // perf's message and usage on stderr (129; -h and --help too).
  int parse(const std::vector<std::string>& args, PerfOptionValues& out) const;

  // Options may follow other words (perf's default; buildid-cache and evlist stop at the first).
  PerfOptionParser& permute() {
    permute_ = true;
    return *this;
  }

  // perf's usage: "\n Usage: ...\n\n", every option, "\n"; status 129. after_message:
  // printed after a message of the caller's (no blank line before " Usage").
  int usage(const std::string& error = "", bool after_message = false) const;
  // -h/--help at args[at]: the usage, of the options named by the words after it if any.
  int help(const std::vector<std::string>& args, size_t at) const;
  // perf's answer to an option its callback refused: the callback's message, then
  // "\n Usage: ...\n\n" and that option alone; status 129.
  int option_usage(const std::string& long_name, const std::string& message) const;

 private:
  int parse_long(const std::vector<std::string>& args, size_t& i, PerfOptionValues& out) const;
  int parse_short(const std::vector<std::string>& args, size_t& i, PerfOptionValues& out) const;
  // Stores a value-taking option's value (checks numbers); -1 or an exit status.
  int set_value(const PerfOption& o, bool as_short, const std::string& v,
                PerfOptionValues& out) const;
  // perf's short usage after a bad value: " Error: MSG\n Usage: ...\n\n" and that option.
  int option_error(const PerfOption* o, const std::string& msg) const;
  void print_option(std::FILE* f, const PerfOption& o) const;

  std::string usage_line_;
  std::vector<PerfOption> options_;
  bool permute_ = false;
};

}  // namespace cperf
