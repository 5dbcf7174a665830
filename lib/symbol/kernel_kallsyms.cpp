#include "symbol/kernel_kallsyms.h"

#include <sys/stat.h>

#include <cstdio>

#include "symbol/local_build_id.h"

namespace cperf {
namespace {

bool is_regular_file(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

}  // namespace

KallsymsChoice choose_kallsyms(const SymbolOptions& opts, const std::optional<BuildId>& recorded) {
  KallsymsChoice c;
  if (!opts.kallsyms.empty()) {
    c.path = opts.kallsyms;
    return c;
  }
  if (!opts.symfs.empty()) return c;
  bool is_host = !recorded;
  if (recorded) {
    std::vector<uint8_t> host = notes_build_id(opts.host_notes);
    is_host = !host.empty() && BuildId(host) == *recorded;
  }
  if (is_host) {
    c.path = opts.host_kallsyms;
    c.host = true;
    return c;
  }
  const std::string hex = recorded->to_hex();
  std::string cached = resolve_buildid_dir(opts) + "/[kernel.kallsyms]/" + hex + "/kallsyms";
  if (is_regular_file(cached)) {
    c.path = std::move(cached);
    return c;
  }
  c.message = "No kallsyms or vmlinux with build-id " + hex + " was found";
  return c;
}

std::string recorded_kallsyms(const std::string& input) {
  struct stat st;
  if (input.empty() || ::stat(input.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) return {};
  std::string path = input + "/kcore_dir/kallsyms";
  return ::stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? path : std::string();
}

bool kallsyms_addresses_hidden(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "r");
  if (!f) return false;
  // The kernel hides all addresses or none, but a visible list can start with a few per-cpu
  // symbols at address 0: look until a non-zero address shows up, or for a good while.
  char line[512];
  int lines = 0;
  bool all_zero = true;
  while (all_zero && lines < 4096 && std::fgets(line, sizeof(line), f)) {
    ++lines;
    for (const char* p = line; *p && *p != ' '; ++p)
      if (*p != '0') all_zero = false;
  }
  std::fclose(f);
  return lines > 0 && all_zero;
}

}  // namespace cperf
