// The ELF file `inject -j` writes for each function a JIT loaded (perf's jitted-PID-N.so): the
// code as .text at file offset and address 0x80 (which the injected MMAP2's page offset
// names), one function symbol over it, and a build id. Enough for any ELF reader (cperf's,
// perf's, binutils') to name samples in it.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cperf {

constexpr uint64_t kJitElfTextOffset = 0x80;  // perf's GEN_ELF_TEXT_OFFSET on 64-bit hosts

// Writes the file; returns "" or the error (the file is removed then).
std::string write_jit_elf(const std::string& path, const std::string& symbol, const std::vector<std::byte>& code,
                          uint16_t machine);

}  // namespace cperf
