#include "symbol/buildid_cache.h"

#include <limits.h>
#include <stdlib.h>

#include <filesystem>
#include <fstream>
#include <system_error>

namespace cperf {

namespace fs = std::filesystem;

namespace {
// Copies by reading to the end: /proc files report a size of 0, which copy_file trusts.
bool copy_contents(const std::string& from, const fs::path& to) {
  std::ifstream in(from, std::ios::binary);
  std::ofstream out(to, std::ios::binary | std::ios::trunc);
  if (!in || !out) return false;
  out << in.rdbuf();
  return static_cast<bool>(out.flush()) && !in.bad();
}
}  // namespace

bool add_to_buildid_cache(const std::string& dir, const std::string& name, const BuildId& id,
                          const std::string& source, std::string& err) {
  const bool kernel = name == "[kernel.kallsyms]";
  const bool vdso = name == "[vdso]";  // kept as [vdso]/<build id>/vdso, as perf does
  if (!kernel && !vdso && (name.empty() || name[0] != '/')) return true;  // //anon, ...
  std::string real = name;
  if (!kernel && !vdso) {
    char buf[PATH_MAX];
    if (!::realpath(name.c_str(), buf)) return true;  // gone since: nothing to keep
    real = buf;
  }
  const std::string hex = id.to_hex();
  const fs::path entry = fs::path(dir) / fs::path(real).relative_path() / hex;
  const fs::path file = entry / (kernel ? "kallsyms" : vdso ? "vdso" : "elf");
  const fs::path link = fs::path(dir) / ".build-id" / hex.substr(0, 2) / hex.substr(2);
  std::error_code ec;
  fs::create_directories(entry, ec);
  if (!ec && !fs::exists(file, ec)) {
    // Copy to a temporary name first, so a reader never sees a half-written file.
    fs::path tmp = file;
    tmp += ".tmp";
    if (!copy_contents(source, tmp)) ec = std::make_error_code(std::errc::io_error);
    // The copy keeps the original's mode (an executable stays executable, as perf's does).
    // (The vdso's source is a memory file, whose mode means nothing.)
    if (!ec && !vdso) fs::permissions(tmp, fs::status(source).permissions(), ec);
    if (!ec) fs::rename(tmp, file, ec);
    if (ec) fs::remove(tmp);
  }
  if (!ec && !fs::is_symlink(link, ec)) {
    ec.clear();
    fs::create_directories(link.parent_path(), ec);
    if (!ec) fs::create_directory_symlink(fs::path("../..") / fs::path(real).relative_path() / hex, link, ec);
  }
  if (ec) {
    err = "build-id cache " + dir + ": " + ec.message();
    return false;
  }
  return true;
}

}  // namespace cperf
