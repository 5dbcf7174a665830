// The command entry points the command targets call in-process, and a helper to run one on
// the fuzzer's bytes. An InputError escaping a command is caught here as main() does.
#pragma once
#include <string>
#include <vector>

#include "base/error.h"
#include "cmd/commands.h"
#include "fuzz_input.h"

namespace cperf_fuzz {

// Fixture files the fuzzed perf.data is read against: kallsyms of the recording machine.
inline std::string fixture_kallsyms() {
  return source_dir() + "/tests/fuzz/targets/kallsyms.txt";
}

inline int run_command(int (*cmd)(const cperf::Args&), std::vector<std::string> args) {
  try {
    return cmd(args);
  } catch (const cperf::InputError&) {
    return 1;
  }
}

}  // namespace cperf_fuzz
