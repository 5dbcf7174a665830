// Commands cperf does not implement (stat, top, trace, probe, annotate, diff, ...) go to another
// perf when one is installed, unchanged, so scripts that call `perf` (a symlink to cperf) keep
// working. Which perf:
//   CPERF_OTHER_PERF=PATH   that program; CPERF_OTHER_PERF= (empty) turns the hand-off off;
//   otherwise the first `perf` on PATH, then /usr/bin/perf, that is not cperf itself.
// A command handed over once is never handed over again (CPERF_HANDED_OVER), so two perfs that
// each think the other one has the command cannot loop.
#pragma once
#include <string>
#include <vector>

namespace cperf {

// The other perf's path, or "" when there is none (or the hand-off is off).
std::string find_other_perf();

// Replaces this process with `perf ARGS...` run by the other perf; returns only on failure
// (with errno set).
void exec_other_perf(const std::string& path, const std::vector<std::string>& args);

// Hands `perf ARGS...` to the other perf when there is one. Returns -1 when there is none;
// otherwise it returns only when that perf could not be started: 1, after saying so.
int run_other_perf(const std::vector<std::string>& args);

}  // namespace cperf
