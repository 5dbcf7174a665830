#include "symbol/debuginfo_paths.h"

#include <sys/stat.h>

#include "symbol/elf_file.h"

namespace cperf {

std::vector<std::string> debuginfo_candidates(const DsoLocator& locator, std::string_view dso_path) {
  const std::string p = locator.join_symfs(dso_path);
  struct stat st;
  if (::stat(p.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) return {};
  std::vector<std::string> out;
  out.push_back(locator.join_symfs("/usr/lib/debug") + p + ".debug");
  out.push_back(locator.join_symfs("/usr/lib/debug") + p);
  const size_t slash = p.rfind('/');
  if (slash != std::string::npos)
    out.push_back(locator.join_symfs("") + p.substr(0, slash + 1) + ".debug" + p.substr(slash));
  if (std::optional<BuildId> id = read_build_id(p)) {
    const std::string hex = id->to_hex();
    if (hex.size() >= 2)
      out.push_back(locator.join_symfs("/usr/lib/debug/.build-id/") + hex.substr(0, 2) + "/" + hex.substr(2) +
                    ".debug");
  }
  out.push_back(locator.join_symfs(p));
  return out;
}

}  // namespace cperf
