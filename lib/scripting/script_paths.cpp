#include "scripting/script_paths.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <set>

namespace cperf {

namespace {

bool is_dir(const std::string& p) {
  struct stat st;
  return stat(p.c_str(), &st) == 0 && S_ISDIR(st.st_mode);
}

bool has_helpers(const std::string& root) {
  return is_dir(root + "/scripts/python/Perf-Trace-Util/lib/Perf/Trace");
}

std::string self_dir() {
  char buf[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
  if (n <= 0) return {};
  std::string p(buf, static_cast<size_t>(n));
  return p.substr(0, p.rfind('/'));
}

const char* const kPerfInstalls[] = {"/usr/lib/perf-core", "/usr/libexec/perf-core",
                                     "/usr/local/libexec/perf-core"};

// Lines "# description: ..." and "# args: ..." of a report script.
void read_header(const std::string& path, std::string& desc, std::string& args) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line)) {
    size_t p = line.find_first_not_of(" \t");
    if (p == std::string::npos || line[p] != '#') {
      if (p != std::string::npos) break;
      continue;
    }
    auto field = [&](const char* key, std::string& out) {
      size_t k = line.find(key);
      if (k == std::string::npos) return;
      size_t v = line.find_first_not_of(" \t", k + std::string(key).size());
      out = v == std::string::npos ? "" : line.substr(v);
    };
    field("description:", desc);
    field("args:", args);
  }
}

}  // namespace

std::string exec_path() {
  if (const char* env = std::getenv("PERF_EXEC_PATH"); env && *env) return env;
  std::string dir = self_dir();
  if (!dir.empty()) {
    if (has_helpers(dir + "/../lib/cperf-core")) return dir + "/../lib/cperf-core";
    if (has_helpers(dir + "/perf-core")) return dir + "/perf-core";
  }
  for (const char* p : kPerfInstalls)
    if (has_helpers(p)) return p;
  return {};
}

std::vector<std::string> script_search_paths() {
  // perf looks in its exec path alone: one given by PERF_EXEC_PATH is the only one
  if (const char* env = std::getenv("PERF_EXEC_PATH"); env && *env) return {env};
  std::vector<std::string> out;
  std::string own = exec_path();
  if (!own.empty()) out.push_back(own);
  for (const char* p : kPerfInstalls)
    if (is_dir(std::string(p) + "/scripts") && own != p) out.push_back(p);
  return out;
}

std::string find_script(const std::string& name, const std::string& suffix, std::string* root) {
  for (const std::string& base : script_search_paths()) {
    for (const char* lang : {"python", "perl"}) {
      std::string p = base + "/scripts/" + lang + "/bin/" + name + "-" + suffix;
      if (access(p.c_str(), R_OK) == 0) {
        if (root) *root = base;
        return p;
      }
    }
  }
  return {};
}

void list_scripts(std::FILE* out) {
  std::fputs("List of available trace scripts:\n", out);
  std::set<std::string> listed;
  for (const std::string& base : script_search_paths()) {
    DIR* scripts = opendir((base + "/scripts").c_str());
    if (!scripts) continue;
    // Directory order, as perf (readdir).
    while (dirent* lang = readdir(scripts)) {
      if (lang->d_name[0] == '.') continue;
      std::string bin = base + "/scripts/" + lang->d_name + "/bin";
      DIR* d = opendir(bin.c_str());
      if (!d) continue;
      while (dirent* e = readdir(d)) {
        std::string f = e->d_name;
        const std::string suffix = "-report";
        if (f.size() <= suffix.size() || f.compare(f.size() - suffix.size(), suffix.size(), suffix))
          continue;
        std::string name = f.substr(0, f.size() - suffix.size());
        if (!listed.insert(name).second) continue;
        std::string desc, args;
        read_header(bin + "/" + f, desc, args);
        std::string head = args.empty() ? name : name + " " + args;
        std::fprintf(out, "  %-36s %s\n", head.c_str(), desc.c_str());
      }
      closedir(d);
    }
    closedir(scripts);
  }
}

}  // namespace cperf
