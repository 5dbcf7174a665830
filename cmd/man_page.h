// `cperf help CMD` and `cperf CMD --help` show the command's manual page, as perf does: the
// page built next to this binary (build/man in the source tree, or ../share/man/man1 where it
// is installed), else `man cperf-CMD` from the system's manual.
#pragma once
#include <string>

namespace cperf {

// Runs man(1) on the page of `command` ("" for cperf(1)); returns man's exit status, or -1
// when no page or no man could be found (the caller then prints its usage).
int show_man_page(const std::string& command);

}  // namespace cperf
