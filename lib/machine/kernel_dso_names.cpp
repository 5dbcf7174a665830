#include "machine/kernel_dso_names.h"

#include "machine/machine.h"

namespace cperf {

RecordedKernelNames recorded_kernel_names(const std::vector<std::string>& kernel_entries) {
  RecordedKernelNames out;
  for (const std::string& name : kernel_entries) {
    if (name.empty()) continue;
    std::string module = module_name(name);
    if (!module.empty()) {
      out.modules.try_emplace(module, name);
    } else if (out.kernel.empty() || name < out.kernel) {
      out.kernel = name;  // perf keeps its dsos sorted by name and takes the first
    }
  }
  return out;
}

std::string recorded_kernel_short_name(const std::string& recorded) {
  if (recorded.find("vmlinux") != std::string::npos) return "[kernel.vmlinux]";
  size_t slash = recorded.rfind('/');
  return slash == std::string::npos ? recorded : recorded.substr(slash + 1);
}

}  // namespace cperf
