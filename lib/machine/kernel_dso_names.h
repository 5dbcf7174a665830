// The names perf 7.2 gives the kernel's dsos when a file's build-id table (HEADER_BUILD_ID)
// names the kernel image or its modules by a path.
//
// perf makes a dso for every entry of the table before it reads a record. The kernel MMAP
// ([kernel.kallsyms]_text) then takes, of the kernel entries that are no module, the one whose
// name sorts first, so the kernel dso is named after that path: script prints the path, report
// calls it "[kernel.vmlinux]" when the path holds "vmlinux" (else by its base name). A module
// MMAP finds the table's dso of the same module ("[kvm]"), so script prints the table's path.
#pragma once
#include <map>
#include <string>

namespace cperf {

struct RecordedKernelNames {
  std::string kernel;                          // the kernel image's name, empty: none recorded
  std::map<std::string, std::string> modules;  // "[kvm]" -> the path the table gives
  // Takes one of the table's host kernel entries (misc KERNEL).
  void add(const std::string& name);
};

// Report's name for a kernel dso made from the table's entry `recorded`.
std::string recorded_kernel_short_name(const std::string& recorded);

}  // namespace cperf
