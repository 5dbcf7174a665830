// perf's small kcore files: an ELF core (kcore's identity) whose PT_LOADs hold copies of
// kernel code, each rwx and page aligned, with no sections. `record --kcore` writes one with
// the kernel's and the modules' text; annotate extracts one symbol's bytes into another for
// objdump, as perf does (objdump then names the code after the segment: <load0>).
#pragma once
#include <elf.h>
#include <sys/types.h>

#include <cstdint>
#include <string>
#include <vector>

namespace cperf {

struct KcoreLoad {
  uint64_t addr = 0, len = 0;  // the kernel addresses it holds
  uint64_t src_offset = 0;     // where its bytes are in the source file
  uint64_t file_offset = 0;    // where they go in the new file
  bool copy = true;            // false: another view of bytes another load copies
};

// The ELF header of a 64-bit kcore file (fd at any position); false when it is none.
bool read_kcore_header(int fd, Elf64_Ehdr& eh);

// The PT_LOADs of a kcore file, in file order (all, executable or not).
bool read_kcore_loads(int fd, const Elf64_Ehdr& eh, std::vector<Elf64_Phdr>& out);

// Writes PATH (created, mode MODE; it must not exist) with src's identity and LOADS, copying
// their bytes from src_fd.
bool write_kcore(int src_fd, const Elf64_Ehdr& src, const std::vector<KcoreLoad>& loads, const std::string& path,
                 mode_t mode);

// Makes a temporary file holding kcore's bytes of [addr, addr + len) as one load at the
// first page (perf's kcore extract); returns its path, "" when kcore does not hold them.
std::string extract_kcore_range(const std::string& kcore, uint64_t addr, uint64_t len);

}  // namespace cperf
