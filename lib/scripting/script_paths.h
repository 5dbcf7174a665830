// Where perf-style scripts live. An "exec path" is a directory with scripts/<lang>/bin/NAME-record
// and NAME-report shell scripts, scripts/python/NAME.py and the helper modules under
// scripts/python/Perf-Trace-Util/lib/Perf/Trace (perf's PERF_EXEC_PATH layout).
#pragma once
#include <string>
#include <vector>

namespace cperf {

// The exec path scripts get as $PERF_EXEC_PATH: $PERF_EXEC_PATH if set; else cperf's own
// (<prefix>/lib/cperf-core next to an installed binary, or perf-core/ beside a cperf built in
// the source tree); else perf's install (/usr/lib/perf-core); else empty.
std::string exec_path();

// Every exec path to search for NAME-record/-report scripts: $PERF_EXEC_PATH alone when set (as
// perf); else exec_path() first, then perf's installs that exist (so perf's bundled scripts
// are found when perf is installed).
std::vector<std::string> script_search_paths();

// The path of scripts/<lang>/bin/NAME-<suffix> ("record" or "report") in the first search path
// that has it, with that search path in *root; empty when none does.
std::string find_script(const std::string& name, const std::string& suffix, std::string* root);

// perf script -l: "List of available trace scripts:" and one line per NAME-report script.
void list_scripts(std::FILE* out);

}  // namespace cperf
