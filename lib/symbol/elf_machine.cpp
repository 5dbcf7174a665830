#include "symbol/elf_machine.h"

#include <elf.h>
#include <fcntl.h>
#include <unistd.h>

#include <cstring>

namespace cperf {

uint16_t read_elf_machine(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return EM_NONE;
  unsigned char h[EI_NIDENT + 4];  // e_ident, e_type, e_machine: the same in ELF32 and ELF64
  bool ok = ::pread(fd, h, sizeof h, 0) == static_cast<ssize_t>(sizeof h);
  ::close(fd);
  if (!ok || std::memcmp(h, ELFMAG, SELFMAG) != 0) return EM_NONE;
  if (h[EI_CLASS] != ELFCLASS32 && h[EI_CLASS] != ELFCLASS64) return EM_NONE;
  if (h[EI_DATA] != ELFDATA2LSB && h[EI_DATA] != ELFDATA2MSB) return EM_NONE;
  if (h[EI_VERSION] != EV_CURRENT) return EM_NONE;
  const unsigned char* m = h + EI_NIDENT + 2;
  uint16_t machine = h[EI_DATA] == ELFDATA2LSB ? static_cast<uint16_t>(m[0] | m[1] << 8)
                                                : static_cast<uint16_t>(m[0] << 8 | m[1]);
  return machine < EM_NUM ? machine : EM_NONE;
}

uint16_t read_elf_type(const std::string& path) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return ET_NONE;
  unsigned char h[EI_NIDENT + 2];
  bool ok = ::pread(fd, h, sizeof h, 0) == static_cast<ssize_t>(sizeof h);
  ::close(fd);
  if (!ok || std::memcmp(h, ELFMAG, SELFMAG) != 0) return ET_NONE;
  const unsigned char* t = h + EI_NIDENT;
  if (h[EI_DATA] == ELFDATA2LSB) return static_cast<uint16_t>(t[0] | t[1] << 8);
  if (h[EI_DATA] == ELFDATA2MSB) return static_cast<uint16_t>(t[0] << 8 | t[1]);
  return ET_NONE;
}

}  // namespace cperf
