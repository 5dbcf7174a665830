#include "format/local_names.h"

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <system_error>

namespace cperf {
namespace {

namespace fs = std::filesystem;

// The directory an environment variable names, else the first of the usual places that exists.
std::string mount_point(const char* env, std::initializer_list<const char*> usual) {
  if (const char* p = std::getenv(env); p && *p) return p;
  std::error_code ec;
  for (const char* d : usual)
    if (fs::is_directory(d, ec)) return d;
  return "";
}

std::optional<uint64_t> read_number(const fs::path& file) {
  std::ifstream in(file);
  uint64_t v = 0;
  if (in >> v) return v;
  return std::nullopt;
}

// Every directory DIR/*/ that holds a FILE with a number: number -> name(s) of the directory.
using NumberedDirs = std::map<uint64_t, std::string>;

NumberedDirs scan_tracepoints() {
  NumberedDirs out;
  const std::string root = mount_point("TRACEFS_PATH", {"/sys/kernel/tracing", "/sys/kernel/debug/tracing"});
  if (root.empty()) return out;
  std::error_code ec;
  for (const fs::directory_entry& sys : fs::directory_iterator(root + "/events", ec)) {
    if (!sys.is_directory(ec)) continue;
    std::error_code ec2;
    for (const fs::directory_entry& ev : fs::directory_iterator(sys.path(), ec2)) {
      if (std::optional<uint64_t> id = read_number(ev.path() / "id"))
        out.emplace(*id, sys.path().filename().string() + ":" + ev.path().filename().string());
    }
  }
  return out;
}

NumberedDirs scan_pmus() {
  NumberedDirs out;
  const std::string root = mount_point("SYSFS_PATH", {"/sys"});
  if (root.empty()) return out;
  std::error_code ec;
  for (const fs::directory_entry& pmu : fs::directory_iterator(root + "/bus/event_source/devices", ec))
    if (std::optional<uint64_t> type = read_number(pmu.path() / "type"))
      out.emplace(*type, pmu.path().filename().string());
  return out;
}

std::optional<std::string> find(const NumberedDirs& dirs, uint64_t n) {
  auto it = dirs.find(n);
  if (it == dirs.end()) return std::nullopt;
  return it->second;
}

}  // namespace

std::optional<std::string> local_tracepoint_name(uint64_t id) {
  // Read once per process: the machine's tracepoints do not change under a report.
  static const NumberedDirs tracepoints = scan_tracepoints();
  return find(tracepoints, id);
}

std::optional<std::string> local_pmu_name(uint32_t type) {
  static const NumberedDirs pmus = scan_pmus();
  return find(pmus, type);
}

std::optional<std::string> pmu_of_type(uint32_t type) {
  if (std::optional<std::string> n = local_pmu_name(type)) return n;
  if (type == 4) return "cpu";
  return std::nullopt;
}

}  // namespace cperf
