#include "base/huge_page_malloc.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace cperf {

namespace {

constexpr const char* kTunables = "GLIBC_TUNABLES";
constexpr const char* kHugetlb = "glibc.malloc.hugetlb";
// Carries the user's GLIBC_TUNABLES into the re-run: "-" when unset, else "=" and the value.
constexpr const char* kSaved = "CPERF_USER_GLIBC_TUNABLES";

bool worth_rerunning(std::string_view command) {
  static constexpr std::array<std::string_view, 8> kReaders = {"report", "script", "annotate", "diff",
                                                               "inject", "data",   "c2c",      "mem"};
  for (std::string_view c : kReaders)
    if (c == command) return true;
  return false;
}

std::string read_text(const char* path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

bool traced() {
  std::string status = read_text("/proc/self/status");
  size_t at = status.find("TracerPid:");
  return at != std::string::npos && std::atoi(status.c_str() + at + 10) != 0;
}

uint64_t file_size(const std::string& path) {
  struct stat st;
  return stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode) ? static_cast<uint64_t>(st.st_size) : 0;
}

}  // namespace

uint64_t largest_input(const std::vector<std::string>& args) {
  uint64_t largest = 0;
  bool named = false;
  for (size_t i = 1; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string path = a;
    if (a == "-i" || a == "--input") named = true;  // the next word is the file
    else if (a.rfind("--input=", 0) == 0) path = a.substr(8), named = true;
    else if (a.size() > 2 && a.rfind("-i", 0) == 0) path = a.substr(2), named = true;
    else if (a[0] != '-' && args[0] == "diff") named = true;
    largest = std::max(largest, file_size(path));
  }
  if (!named) {
    largest = std::max(largest, file_size("perf.data"));
    if (args[0] == "diff") largest = std::max(largest, file_size("perf.data.old"));
  }
  return largest;
}

bool thp_mode_is_madvise(std::string_view enabled_text) { return enabled_text.find("[madvise]") != std::string_view::npos; }

std::optional<std::string> tunables_with_hugetlb(const char* user_value) {
  std::string setting = std::string(kHugetlb) + "=1";
  if (!user_value || !*user_value) return setting;
  if (std::string_view(user_value).find(kHugetlb) != std::string_view::npos) return std::nullopt;
  return std::string(user_value) + ":" + setting;
}

void rerun_with_huge_page_malloc(char** argv, const std::vector<std::string>& args) {
  if (const char* saved = std::getenv(kSaved)) {  // the re-run
    if (saved[0] == '=') setenv(kTunables, saved + 1, 1);
    else unsetenv(kTunables);
    unsetenv(kSaved);
    return;
  }
#if defined(__SANITIZE_ADDRESS__)
  return;
#endif
  if (!worth_rerunning(args[0]) || std::getenv("CPERF_NO_HUGE_MALLOC") || std::getenv("LD_PRELOAD")) return;
  if (largest_input(args) < kHugeMallocMinInput) return;
  if (!thp_mode_is_madvise(read_text("/sys/kernel/mm/transparent_hugepage/enabled")) || traced()) return;
  const char* user = std::getenv(kTunables);
  std::optional<std::string> value = tunables_with_hugetlb(user);
  if (!value) return;
  std::string saved = user ? std::string("=") + user : std::string("-");
  setenv(kSaved, saved.c_str(), 1);
  setenv(kTunables, value->c_str(), 1);
  execv("/proc/self/exe", argv);
  // Could not start again (no /proc): go on as we are, with the user's environment.
  if (user) setenv(kTunables, user, 1);
  else unsetenv(kTunables);
  unsetenv(kSaved);
}

}  // namespace cperf
