// libFuzzer target: `cperf inject` on a fuzzed perf.data. Whatever inject writes (it exits 0)
// must read back: a file cperf itself wrote that cperf cannot read is a finding (abort).
#include <cstdio>

#include "commands.h"
#include "io/perf_data_reader.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cperf_fuzz::silence_stdout();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  static const std::string out = cperf_fuzz::empty_symfs() + "/../cperf-fuzz-inject-" +
                                 std::to_string(getpid()) + ".data";
  std::vector<std::string> args = {"inject", "-i", in.path(), "-o", out};
  if (size % 4 == 1) args.push_back("--merge-callchains");
  if (size % 4 == 2) args.push_back("-b");
  if (size % 4 == 3) args.push_back("-s");  // sched_stat rewrites, whatever the events are
  std::remove(out.c_str());
  if (cperf_fuzz::run_command(cperf::cmd_inject, args) == 0) {
    try {
      cperf::PerfDataReader back(out, false);
      for (int n = 0; n < 1000000 && back.next(); ++n) {
      }
    } catch (const cperf::InputError& e) {
      std::fprintf(stderr, "inject wrote a file it cannot read: %s\n", e.what());
      std::abort();
    }
  }
  std::remove(out.c_str());
  return 0;
}
