// libFuzzer target: `cperf report --stdio` on a fuzzed perf.data: histograms, call graphs in
// both modes, sort keys, the deferred merger. The input's size picks the option set.
#include "commands.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cperf_fuzz::silence_stdout();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  std::vector<std::string> args = {"report", "--stdio", "-i", in.path(),
                                   "--kallsyms=" + cperf_fuzz::fixture_kallsyms(),
                                   "--symfs=" + cperf_fuzz::empty_symfs()};
  switch (size % 4) {
    case 1: args.insert(args.end(), {"--no-children", "-s", "pid,dso,sym", "-g", "caller"}); break;
    case 2: args.insert(args.end(), {"--hierarchy", "-n", "--show-total-period"}); break;
    case 3: args.insert(args.end(), {"--no-merge-callchains", "--tasks"}); break;
    default: break;
  }
  cperf_fuzz::run_command(cperf::cmd_report, args);
  return 0;
}
