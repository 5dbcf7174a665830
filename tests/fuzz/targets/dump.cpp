// libFuzzer target: what prints a file's raw contents: `report -D`, `report --header-only`
// (every header feature), `evlist -v` and `buildid-list`; the input's size picks one.
#include "commands.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cperf_fuzz::silence_stdout();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  switch (size % 4) {
    case 0: cperf_fuzz::run_command(cperf::cmd_report, {"report", "-D", "-i", in.path()}); break;
    case 1: cperf_fuzz::run_command(cperf::cmd_report, {"report", "--header-only", "-I", "-i", in.path()}); break;
    case 2: cperf_fuzz::run_command(cperf::cmd_evlist, {"evlist", "-v", "-i", in.path()}); break;
    default: cperf_fuzz::run_command(cperf::cmd_buildid_list, {"buildid-list", "-i", in.path()}); break;
  }
  return 0;
}
