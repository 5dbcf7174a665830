#include "base/perf_config.h"

#include "base/config_set.h"
#include "base/config_sources.h"

namespace cperf {

std::string perf_config_value(std::string_view section, std::string_view key) {
  ConfigSet set;
  ConfigMessages messages;  // perf's words on a bad file are cperf config's to say
  load_config(ConfigSources::from_environment(), set, messages);
  for (const ConfigSet::Section& s : set.sections())
    if (s.name == section)
      for (const ConfigSet::Item& i : s.items)
        if (i.name == key) return i.value;
  return "";
}

}  // namespace cperf
