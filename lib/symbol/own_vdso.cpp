#include "symbol/own_vdso.h"

#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>
#include <cstring>

namespace cperf {
namespace {

// The [vdso] line of /proc/self/maps gives the image's extent; 0 when there is none.
size_t own_vdso_size(uintptr_t base) {
  FILE* maps = std::fopen("/proc/self/maps", "r");
  if (maps == nullptr) return 0;
  size_t size = 0;
  char line[512];
  while (std::fgets(line, sizeof line, maps) != nullptr) {
    uintptr_t start = 0, end = 0;
    if (std::strstr(line, "[vdso]") == nullptr) continue;
    if (std::sscanf(line, "%" SCNxPTR "-%" SCNxPTR, &start, &end) == 2 && start == base && end > start)
      size = end - start;
    break;
  }
  std::fclose(maps);
  return size;
}

std::string write_own_vdso() {
  const uintptr_t base = getauxval(AT_SYSINFO_EHDR);
  if (base == 0) return "";
  const size_t size = own_vdso_size(base);
  if (size == 0) return "";
  // No close-on-exec: a child that is handed the path reads the same descriptor.
  const int fd = memfd_create("cperf-vdso", 0);
  if (fd < 0) return "";
  const char* p = reinterpret_cast<const char*>(base);
  size_t done = 0;
  while (done < size) {
    const ssize_t n = ::write(fd, p + done, size - done);
    if (n <= 0) {
      ::close(fd);
      return "";
    }
    done += static_cast<size_t>(n);
  }
  // /proc/<pid>/fd rather than /proc/self/fd: the name stays right in a child process.
  return "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd);
}

}  // namespace

const std::string& own_vdso_path() {
  // One copy per process: the vdso does not change while the process runs.
  static const std::string path = write_own_vdso();
  return path;
}

}  // namespace cperf
