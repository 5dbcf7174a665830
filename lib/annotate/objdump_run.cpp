#include "annotate/objdump_run.h"

#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cinttypes>
#include <cstdio>

extern char** environ;

namespace cperf {

std::string objdump_command(const ObjdumpOptions& o, uint64_t start, uint64_t stop) {
  // perf's format, blanks included: empty options still leave their separating spaces
  const bool prefix = !o.prefix.empty();
  char addrs[96];
  std::snprintf(addrs, sizeof addrs, " --start-address=0x%016" PRIx64 " --stop-address=0x%016" PRIx64, start, stop);
  std::string cmd = o.objdump.empty() ? "objdump" : o.objdump;
  cmd += ' ';
  cmd += o.style.empty() ? "" : "-M " + o.style;
  cmd += addrs;
  cmd += ' ';
  cmd += o.line_numbers ? "-l" : "";
  cmd += " -d ";
  cmd += o.asm_raw ? "" : "--no-show-raw-insn";
  cmd += ' ';
  cmd += o.source ? "-S" : "";
  cmd += ' ';
  cmd += prefix ? "--prefix " : "";
  cmd += ' ';
  cmd += prefix ? '"' : ' ';
  cmd += o.prefix;
  cmd += prefix ? '"' : ' ';
  cmd += ' ';
  cmd += o.prefix_strip.empty() ? "" : "--prefix-strip=" + o.prefix_strip;
  cmd += " -C \"$1\"";
  return cmd;
}

ObjdumpRun run_objdump(const std::string& command, const std::string& file) {
  ObjdumpRun r;
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) return r;
  posix_spawn_file_actions_t fa;
  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, fds[1], 1);
  posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
  posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
  const char* argv[] = {"/bin/sh", "-c", command.c_str(), "--", file.c_str(), nullptr};
  pid_t pid;
  int err = posix_spawn(&pid, "/bin/sh", &fa, nullptr, const_cast<char* const*>(argv), environ);
  posix_spawn_file_actions_destroy(&fa);
  ::close(fds[1]);
  if (err != 0) {
    ::close(fds[0]);
    return r;
  }
  r.started = true;
  char buf[65536];
  for (ssize_t n; (n = ::read(fds[0], buf, sizeof buf)) != 0;) {
    if (n < 0) {
      if (errno == EINTR) continue;
      break;
    }
    r.out.append(buf, static_cast<size_t>(n));
  }
  ::close(fds[0]);
  int st = 0;
  while (::waitpid(pid, &st, 0) < 0 && errno == EINTR) {
  }
  r.status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
  return r;
}

std::string objdump_input(const std::string& symfs, const std::string& long_name,
                          const std::string& symbols_file) {
  if (long_name == "[vdso]" && !symbols_file.empty()) return symbols_file;
  return symfs.empty() ? long_name : symfs + "/" + long_name;
}

}  // namespace cperf
