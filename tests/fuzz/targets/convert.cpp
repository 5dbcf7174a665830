// libFuzzer target: `cperf data convert --to-json` on a fuzzed perf.data: the reader, the
// header's feature strings, ordering, the merger, machine state and symbols (kallsyms
// fixture, empty --symfs), tracepoint fields. Whatever it writes must be valid JSON in the
// sense that every string it wrote is closed (checked cheaply: quotes balance per line).
#include <fstream>

#include "commands.h"

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  cperf_fuzz::silence_stdout();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  static const std::string out = cperf_fuzz::empty_symfs() + "/../cperf-fuzz-convert-" +
                                 std::to_string(getpid()) + ".json";
  std::vector<std::string> args = {"data", "convert", "--force", "--to-json", out, "-i", in.path(),
                                   "--kallsyms=" + cperf_fuzz::fixture_kallsyms(),
                                   "--symfs=" + cperf_fuzz::empty_symfs()};
  if (size % 3 == 1) args.insert(args.end(), {"--time", "0.1,"});
  if (cperf_fuzz::run_command(cperf::cmd_data, args) == 0) {
    std::ifstream f(out);
    std::string line;
    while (std::getline(f, line)) {
      size_t quotes = 0;
      for (size_t i = 0; i < line.size(); ++i) {
        if (line[i] == '\\') ++i;
        else if (line[i] == '"') ++quotes;
      }
      if (quotes % 2) {
        std::fprintf(stderr, "data convert wrote an unclosed string: %s\n", line.c_str());
        std::abort();
      }
    }
  }
  std::remove(out.c_str());
  return 0;
}
