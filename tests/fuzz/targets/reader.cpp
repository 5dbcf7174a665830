// libFuzzer target: the perf.data reader in file mode (header, attrs, feature table, records,
// zstd-compressed records). Anything but a clean InputError is a finding.
#include "fuzz_input.h"
#include "base/error.h"
#include "io/perf_data_reader.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  cperf_fuzz::InputFile in(data, size);
  try {
    cperf::PerfDataReader reader(in.path(), false);
    for (int n = 0; n < 1000000 && reader.next(); ++n) {
    }
  } catch (const cperf::InputError&) {
  }
  return 0;
}
