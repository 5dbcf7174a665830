// The parts of `cperf script` that run scripts instead of printing samples:
// -l (list), -g python (skeleton), record/report NAME (perf's NAME-record/-report shell
// scripts), and setting PERF_EXEC_PATH for scripts.
#pragma once
#include <string>
#include <vector>

namespace cperf {

// Sets PERF_EXEC_PATH (when unset) to cperf's exec path, as perf does before running scripts.
void export_exec_path();

// `cperf script record|report NAME args...` ("" kind: record piped into report, perf's
// `perf script NAME`). Returns the exit status.
int run_named_script(const std::string& kind, const std::string& name,
                     const std::vector<std::string>& args);

// `cperf script -g LANG -i FILE`: writes perf-script.py (or LANG itself when it is a .py file
// name). Returns the exit status.
int generate_script(const std::string& lang, const std::string& input);

}  // namespace cperf
