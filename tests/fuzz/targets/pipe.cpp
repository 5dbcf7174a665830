// libFuzzer target: the perf.data reader in pipe mode, reading a stream from standard input
// (read(2) in pieces, not a mapping): HEADER_ATTR / HEADER_FEATURE / compressed records.
#include "fuzz_input.h"
#include "base/error.h"
#include "io/perf_data_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  int saved = dup(0);
  dup2(in.fd(), 0);
  try {
    cperf::PerfDataReader reader("-", false);
    for (int n = 0; n < 1000000 && reader.next(); ++n) {
    }
  } catch (const cperf::InputError&) {
  }
  dup2(saved, 0);
  close(saved);
  return 0;
}
