// Helpers shared by the unit tests that read tests/data fixtures: locating them, reading gzip files.
// Declared in symbol_test_support.h.
#include "symbol_test_support.h"

#include <unistd.h>
#include <zlib.h>

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace cperf::symbol_test {

// tests/data/<name>, found from the working directory or next to the test binary
// (build/release/unit_tests -> ../../tests/data). nullopt when the fixture is absent.
std::optional<std::string> fixture_dir(const std::string& name) {
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> roots = {fs::current_path(ec)};
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) roots.push_back(exe.parent_path().parent_path().parent_path());
  for (const fs::path& r : roots) {
    fs::path p = r / "tests" / "data" / name;
    if (fs::is_directory(p, ec)) return p.string();
  }
  return std::nullopt;
}

// The whole decompressed content, or nullopt if unreadable.
std::optional<std::string> read_gzip(const std::string& path) {
  gzFile f = gzopen(path.c_str(), "rb");
  if (f == nullptr) return std::nullopt;
  std::string out;
  char buf[1 << 16];
  int n;
  while ((n = gzread(f, buf, sizeof(buf))) > 0) out.append(buf, static_cast<size_t>(n));
  bool ok = n == 0;
  gzclose(f);
  if (!ok) return std::nullopt;
  return out;
}

}  // namespace cperf::symbol_test
