#include "symbol/kcore_file.h"

#include "base/fd_io.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>

namespace cperf {
namespace {

bool copy_range(int from, uint64_t from_off, int to, uint64_t to_off, uint64_t len) {
  std::vector<char> buf(std::min<uint64_t>(len, 1 << 20));
  while (len) {
    size_t want = static_cast<size_t>(std::min<uint64_t>(len, buf.size()));
    ssize_t n = ::pread(from, buf.data(), want, static_cast<off_t>(from_off));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0 || !pwrite_fully(to, buf.data(), static_cast<size_t>(n), to_off)) return false;
    from_off += static_cast<uint64_t>(n);
    to_off += static_cast<uint64_t>(n);
    len -= static_cast<uint64_t>(n);
  }
  return true;
}

// Writes the headers and the loads' bytes into the open file fd.
bool fill(int fd, int src_fd, const Elf64_Ehdr& src, const std::vector<KcoreLoad>& loads) {
  const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  Elf64_Ehdr eh{};
  std::memcpy(eh.e_ident, src.e_ident, EI_NIDENT);
  eh.e_type = src.e_type;
  eh.e_machine = src.e_machine;
  eh.e_version = src.e_version;
  eh.e_flags = src.e_flags;
  eh.e_phoff = sizeof(Elf64_Ehdr);
  eh.e_ehsize = sizeof(Elf64_Ehdr);
  eh.e_phentsize = sizeof(Elf64_Phdr);
  eh.e_phnum = static_cast<Elf64_Half>(loads.size());
  if (!pwrite_fully(fd, &eh, sizeof eh, 0)) return false;
  for (size_t i = 0; i < loads.size(); i++) {
    Elf64_Phdr ph{};
    ph.p_type = PT_LOAD;
    ph.p_flags = PF_R | PF_W | PF_X;
    ph.p_offset = loads[i].file_offset;
    ph.p_vaddr = loads[i].addr;
    ph.p_filesz = ph.p_memsz = loads[i].len;
    ph.p_align = page;
    if (!pwrite_fully(fd, &ph, sizeof ph, sizeof eh + i * sizeof ph)) return false;
  }
  for (const KcoreLoad& l : loads)
    if (l.copy && !copy_range(src_fd, l.src_offset, fd, l.file_offset, l.len)) return false;
  return true;
}

}  // namespace

bool read_kcore_header(int fd, Elf64_Ehdr& eh) {
  return ::pread(fd, &eh, sizeof eh, 0) == sizeof eh && std::memcmp(eh.e_ident, ELFMAG, SELFMAG) == 0 &&
         eh.e_ident[EI_CLASS] == ELFCLASS64 && eh.e_phentsize == sizeof(Elf64_Phdr);
}

bool read_kcore_loads(int fd, const Elf64_Ehdr& eh, std::vector<Elf64_Phdr>& out) {
  for (unsigned i = 0; i < eh.e_phnum; i++) {
    Elf64_Phdr ph;
    if (::pread(fd, &ph, sizeof ph, static_cast<off_t>(eh.e_phoff + uint64_t{i} * eh.e_phentsize)) != sizeof ph)
      return false;
    if (ph.p_type == PT_LOAD) out.push_back(ph);
  }
  return true;
}

bool write_kcore(int src_fd, const Elf64_Ehdr& src, const std::vector<KcoreLoad>& loads, const std::string& path,
                 mode_t mode) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode);
  if (fd < 0) return false;
  bool ok = fill(fd, src_fd, src, loads);
  return ::close(fd) == 0 && ok;
}

std::string extract_kcore_range(const std::string& kcore, uint64_t addr, uint64_t len) {
  int src = ::open(kcore.c_str(), O_RDONLY | O_CLOEXEC);
  if (src < 0) return {};
  Elf64_Ehdr eh;
  std::vector<Elf64_Phdr> phdrs;
  std::string path;
  if (read_kcore_header(src, eh) && read_kcore_loads(src, eh, phdrs)) {
    for (const Elf64_Phdr& ph : phdrs) {
      if (addr < ph.p_vaddr || addr + len > ph.p_vaddr + ph.p_filesz) continue;
      char tmpl[] = "/tmp/perf-kcore-XXXXXX";
      int fd = ::mkstemp(tmpl);
      if (fd < 0) break;
      KcoreLoad l{addr, len, ph.p_offset + (addr - ph.p_vaddr), static_cast<uint64_t>(::sysconf(_SC_PAGESIZE)), true};
      bool ok = fill(fd, src, eh, {l});
      if (::close(fd) == 0 && ok) path = tmpl;
      else ::unlink(tmpl);
      break;
    }
  }
  ::close(src);
  return path;
}

}  // namespace cperf
