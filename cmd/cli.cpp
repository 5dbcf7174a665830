#include "cli.h"
#include "perf_usage.h"

#include "base/byte_reader.h"
#include "base/perf_config.h"
#include "io/perf_data_reader.h"
#include "script/time_ranges.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <iostream>
#include <sstream>

namespace cperf {

namespace {

// All long option names of the app ("input", "no-children", ...).
std::vector<std::string> long_names(CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* opt : app.get_options())
    for (const std::string& n : opt->get_lnames()) out.push_back(n);
  return out;
}

// Expands "--no-merge-callchain" to the unique long option it prefixes.
std::string expand_prefix(const std::string& arg, const std::vector<std::string>& names) {
  if (arg.size() < 3 || arg.compare(0, 2, "--") != 0) return arg;
  size_t eq = arg.find('=');
  std::string name = arg.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
  std::string match;
  for (const std::string& n : names) {
    if (n == name) return arg;
    if (n.compare(0, name.size(), name) == 0) {
      if (!match.empty()) return arg;  // ambiguous: let the parser complain
      match = n;
    }
  }
  if (match.empty()) return arg;
  return "--" + match + (eq == std::string::npos ? "" : arg.substr(eq));
}

// The group attached_value_only() puts an option in: the mark stays with the option (and goes
// with its app), and only CLI11's own help, which perf's commands do not show, prints it.
const char* const kAttachedValueGroup = "Options whose value is attached";

// "--itrace" of a marked option becomes "--itrace=".
std::string attach_empty_value(const CLI::App& app, const std::string& arg) {
  if (arg.size() < 3 || arg.compare(0, 2, "--") != 0 || arg.find('=') != std::string::npos) return arg;
  for (const CLI::Option* opt : app.get_options())
    if (is_attached_value_only(opt))
      for (const std::string& n : opt->get_lnames())
        if (arg.compare(2, std::string::npos, n) == 0) return arg + "=";
  return arg;
}

}  // namespace

CLI::Option* attached_value_only(CLI::Option* opt) { return opt->expected(0, 1)->group(kAttachedValueGroup); }

bool is_attached_value_only(const CLI::Option* opt) { return opt->get_group() == kAttachedValueGroup; }

int parse_command_line(CLI::App& app, const std::vector<std::string>& args) {
  std::vector<std::string> names = long_names(app);
  std::vector<std::string> rev;
  bool after_dashdash = false;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--") after_dashdash = true;
    rev.push_back(after_dashdash ? args[i] : attach_empty_value(app, expand_prefix(args[i], names)));
  }
  std::reverse(rev.begin(), rev.end());  // CLI11 takes arguments in reverse order
  // perf answers -h before it looks at the other options (which may lack their values)
  for (size_t i = 1; i < args.size() && args[i] != "--"; ++i)
    if (args[i] == "-h" || args[i] == "--help") {
      if (int rc = print_perf_usage(args, i); rc >= 0) return rc;
      break;
    }
  // perf takes a one-value option given twice by its last value (CLI11 would refuse it; lists
  // like script's -F keep all)
  for (CLI::Option* opt : app.get_options())
    if (opt->get_multi_option_policy() == CLI::MultiOptionPolicy::Throw && opt->get_items_expected_max() <= 1)
      opt->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
  try {
    app.parse(rev);
  } catch (const CLI::CallForHelp&) {
    // perf's usage text (stderr, status 129) where cperf has it
    size_t at = 1;
    while (at < args.size() && args[at] != "-h" && args[at] != "--help") ++at;
    if (int rc = print_perf_usage(args, at); rc >= 0) return rc;
    std::cout << app.help();
    return 0;
  } catch (const CLI::ExtrasError& e) {
    // perf's words for an option it does not know: "unknown option `name'" for a long one,
    // "unknown switch `c'" for a short one, then its usage line.
    std::string what = e.what();
    size_t colon = what.find(": ");
    std::string arg = colon == std::string::npos ? "" : what.substr(colon + 2);
    arg = arg.substr(0, arg.find(' '));
    std::string msg = what;
    if (arg.compare(0, 2, "--") == 0)
      msg = "unknown option `" + arg.substr(2) + "'";  // "=value" included, as perf
    else if (arg.size() > 1 && arg[0] == '-')
      msg = std::string("unknown switch `") + arg[1] + "'";
    std::cerr << "  Error: " << msg << "\n\n Usage: " << app.get_description() << "\n\n";
    return 129;
  } catch (const CLI::ParseError& e) {
    std::cerr << "  Error: " << e.what() << "\n\n" << app.help();
    return 129;
  }
  return -1;
}

std::vector<std::string> split_list(const std::string& s) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, ',')) if (!item.empty()) out.push_back(item);
  return out;
}

UnwindStyle unwind_style_from(const std::string& option) {
  // Without the option, perf's config key unwind.style decides.
  std::string style = option.empty() ? perf_config_value("unwind", "style") : option;
  if (style.empty() || style == "libdw") return UnwindStyle::kLibdw;
  if (style == "libunwind") return UnwindStyle::kLibunwind;
  // perf names the style it does not know and goes on with its default.
  std::fprintf(stderr, "Unknown unwind style: %s\n", style.c_str());
  return UnwindStyle::kLibdw;
}

std::string default_input() {
  struct stat st {};
  if (fstat(0, &st) == 0 && S_ISFIFO(st.st_mode)) return "-";
  return "perf.data";
}

int refuse_foreign_input(const std::string& path, bool force) {
  struct stat st {};
  if (force || path == "-" || ::stat(path.c_str(), &st) != 0) return 0;
  if (st.st_uid == 0 || st.st_uid == ::geteuid()) return 0;
  std::fprintf(stderr, "File %s not owned by current user or root (use -f to override)\n", path.c_str());
  return 255;
}

int parse_time_option(const std::string& spec, const PerfDataReader& reader, TimeRanges& out) {
  auto [first, last] = sample_time_span(reader);
  switch (out.parse(spec, first, last)) {
    case TimeRanges::ParseResult::kOk: return -1;
    case TimeRanges::ParseResult::kNoSampleTime:
      std::fputs("HINT: no first/last sample time found in perf data.\n"
                 "Please use latest perf binary to execute 'perf record'\n"
                 "(if '--buildid-all' is enabled, please set '--timestamp-boundary').\n",
                 stderr);
      return 234;  // perf's -EINVAL
    case TimeRanges::ParseResult::kInvalid: break;
  }
  std::fputs("Invalid time string\n", stderr);
  return 234;
}

int check_cpus(const PerfDataReader& reader, const std::set<uint32_t>& cpus) {
  if (cpus.empty()) return -1;
  bool has_cpu = false;
  for (const EventAttrEntry& a : reader.attrs())
    if (a.attr.sample_type & PERF_SAMPLE_CPU) has_cpu = true;
  if (!has_cpu) {
    std::fputs("File does not contain CPU events. Remove -C option to proceed.\n", stderr);
    return 255;
  }
  uint32_t avail = 4096;
  if (auto nr = reader.features().find(HEADER_NRCPUS); nr != reader.features().end() && nr->second.size() >= 4)
    avail = ByteReader(nr->second, reader.swapped()).u32();
  for (uint32_t cpu : cpus) {
    if (cpu >= 4096) std::fputs("Perf can support 4096 CPUs. Consider raising MAX_NR_CPUS\n", stderr);
    if (cpu >= avail || cpu >= 4096) {
      std::fprintf(stderr, "Requested CPU %u too large. Consider raising MAX_NR_CPUS\n", cpu);
      return 255;
    }
  }
  return -1;
}


}  // namespace cperf
