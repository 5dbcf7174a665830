// libFuzzer target: a perf config file (~/.perfconfig, /etc/perfconfig, $PERF_CONFIG) through
// cperf's reader of perf's git-config syntax, then through the sources loader as a file, and
// the truth values the commands read from it.
#include <cstdlib>

#include "base/config_parse.h"
#include "base/config_sources.h"
#include "fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)cperf::parse_config_text(text, [](const std::string& var, const std::optional<std::string>& value) {
    if (value) (void)cperf::config_bool(*value);
    return !var.empty();
  });
  cperf_fuzz::InputFile in(data, size);
  cperf::ConfigSources sources;
  sources.exclusive = in.path();
  cperf::ConfigSet set;
  cperf::ConfigMessages messages;
  cperf::load_config(sources, set, messages);
  return 0;
}
