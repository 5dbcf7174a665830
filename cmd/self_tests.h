// cperf's own `perf test` suite: quick checks that cperf works on this machine (its event
// parser, its symbol reader on its own binary, a workload, the kernel's perf_event_open), run
// and reported as perf's `perf test` does, with perf's -j JUnit XML.
#pragma once
#include <string>
#include <vector>

namespace cperf {

struct SelfTestOptions {
  std::vector<std::string> selectors;  // numbers or description substrings; empty: all
  std::string junit;                   // -j FILE
  int verbose = 0;
};

// Runs the selected checks; returns 0 when none failed.
int run_self_tests(const SelfTestOptions& o);

}  // namespace cperf
