// perf archive [--all] [--exclude-buildids FILE] [FILE]  /  perf archive --unpack [TAR]
// As perf 7.2's archive command: packs the build-id cache entries a recording's samples hit
// (the `buildid-list --with-hits` ids) into FILE.tar.bz2 (default perf.data), each as its
// .build-id/xx/... link and the directory the link names, relative to the cache; --all packs
// those into perf.symbols.tar.bz2 and that with the recording into
// perf.all-HOST-YYYYmmdd-HHMMSS.tar.bz2. --unpack extracts such a tar (the one ./perf*.tar.bz2
// found below the current directory when none is named) into ~/.debug, verbosely. tar(1)
// does the packing, as for perf; its messages and exit status are not the command's.
#include <sys/stat.h>
#include <sys/wait.h>
#include <regex.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "base/error.h"
#include "commands.h"
#include "inject/build_ids.h"
#include "io/perf_data_reader.h"

namespace cperf {

namespace {

namespace fs = std::filesystem;

struct ArchiveArgs {
  bool all = false, unpack = false;
  std::string data = "perf.data", tar, exclude;
};

// Runs argv, stdout and stderr shared; its exit status (or -1).
int run(const std::vector<std::string>& argv) {
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    std::vector<char*> v;
    for (const std::string& a : argv) v.push_back(const_cast<char*>(a.c_str()));
    v.push_back(nullptr);
    execvp(v[0], v.data());
    std::fprintf(stderr, "%s: %s\n", v[0], std::strerror(errno));
    _exit(127);
  }
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

std::string home_debug() {
  const char* home = std::getenv("HOME");
  return std::string(home ? home : "") + "/.debug";
}

// What `readlink -f` prints: the path with every link followed, the last part allowed to be
// missing; "" when a directory on the way is missing.
std::string resolve(const std::string& path, int depth = 0) {
  char buf[PATH_MAX];
  if (::realpath(path.c_str(), buf)) return buf;
  if (depth > 40) return {};
  struct stat st;
  if (::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode)) {
    ssize_t n = ::readlink(path.c_str(), buf, sizeof buf - 1);
    if (n < 0) return {};
    std::string target(buf, static_cast<size_t>(n));
    if (target[0] != '/') target = fs::path(path).parent_path().string() + "/" + target;
    return resolve(target, depth + 1);
  }
  std::string parent = fs::path(path).parent_path().string();
  if (parent.empty()) parent = ".";
  if (!::realpath(parent.c_str(), buf)) return {};
  std::string dir = buf;
  return (dir == "/" ? "" : dir) + "/" + fs::path(path).filename().string();
}

// The hit DSOs' build ids, "" ones (not known) left out, those with a line of `exclude` in
// their "<id> <name>" line too.
std::vector<std::string> wanted_ids(const std::string& data, const std::string& exclude) {
  std::vector<std::string> patterns;
  if (!exclude.empty()) {
    std::ifstream f(exclude);
    for (std::string l; std::getline(f, l);) patterns.push_back(l);
  }
  std::vector<std::string> out;
  try {
    PerfDataReader reader(data);
    for (const auto& [hex, name] : file_build_ids(reader, true)) {
      if (hex.empty()) continue;
      std::string line = hex + " " + name;
      if (std::any_of(patterns.begin(), patterns.end(),
                      [&](const std::string& p) { return line.find(p) != std::string::npos; }))
        continue;
      out.push_back(hex);
    }
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
  }
  return out;
}

// POSIX extended regex search (std::regex trips GCC 12's -Wmaybe-uninitialized under ASan).
bool matches(const char* pattern, const std::string& text) {
  regex_t re;
  if (regcomp(&re, pattern, REG_EXTENDED | REG_NOSUB) != 0) return false;
  bool hit = regexec(&re, text.c_str(), 0, nullptr, 0) == 0;
  regfree(&re);
  return hit;
}

int unpack(const ArchiveArgs& a) {
  std::string target = a.tar;
  if (!target.empty()) {
    if (::access(target.c_str(), F_OK) != 0) {
      std::printf("Provided file %s does not exist\n", target.c_str());
      return 1;
    }
  } else {
    std::vector<std::string> found;
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(".", ec); !ec && it != fs::end(it); it.increment(ec))
      if (matches(R"(^\./perf.*\.tar\.bz2$)", it->path().string())) found.push_back(it->path().string());
    if (found.size() != 1) {
      std::string list;
      for (const std::string& f : found) list += (list.empty() ? "" : "\n") + f;
      std::printf("Error: %zu files found for unpacking:\n%s\n", found.size(), list.c_str());
      std::printf("Provide the requested file as an argument\n");
      return 1;
    }
    target = found[0];
    std::printf("Found target file for unpacking: %s\n", target.c_str());
  }
  if (matches(R"((\./)?perf\.all.*.tar.bz2)", target)) {
    // A --all archive: the recording here, the symbols' tar inside it into ~/.debug.
    if (run({"tar", "xvf", target}) == 0) run({"tar", "xvf", "perf.symbols.tar.bz2", "-C", home_debug()});
  } else {
    run({"tar", "xvf", target, "-C", home_debug()});
  }
  return 0;
}

