#include "script_modes.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cctype>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <filesystem>

#include "base/error.h"
#include "format/file_header.h"
#include "io/perf_data_reader.h"
#include "scripting/script_paths.h"
#include "scripting/skeleton.h"
#include "trace/trace_events.h"

namespace cperf {

void export_exec_path() {
  std::string p = exec_path();
  if (!p.empty()) setenv("PERF_EXEC_PATH", p.c_str(), 0);
}

namespace {

// A directory whose `perf` is this cperf, for the PATH of perf's shell scripts (they call
// `perf record` / `perf script`). Removed by the caller.
std::string perf_alias_dir() {
  char tmpl[] = "/tmp/cperf-path-XXXXXX";
  if (!mkdtemp(tmpl)) return {};
  char self[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
  if (n <= 0) return {};
  self[n] = 0;
  std::string dir = tmpl;
  if (symlink(self, (dir + "/perf").c_str()) != 0) return {};
  return dir;
}

int run_shell(const std::vector<std::string>& argv, const std::string& exec_root) {
  std::string alias = perf_alias_dir();
  pid_t pid = fork();
  if (pid == 0) {
    setenv("PERF_EXEC_PATH", exec_root.c_str(), 1);
    if (!alias.empty()) {
      const char* path = std::getenv("PATH");
      std::string p = alias + ":" + (path ? path : "/usr/bin:/bin");
      setenv("PATH", p.c_str(), 1);
    }
    std::vector<char*> v;
    for (const std::string& a : argv) v.push_back(const_cast<char*>(a.c_str()));
    v.push_back(nullptr);
    execv("/bin/sh", v.data());
    std::perror("/bin/sh");
    _exit(127);
  }
  int status = 0;
  if (pid > 0) waitpid(pid, &status, 0);
  if (!alias.empty()) {
    std::error_code ec;
    std::filesystem::remove_all(alias, ec);
  }
  if (pid < 0) return 255;
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

}  // namespace

int run_named_script(const std::string& kind, const std::string& name,
                     const std::vector<std::string>& args) {
  std::string root, rec_root;
  std::string rep = find_script(name, "report", &root);
  if (kind == "record") {
    std::string rec = find_script(name, "record", &rec_root);
    if (rec.empty()) {
      std::fprintf(stderr, "Please specify a record script\n");
      return 255;
    }
    std::vector<std::string> argv{"/bin/sh", rec};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_shell(argv, rec_root);
  }
  if (rep.empty()) {
    std::fprintf(stderr, "Please specify a valid report script(see 'perf script -l' for listing)\n");
    return 255;
  }
  if (kind == "report") {
    std::vector<std::string> argv{"/bin/sh", rep};
    argv.insert(argv.end(), args.begin(), args.end());
    return run_shell(argv, root);
  }
  // perf script NAME: the record script writes to a pipe the report script reads.
  std::string rec = find_script(name, "record", &rec_root);
  if (rec.empty()) {
    std::fprintf(stderr, "Please specify a record script\n");
    return 255;
  }
  std::vector<std::string> argv{"/bin/sh", "-c",
                                "rec=$1 rep=$2; shift 2; /bin/sh \"$rec\" -q -o - \"$@\" | /bin/sh \"$rep\" -i -",
                                "sh", rec, rep};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_shell(argv, root);
}

int generate_script(const std::string& lang, const std::string& input) {
  // perf's language names (any case): "python"/"py" write perf-script.py, a file name ending in
  // .py names the output; "perl"/"pl" and NAME.pl are perf's Perl, which perf 7.2 is built without.
  std::string lower = lang;
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  auto ends_with = [&](const char* ext) { return lang.size() > 3 && lang.compare(lang.size() - 3, 3, ext) == 0; };
  std::string base = "perf-script";
  bool file = lower != "python" && lower != "py" && ends_with(".py");
  if (file) base = lang.substr(0, lang.size() - 3);
  if (lower == "perl" || lower == "pl" || (lower != "python" && lower != "py" && ends_with(".pl"))) {
    std::fputs("Perl scripting not supported.  Install libperl and rebuild perf to enable it.\n"
               "For example:\n  # apt-get install libperl-dev (ubuntu)\n"
               "  # yum install 'perl(ExtUtils::Embed)' (Fedora)\n  etc.\n", stderr);
    return 255;
  }
  if (!file && lower != "python" && lower != "py") {
    std::fprintf(stderr, "invalid language specifier '%s'\n", lang.c_str());
    return 254;  // perf's -ENOENT
  }
  try {
    PerfDataReader reader(input);
    TraceEvents trace;
    auto it = reader.features().find(HEADER_TRACING_DATA);
    if (it != reader.features().end()) {
      TracingDataError err;
      trace.load_blob(it->second, err);
    }
    return write_python_skeleton(trace.loaded() ? trace.tep() : nullptr, base) ? 0 : 255;
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    return e.status();
  }
}

}  // namespace cperf
