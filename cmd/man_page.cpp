#include "man_page.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <vector>

namespace cperf {

namespace {

// man's exit status, or -1 when it could not be run.
int run_man(const std::vector<std::string>& args) {
  std::fflush(stdout);
  pid_t pid = fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    std::vector<char*> argv;
    for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp("man", argv.data());
    _exit(127);
  }
  int status = 0;
  if (waitpid(pid, &status, 0) < 0 || !WIFEXITED(status) || WEXITSTATUS(status) == 127) return -1;
  return WEXITSTATUS(status);
}

}  // namespace

int show_man_page(const std::string& command) {
  namespace fs = std::filesystem;
  std::string page = command.empty() ? "cperf" : "cperf-" + command;
  std::error_code ec;
  fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec)
    for (const fs::path& dir : {exe.parent_path() / "build/man", exe.parent_path() / "../share/man/man1"}) {
      fs::path file = dir / (page + ".1");
      if (fs::exists(file, ec)) return run_man({"man", "-l", file.string()});
    }
  int rc = run_man({"man", page});
  return rc == 0 ? 0 : -1;  // no such page: the caller's usage instead
}

}  // namespace cperf
