#include "pager.h"

#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace cperf {
namespace {

pid_t pager_pid = -1;
int choice = -1;
const char* forced = nullptr;  // force_pager()'s command

void wait_for_pager() {
  if (pager_pid < 0) return;
  // The pager reads until EOF: close our ends of its pipe first.
  std::fflush(stdout);
  std::fflush(stderr);
  ::close(STDOUT_FILENO);
  ::close(STDERR_FILENO);
  int status = 0;
  while (::waitpid(pager_pid, &status, 0) < 0 && errno == EINTR) {
  }
  pager_pid = -1;
}

}  // namespace

void set_pager_choice(int c) { choice = c; }
void force_pager(const char* command) { forced = command; }
int pager_choice() { return choice; }

void setup_pager() {
  if (pager_pid >= 0) return;
  const char* pager = forced;
  if (!forced) {
    if (choice == 0 || !::isatty(STDOUT_FILENO)) return;
    pager = std::getenv("PERF_PAGER");
  }
  if (!pager) pager = std::getenv("PAGER");
  if (!pager) {
    // The default only when it is there: a missing `less` would swallow the output.
    if (::system("command -v less >/dev/null 2>&1") != 0) return;
    pager = "less";
  }
  if (!*pager || std::strcmp(pager, "cat") == 0) return;
  int fds[2];
  if (::pipe(fds) != 0) return;
  std::fflush(stdout);
  pid_t pid = ::fork();
  if (pid < 0) {
    ::close(fds[0]);
    ::close(fds[1]);
    return;
  }
  if (pid == 0) {
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    ::close(fds[1]);
    ::setenv("LESS", "FRSX", 0);
    ::setenv("LV", "-c", 0);
    ::execl("/bin/sh", "sh", "-c", pager, static_cast<char*>(nullptr));
    std::_Exit(127);
  }
  ::close(fds[0]);
  ::dup2(fds[1], STDOUT_FILENO);
  if (::isatty(STDERR_FILENO)) ::dup2(fds[1], STDERR_FILENO);
  ::close(fds[1]);
  pager_pid = pid;
  std::atexit(wait_for_pager);
}

}  // namespace cperf
