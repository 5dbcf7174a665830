#include "other_perf.h"

#include <limits.h>
#include <stdlib.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>

namespace cperf {
namespace {

std::string real_path(const std::string& p) {
  char buf[PATH_MAX];
  return ::realpath(p.c_str(), buf) ? std::string(buf) : std::string();
}

bool is_executable(const std::string& p) { return ::access(p.c_str(), X_OK) == 0; }

}  // namespace

std::string find_other_perf() {
  if (const char* handed = std::getenv("CPERF_HANDED_OVER"); handed && *handed) return "";
  if (const char* chosen = std::getenv("CPERF_OTHER_PERF"))
    return *chosen && is_executable(chosen) ? std::string(chosen) : std::string();
  const std::string self = real_path("/proc/self/exe");
  std::vector<std::string> candidates;
  const char* path = std::getenv("PATH");
  std::stringstream dirs(path ? path : "");
  for (std::string dir; std::getline(dirs, dir, ':');)
    if (!dir.empty()) candidates.push_back(dir + "/perf");
  candidates.push_back("/usr/bin/perf");
  for (const std::string& c : candidates) {
    if (!is_executable(c)) continue;
    std::string real = real_path(c);
    if (!real.empty() && real != self) return c;
  }
  return "";
}

void exec_other_perf(const std::string& path, const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string name = "perf";
  argv.push_back(name.data());
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  ::setenv("CPERF_HANDED_OVER", "1", 1);
  ::execv(path.c_str(), argv.data());
}

int run_other_perf(const std::vector<std::string>& args) {
  std::string other = find_other_perf();
  if (other.empty()) return -1;
  exec_other_perf(other, args);
  std::fprintf(stderr, "perf: cannot run %s: %s\n", other.c_str(), std::strerror(errno));
  return 1;
}

}  // namespace cperf
