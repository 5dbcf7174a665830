// cperf: perf's command line (record, report, script, inject, evlist) reimplemented.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "base/config_sources.h"
#include "base/error.h"
#include "base/huge_page_malloc.h"
#include "commands.h"
#include "completion_lists.h"
#include "man_page.h"
#include "other_perf.h"
#include "pager.h"
#include "version.h"

namespace {

struct Command {
  const char* name;
  int (*run)(const cperf::Args&);
  const char* help;
};

const Command kCommands[] = {
    {"record", cperf::cmd_record, "Run a command and record its profile into perf.data"},
    {"report", cperf::cmd_report, "Read perf.data (created by perf record) and display the profile"},
    {"script", cperf::cmd_script, "Read perf.data (created by perf record) and display trace output"},
    {"inject", cperf::cmd_inject, "Filter to augment the events stream with additional information"},
    {"evlist", cperf::cmd_evlist, "List the event names in a perf.data file"},
    {"data", cperf::cmd_data, "Data file related processing"},
    {"annotate", cperf::cmd_annotate, "Read perf.data (created by perf record) and display annotated code"},
    {"diff", cperf::cmd_diff, "Read perf.data files and display the differential profile"},
    {"buildid-list", cperf::cmd_buildid_list, "List the buildids in a perf.data file"},
    {"buildid-cache", cperf::cmd_buildid_cache, "Manage build-id cache."},
    {"archive", cperf::cmd_archive, "Create archive with object files with build-ids found in perf.data file"},
    {"check", cperf::cmd_check, "Check if a feature is built into cperf"},
    {"list", cperf::cmd_list, "List the events cperf record can open on this machine"},
    {"config", cperf::cmd_config, "Get and set variables in a configuration file."},
    {"kallsyms", cperf::cmd_kallsyms, "Searches running kernel for symbols"},
    {"test", cperf::cmd_test, "Runs perf's built-in workloads (-w); the rest goes to another perf"},
};

void print_usage(std::FILE* out) {
  std::fprintf(out,
               "\n usage: perf [--version] [--help] [OPTIONS] COMMAND [ARGS]\n\n"
               " The most commonly used perf commands are:\n");
  for (const Command& c : kCommands) std::fprintf(out, "   %-11s %s\n", c.name, c.help);
  std::fprintf(out, "\n See 'perf help COMMAND' for more information on a specific command.\n\n");
}

const Command* find_command(const std::string& name) {
  for (const Command& c : kCommands)
    if (name == c.name) return &c;
  return nullptr;
}

// perf's rule: after a successful run, a failed flush of stdout is an error (unless a pipe
// reader went away).
int finish_stdout(int status) {
  if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
    if (errno == EPIPE) return status;
    std::fprintf(stderr, "write failure on standard output: %s\n", std::strerror(errno));
    return status ? status : 1;
  }
  return status;
}

void say_config_problems() {
  cperf::ConfigSet set;
  cperf::ConfigMessages messages;
  cperf::load_config(cperf::ConfigSources::from_environment(), set, messages);
  cperf::print_config_messages(messages);
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  while (!args.empty() && args[0].size() > 1 && args[0][0] == '-') {
    const std::string& a = args[0];
    if (a == "--version" || a == "-v" || a == "-vv") {
      std::printf("perf version %s (cperf %s)\n", CPERF_PERF_VERSION, CPERF_VERSION);
      return 0;
    }
    if (a == "--help" || a == "-h") {
      print_usage(stdout);
      return 0;
    }
    // perf --buildid-dir DIR: the build-id cache's place, for the command (and what it runs).
    if (a == "--buildid-dir" || a.rfind("--buildid-dir=", 0) == 0) {
      std::string dir = a == "--buildid-dir" ? (args.size() > 1 ? args[1] : "") : a.substr(14);
      if (dir.empty()) {
        std::fprintf(stderr, "No directory given for --buildid-dir.\n");
        return 129;
      }
      setenv("PERF_BUILDID_DIR", dir.c_str(), 1);
      args.erase(args.begin(), args.begin() + (a == "--buildid-dir" ? 2 : 1));
      continue;
    }
    // The lists perf's bash completion asks for (completion_lists.h).
    if (a == "--list-cmds" || a == "--list-opts") {
      std::printf("%s\n", a == "--list-cmds" ? cperf::perf_commands_list()
                                              : cperf::perf_global_options_list());
      return 0;
    }
    if (a == "--no-pager" || a == "-P" || a == "--paginate" || a == "-p") {
      cperf::set_pager_choice(a == "--no-pager" || a == "-P" ? 0 : 1);
      args.erase(args.begin());
      continue;
    }
    std::fprintf(stderr, "Unknown option: %s\n", a.c_str());
    print_usage(stderr);
    return 129;
  }
  if (args.empty()) {
    print_usage(stdout);
    return 1;
  }
  cperf::rerun_with_huge_page_malloc(argv, args);  // before anything is read or printed
  if (int rc = cperf::answer_list_request(args); rc >= 0) return rc;
  // perf reads its config files once at start up, whatever the command, and says then what
  // is wrong with them (a file of another owner, a bad line). `config` says it itself.
  if (args[0] != "config" && (find_command(args[0]) || args[0] == "version" || args[0] == "help"))
    say_config_problems();
  if (args[0] == "version") {
    std::printf("perf version %s (cperf %s)\n", CPERF_PERF_VERSION, CPERF_VERSION);
    if (args.size() > 1 && args[1] == "--build-options") cperf::print_build_options();
    return 0;
  }
  // perf's help: the manual page; the short usage (-h) when there is none.
  if (args[0] == "help") {
    if (args.size() > 1 && find_command(args[1])) {
      if (int rc = cperf::show_man_page(args[1]); rc >= 0) return rc;
      std::vector<std::string> h = {args[1], "-h"};
      return find_command(args[1])->run(h);
    }
    if (args.size() == 1 && cperf::show_man_page("") >= 0) return 0;
    print_usage(stdout);
    return 0;
  }
  if (args.size() == 2 && args[1] == "--help" && find_command(args[0]))
    if (int rc = cperf::show_man_page(args[0]); rc >= 0) return rc;
  const Command* cmd = find_command(args[0]);
  if (!cmd) {
    // Another perf may have it (other_perf.h); it gets the command line as given.
    if (int rc = cperf::run_other_perf(std::vector<std::string>(argv + 1, argv + argc)); rc >= 0) return rc;
    std::fprintf(stderr, "perf: '%s' is not a perf-command. See 'perf --help'.\n", args[0].c_str());
    return 1;
  }
  if (cperf::pager_choice() == 1) cperf::setup_pager();
  int status;
  try {
    status = cmd->run(args);
  } catch (const cperf::InputError& e) {
    std::fflush(stdout);
    std::fprintf(stderr, "%s\n", e.what());
    status = e.status();
  } catch (const std::bad_alloc&) {
    std::fflush(stdout);
    std::fprintf(stderr, "perf %s: out of memory\n", args[0].c_str());
    status = 1;
  }
  return finish_stdout(status) & 0xff;
}
