// Build ids of dsos as they are on this machine, for recordings made here.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

namespace cperf {

// The GNU build id in a raw ELF notes blob (/sys/kernel/notes, a module's notes); empty if none.
std::vector<uint8_t> notes_build_id(const std::string& path);

// The build id of this process's vdso (the running kernel's), as perf reads its own; empty if
// it has none.
std::vector<uint8_t> vdso_build_id();

// The build id of a dso on this machine: the running kernel's for [kernel.kallsyms], a loaded
// module's for a kernel dso named by its path, this process's vdso for [vdso], or the ELF
// file's. Empty if unknown.
std::vector<uint8_t> local_build_id(bool kernel, const std::string& name);

}  // namespace cperf
