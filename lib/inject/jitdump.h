// The jitdump format JITs write for `perf inject -j` (Java's jvmti agent, Node --perf-prof,
// .NET, LuaJIT): a header, then records of code loaded, moved, its line table and its
// unwinding data. A recording finds the file by the JIT's executable mapping of
// .../jit-PID.dump (the "marker").
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace cperf {

// One function the JIT placed in memory (JIT_CODE_LOAD), or moved (JIT_CODE_MOVE: no code,
// new address in code_addr). unwinding_mapped_size: of the last JIT_CODE_UNWINDING_INFO
// before it (perf adds it to the map's length).
struct JitCode {
  bool moved = false;
  uint32_t pid = 0, tid = 0;
  uint64_t timestamp = 0, vma = 0, code_addr = 0, code_size = 0, code_index = 0;
  uint64_t unwinding_mapped_size = 0;
  std::string name;
  std::vector<std::byte> code;
};

struct JitDump {
  uint32_t elf_mach = 0, pid = 0;
  bool arch_timestamp = false;  // JITDUMP_FLAGS_ARCH_TIMESTAMP: TSC, not CLOCK_MONOTONIC
  std::vector<JitCode> code;
};

// perf's jit_detect: the basename is jit-PID.dump and PID is the mapping's process (any
// PID when it is 0: a system-wide recording's synthesized maps).
bool is_jitdump_marker(std::string_view filename, int32_t pid);

// Reads a jitdump file (either byte order). Returns "" or what is wrong with it; a record
// cut short ends the list, as perf stops there.
std::string read_jitdump(const std::string& path, JitDump& out);

}  // namespace cperf
