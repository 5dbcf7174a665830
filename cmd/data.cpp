// cperf data: perf's `data convert`: --to-json (lib/convert/json_export.h), --to-ctf (through
// babeltrace's CTF writer, lib/convert/ctf_export.h) and cperf's own --to-pprof
// (lib/convert/pprof_export.h).
#include <fcntl.h>
#include <unistd.h>
#include <sys/stat.h>

#include <cerrno>
#include <cinttypes>

#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>

#include "base/error.h"
#include "cli.h"
#include "commands.h"
#include "convert/ctf_export.h"
#include "convert/json_export.h"
#include "convert/pprof_export.h"
#include "header/feature_print.h"
#include "script/script_tool.h"
#include "io/perf_data_reader.h"
#include "session/deferred_merger.h"
#include "session/loss_warnings.h"

namespace cperf {

namespace {

struct ConvertOption {
  const char* long_name;
  char short_name;
  bool takes_value;
  const char* usage;  // perf's usage line
};

const ConvertOption kOptions[] = {
    {"force", 'f', false, "    -f, --force           don't complain, do it\n"},
    {"input", 'i', true, "    -i, --input <file>    input file name\n"},
    {"verbose", 'v', false, "    -v, --verbose         be more verbose\n"},
    {"all", 0, false, "        --all             Convert all events\n"},
    {"time", 0, true, "        --time <str>      Time span of interest (start,stop)\n"},
    {"to-ctf", 0, true, "        --to-ctf ...      Convert to CTF format\n"},
    {"to-json", 0, true, "        --to-json ...     Convert to JSON format\n"},
    {"tod", 0, false, "        --tod             Convert time to wall clock time\n"},
    // cperf's own, for --to-json (perf has none here): where binaries and kernel symbols are
    {"symfs", 0, true, nullptr},
    {"kallsyms", 0, true, nullptr},
    // cperf's own: Google's pprof format (convert/pprof_export.h)
    {"to-pprof", 0, true, nullptr},
};

constexpr const char* kUsageHead = " Usage: perf data convert [<options>]\n\n";

int usage(const char* before = "") {
  std::fputs(before, stderr);
  std::fprintf(stderr, "\n%s", kUsageHead);
  for (const ConvertOption& o : kOptions)
    if (o.usage) std::fputs(o.usage, stderr);
  std::fputs("\n", stderr);
  return 129;
}

// perf's answer to an option without its value: the error, then that option's usage line.
int missing_value(const ConvertOption& o, bool as_short) {
  if (as_short) std::fprintf(stderr, " Error: switch `%c' requires a value\n", o.short_name);
  else std::fprintf(stderr, " Error: option `%s' requires a value\n", o.long_name);
  std::fprintf(stderr, "%s%s\n", kUsageHead, o.usage ? o.usage : "");
  return 129;
}

struct ConvertArgs {
  bool force = false, all = false, tod = false;
  int verbose = 0;
  std::string input, time, to_ctf, to_json, symfs, kallsyms;
  std::string to_pprof;
  bool to_ctf_set = false, to_json_set = false, to_pprof_set = false;
};

// perf's parse-options for `data convert`: long options by any unambiguous prefix, values
// after '=' or as the next word, short -f -i -v (clustered, -iFILE).
int parse_convert(const std::vector<std::string>& args, ConvertArgs& a) {
  auto set = [&](const ConvertOption& o, const std::string& v) {
    std::string n = o.long_name;
    if (n == "force") a.force = true;
    else if (n == "verbose") ++a.verbose;
    else if (n == "all") a.all = true;
    else if (n == "tod") a.tod = true;
    else if (n == "input") a.input = v;
    else if (n == "time") a.time = v;
    else if (n == "symfs") a.symfs = v;
    else if (n == "kallsyms") a.kallsyms = v;
    else if (n == "to-ctf") a.to_ctf = v, a.to_ctf_set = true;
    else if (n == "to-json") a.to_json = v, a.to_json_set = true;
    else if (n == "to-pprof") a.to_pprof = v, a.to_pprof_set = true;
  };
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& arg = args[i];
    if (arg == "-h" || arg == "--help") return usage();
    if (arg.compare(0, 2, "--") == 0) {
      std::string name = arg.substr(2), value;
      size_t eq = name.find('=');
      bool has_value = eq != std::string::npos;
      if (has_value) value = name.substr(eq + 1), name = name.substr(0, eq);
      const ConvertOption* hit = nullptr;
      int matches = 0;
      for (const ConvertOption& o : kOptions) {
        if (name == o.long_name) {
          hit = &o;
          matches = 1;
          break;
        }
        if (std::strncmp(o.long_name, name.c_str(), name.size()) == 0) hit = &o, ++matches;
      }
      if (!hit || matches != 1 || name.empty())
        return usage(("  Error: unknown option `" + name + "'\n").c_str());
      if (hit->takes_value && !has_value) {
        if (i + 1 >= args.size()) return missing_value(*hit, false);
        value = args[++i];
      }
      set(*hit, value);
      continue;
    }
    if (arg.size() > 1 && arg[0] == '-') {
      for (size_t k = 1; k < arg.size(); ++k) {
        const ConvertOption* hit = nullptr;
        for (const ConvertOption& o : kOptions)
          if (o.short_name == arg[k]) hit = &o;
        if (!hit) return usage(("  Error: unknown switch `" + std::string(1, arg[k]) + "'\n").c_str());
        if (!hit->takes_value) {
          set(*hit, "");
          continue;
        }
        std::string value = arg.substr(k + 1);
        if (value.empty()) {
          if (i + 1 >= args.size()) return missing_value(*hit, true);
          value = args[++i];
        }
        set(*hit, value);
        break;
      }
      continue;
    }
    return usage();  // perf takes no other argument here
  }
  return -1;
}

int convert_to_json(const ConvertArgs& a) {
  if (a.all) {
    std::fputs("--all is currently unsupported for JSON output.\n", stderr);
    return 255;
  }
  if (a.tod) {
    std::fputs("--tod is currently unsupported for JSON output.\n", stderr);
    return 255;
  }
  // perf opens the output first: an existing one needs --force
  int fd = ::open(a.to_json.c_str(), O_CREAT | O_WRONLY | (a.force ? O_TRUNC : O_EXCL) | O_CLOEXEC, 0666);
  if (fd < 0) {
    std::fputs(errno == EEXIST ? "Output file exists. Use --force to overwrite it.\n" : "Error opening output file!\n",
               stderr);
    return 255;
  }
  std::FILE* out = ::fdopen(fd, "w");
  std::string input = a.input.empty() ? default_input() : a.input;
  std::unique_ptr<PerfDataReader> reader;
  if (input != "-" && ::access(input.c_str(), R_OK) != 0) {  // perf's words for it
    std::fprintf(stderr, "failed to open %s: %s\nError creating perf session!\n", input.c_str(), std::strerror(errno));
    std::fclose(out);
    return 255;
  }
  try {
    reader = std::make_unique<PerfDataReader>(input);
  } catch (const InputError& e) {
    std::fclose(out);
    std::fprintf(stderr, "%s\nError creating perf session!\n", e.what());
    return 255;
  }
  JsonExportOptions jo;
  jo.symfs = a.symfs;
  jo.kallsyms = a.kallsyms;
  if (!a.time.empty())
    if (int rc = parse_time_option(a.time, *reader, jo.time); rc >= 0) {
      std::fclose(out);
      return rc;
    }
  struct stat st{};  // "captured-on": the input's modification time (stdin's for a pipe)
  bool stat_ok = input == "-" ? ::fstat(0, &st) == 0 : ::stat(input.c_str(), &st) == 0;
  long long mtime = stat_ok ? static_cast<long long>(st.st_mtime) : -1;
  write_json_headers(out, *reader, mtime);
  JsonExportTool tool(out, jo);
  DeferredCallchainMerger merger(tool);
  Session session(*reader, SessionOptions{}, merger);
  session.run();
  print_loss_warnings(stderr, session.stats(), tool.lost_samples());
  write_json_end(out);
  std::fflush(out);
  long bytes = std::ftell(out);
  bool ok = !std::ferror(out);
  ok = std::fclose(out) == 0 && ok;
  if (!ok) {
    std::fprintf(stderr, "cperf data convert: cannot write %s\n", a.to_json.c_str());
    return 1;
  }
  std::fprintf(stderr, "[ perf data convert: Converted '%s' into JSON data '%s' ]\n", input.c_str(), a.to_json.c_str());
  std::fprintf(stderr, "[ perf data convert: Converted and wrote %.3f MB (%" PRIu64 " samples) ]\n",
               static_cast<double>(bytes) / 1024.0 / 1024.0, tool.samples());
  if (tool.skipped()) std::fprintf(stderr, "[ perf data convert: Skipped %" PRIu64 " samples ]\n", tool.skipped());
  return 0;
}

// The samples as script resolves them, handed to `sink`; returns -1 or the exit status.
int convert_with_sink(const ConvertArgs& a, const std::string& input, SampleSink& sink) {
  try {
    PerfDataReader reader(input);
    name_events(reader);
    ScriptOptions so;
    so.symfs = a.symfs;
    so.kallsyms = a.kallsyms;
    if (!a.time.empty())
      if (int rc = parse_time_option(a.time, reader, so.time_ranges); rc >= 0) return rc;
    ScriptTool tool(stdout, so, FieldSet());
    tool.load_file_trace(reader);
    tool.set_sink(&sink);
    DeferredCallchainMerger merger(tool);
    tool.set_merger(&merger);
    Session session(reader, SessionOptions{}, merger);
    session.run();
    if (!tool.error().empty()) return tool.exit_status();
    print_loss_warnings(stderr, session.stats(), 0);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return 1;
  }
  return -1;
}

// --to-ctf: a CTF trace in perf's layout through babeltrace's writer (convert/ctf_export.h).
// perf's order: the file opened, --time parsed, then the writer (--tod's check there).
int convert_to_ctf(const ConvertArgs& a) {
  std::string input = a.input.empty() ? default_input() : a.input;
  if (input != "-" && ::access(input.c_str(), R_OK) != 0) {  // perf's words for it
    std::fprintf(stderr, "failed to open %s: %s\nError creating perf session!\n", input.c_str(), std::strerror(errno));
    return 255;
  }
  try {
    PerfDataReader reader(input);
    name_events(reader);
    CtfExportOptions co;
    co.all = a.all;
    co.tod = a.tod;
    if (!a.time.empty())
      if (int rc = parse_time_option(a.time, reader, co.time); rc >= 0) {
        std::fputs("Error during conversion setup.\n", stderr);
        return rc;
      }
    CtfExportTool tool(a.to_ctf, co);
    if (!tool.open(reader)) {
      std::fprintf(stderr, "%s\n", tool.error().c_str());
      if (a.tod && tool.error().rfind("Can't provide", 0) == 0) std::fputs("Failed to setup CTF writer.\n", stderr);
      std::fputs("Error during conversion setup.\n", stderr);
      return 255;
    }
    DeferredCallchainMerger merger(tool);
    Session session(reader, SessionOptions{}, merger);
    session.run();
    bool ok = tool.finish_trace();
    if (!ok) std::fprintf(stderr, "%s\nError during conversion.\n", tool.error().c_str());
    print_loss_warnings(stderr, session.stats(), 0);
    std::fprintf(stderr, "[ perf data convert: Converted '%s' into CTF data '%s' ]\n", input.c_str(), a.to_ctf.c_str());
    std::fprintf(stderr, "[ perf data convert: Converted and wrote %.3f MB (%" PRIu64 " samples",
                 static_cast<double>(tool.bytes()) / 1024.0 / 1024.0, tool.samples());
    if (tool.non_samples()) std::fprintf(stderr, ", %" PRIu64 " non-samples", tool.non_samples());
    std::fputs(") ]\n", stderr);
    if (tool.skipped()) std::fprintf(stderr, "[ perf data convert: Skipped %" PRIu64 " samples ]\n", tool.skipped());
    return ok ? 0 : 1;
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\nError creating perf session!\n", e.what());
    return 255;
  }
}

// --to-pprof: the samples as script resolves them, into a gzipped pprof profile.
int convert_to_pprof(const ConvertArgs& a) {
  if (a.all || a.tod) {
    std::fprintf(stderr, "cperf data convert: %s is not supported with --to-pprof\n", a.all ? "--all" : "--tod");
    return 255;
  }
  if (!a.force && ::access(a.to_pprof.c_str(), F_OK) == 0) {
    std::fputs("Output file exists. Use --force to overwrite it.\n", stderr);
    return 255;
  }
  std::string input = a.input.empty() ? default_input() : a.input;
  PprofWriter pprof;
  if (int rc = convert_with_sink(a, input, pprof); rc >= 0) return rc;
  std::string error;
  if (!pprof.write(a.to_pprof, error)) {
    std::fprintf(stderr, "cperf data convert: %s\n", error.c_str());
    return 1;
  }
  std::fprintf(stderr, "[ cperf data convert: Converted '%s' into pprof profile '%s' (%" PRIu64 " samples) ]\n",
               input.c_str(), a.to_pprof.c_str(), pprof.samples());
  if (pprof.tracepoint_samples())
    std::fprintf(stderr, "[ cperf data convert: left out %" PRIu64 " tracepoint samples ]\n", pprof.tracepoint_samples());
  return 0;
}

}  // namespace

int cmd_data(const Args& args) {
  if (args.size() < 2 || args[1] == "-h" || args[1] == "--help") return usage();
  if (args[1] != "convert") return usage(("Unknown command: " + args[1] + "\n").c_str());
  std::vector<std::string> rest(args.begin() + 1, args.end());
  ConvertArgs a;
  if (int rc = parse_convert(rest, a); rc >= 0) return rc;
  if (a.to_pprof_set && (a.to_json_set || a.to_ctf_set)) {
    std::fputs("cperf data convert: --to-pprof goes alone (not with --to-json or --to-ctf)\n", stderr);
    return 255;
  }
  if (a.to_pprof_set) return convert_to_pprof(a);
  if (a.to_json_set && a.to_ctf_set) {
    std::fputs("You cannot specify both --to-ctf and --to-json.\n", stderr);
    return 255;
  }
  if (a.to_json_set) return convert_to_json(a);
  if (a.to_ctf_set) return convert_to_ctf(a);
  std::fputs("You must specify one of --to-ctf or --to-json.\n", stderr);
  return 255;
}

}  // namespace cperf
