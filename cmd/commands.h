// The cperf subcommands. Each takes the arguments after its name (argv[0] is the command name)
// and returns the process exit status.
#pragma once
#include <string>
#include <vector>

namespace cperf {

using Args = std::vector<std::string>;

int cmd_report(const Args& args);
int cmd_script(const Args& args);
int cmd_evlist(const Args& args);
int cmd_data(const Args& args);
int cmd_diff(const Args& args);
int cmd_annotate(const Args& args);
int cmd_record(const Args& args);
int cmd_inject(const Args& args);
int cmd_buildid_list(const Args& args);
int cmd_test(const Args& args);
int cmd_check(const Args& args);
int cmd_list(const Args& args);
int cmd_config(const Args& args);
int cmd_kallsyms(const Args& args);
int cmd_buildid_cache(const Args& args);
int cmd_archive(const Args& args);
// The build features (`version --build-options`), in perf's format.
void print_build_options();

// Parses `args` with a CLI11 app; prints perf-style usage and returns 129 on a bad option,
// 0 after -h, or -1 when the command should run.
}  // namespace cperf
