// libFuzzer target: `cperf script` on a fuzzed perf.data, the whole pipeline: reader, ordering,
// the deferred-callchain merger, machine state, symbols (kallsyms fixture, empty --symfs) and
// the printer. The input's size picks one of several option sets, so every set is reached.
#include "commands.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cperf_fuzz::silence_stdout();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  std::vector<std::string> args = {"script", "-i", in.path(), "--kallsyms=" + cperf_fuzz::fixture_kallsyms(),
                                   "--symfs=" + cperf_fuzz::empty_symfs()};
  switch (size % 4) {
    case 1: args.push_back("--no-merge-callchains"); break;
    case 2: args.insert(args.end(), {"--show-task-events", "--show-mmap-events", "--show-switch-events",
                                     "--show-lost-events", "--show-namespace-events"}); break;
    case 3: args.insert(args.end(), {"-F", "+addr,+period,+cpu,+srcline,+ip,+sym,+symoff,+dso"}); break;
    default: break;
  }
  cperf_fuzz::run_command(cperf::cmd_script, args);
  return 0;
}