int pack(const ArchiveArgs& a) {
  std::string dir = std::getenv("PERF_BUILDID_DIR") && *std::getenv("PERF_BUILDID_DIR")
                        ? std::string(std::getenv("PERF_BUILDID_DIR")) + "/"
                        : home_debug() + "/";
  std::vector<std::string> ids = wanted_ids(a.data, a.exclude);
  if (ids.empty()) {
    std::printf(a.exclude.empty() ? "perf archive: no build-ids found\n"
                                  : "perf archive: no build-ids found after applying exclude-buildids file\n");
    return 1;
  }
  const std::string real_dir = resolve(dir) + "/";
  char tmpl[] = "/tmp/cperf-archive-manifest.XXXXXX";
  int fd = mkstemp(tmpl);
  if (fd < 0) return 1;
  std::string manifest;
  for (const std::string& hex : ids) {
    const std::string rel = ".build-id/" + hex.substr(0, 2) + "/" + hex.substr(2);
    std::string file = resolve(dir + rel);
    if (file.compare(0, real_dir.size(), real_dir) == 0) file = file.substr(real_dir.size());
    manifest += rel + "\n" + file + "\n";
  }
  bool wrote = ::write(fd, manifest.data(), manifest.size()) == static_cast<ssize_t>(manifest.size());
  ::close(fd);
  if (wrote) {
    if (a.all) {
      char host[256] = "";
      gethostname(host, sizeof host - 1);
      char date[32];
      std::time_t now = std::time(nullptr);
      std::strftime(date, sizeof date, "%Y%m%d-%H%M%S", std::localtime(&now));
      run({"tar", "cjf", "perf.symbols.tar.bz2", "-C", dir, "-T", tmpl});
      run({"tar", "cjf", std::string("perf.all-") + host + "-" + date + ".tar.bz2", a.data,
           "perf.symbols.tar.bz2"});
      ::unlink("perf.symbols.tar.bz2");
    } else {
      run({"tar", "cjf", a.data + ".tar.bz2", "-C", dir, "-T", tmpl});
    }
  }
  ::unlink(tmpl);
  std::printf("Now please run:\n\n$ perf archive --unpack\n\n"
              "or unpack the tar manually wherever you need to run 'perf report' on.\n");
  return 0;
}

}  // namespace

int cmd_archive(const Args& args) {
  ArchiveArgs a;
  for (size_t i = 1; i < args.size(); ++i) {
    if (args[i] == "--all") {
      a.all = true;
    } else if (args[i] == "--unpack") {
      a.unpack = true;
    } else if (args[i] == "--exclude-buildids") {
      a.exclude = i + 1 < args.size() ? args[++i] : "";
      if (::access(a.exclude.c_str(), F_OK) != 0) {
        std::printf("Provided exclude-buildids file %s does not exist\n", a.exclude.c_str());
        return 1;
      }
    } else {
      a.data = a.tar = args[i];
    }
  }
  if (a.unpack) return unpack(a);
  // An empty exclude file excludes nothing.
  struct stat st;
  if (!a.exclude.empty() && (::stat(a.exclude.c_str(), &st) != 0 || st.st_size == 0)) a.exclude.clear();
  return pack(a);
}

}  // namespace cperf
