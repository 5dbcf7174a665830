#include "machine/kernel_dso_names.h"

#include "machine/machine.h"

namespace cperf {

void RecordedKernelNames::add(const std::string& name) {
  if (name.empty()) return;
  std::string module = module_name(name);
  if (!module.empty()) {
    modules.try_emplace(module, name);
  } else if (kernel.empty() || name < kernel) {
    kernel = name;  // perf keeps its dsos sorted by name and takes the first
  }
}

std::string recorded_kernel_short_name(const std::string& recorded) {
  if (recorded.find("vmlinux") != std::string::npos) return "[kernel.vmlinux]";
  size_t slash = recorded.rfind('/');
  return slash == std::string::npos ? recorded : recorded.substr(slash + 1);
}

}  // namespace cperf
