// A sample's instruction bytes for script's insn and insnlen fields, read as perf 7.2 reads
// them for samples that carry none (everything but hardware traces): up to 16 bytes from the
// sample's dso file at the address's file offset, cut to the length of the one x86 instruction
// they start with (arch/x86/insn_length.h). Nothing for the kernel (perf reads no vmlinux
// here), for a file it cannot read, or for a recording made on another architecture.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>

#include "base/mapped_file.h"

namespace cperf {

struct InsnBytes {
  uint8_t bytes[16] = {};
  int len = 0;  // 0: none
};

class InsnFetcher {
 public:
  // The instruction at `offset` of the ELF file `path`.
  InsnBytes fetch(const std::string& path, uint64_t offset);
  // Up to `n` bytes of the ELF file `path` from `offset` into `buf` (a block of code for
  // brstackinsn), and whether the file is 64-bit. Returns how many: 0 when it cannot be read.
  size_t read(const std::string& path, uint64_t offset, uint8_t* buf, size_t n, bool& is64);

 private:
  struct File {
    std::unique_ptr<MappedFile> map;  // nullptr: cannot be read
    bool is64 = false;
    bool x86 = false;
  };
  const File& open(const std::string& path);
  std::map<std::string, File> files_;
};

}  // namespace cperf
