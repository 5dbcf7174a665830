// Shared by the libFuzzer targets: the fuzzer's bytes as a file that cperf can open by path (a
// memfd, named /proc/self/fd/N), and a process set up as the commands expect (stdout and
// stderr to /dev/null, so that millions of runs do not print).
#pragma once
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

namespace cperf_fuzz {

class InputFile {
 public:
  InputFile(const uint8_t* data, size_t size) {
    fd_ = memfd_create("cperf-fuzz", 0);
    if (fd_ < 0) std::abort();
    size_t done = 0;
    while (done < size) {
      ssize_t n = write(fd_, data + done, size - done);
      if (n <= 0) std::abort();
      done += static_cast<size_t>(n);
    }
    lseek(fd_, 0, SEEK_SET);
    path_ = "/proc/self/fd/" + std::to_string(fd_);
  }
  ~InputFile() { close(fd_); }
  InputFile(const InputFile&) = delete;
  InputFile& operator=(const InputFile&) = delete;
  const std::string& path() const { return path_; }
  int fd() const { return fd_; }

 private:
  int fd_ = -1;
  std::string path_;
};

// Output of the commands goes nowhere. Their stderr is left alone: sanitizer reports go there;
// runs pass libFuzzer's -close_fd_mask=2, which keeps a copy of stderr for them.
inline void silence_stdout() {
  int null = open("/dev/null", O_WRONLY);
  if (null < 0) return;
  dup2(null, 1);
  close(null);
}

// A folder of the test data (tests/data/...), found from the build's place or $CPERF_SRC.
inline std::string source_dir() {
  if (const char* s = std::getenv("CPERF_SRC")) return s;
  return CPERF_SOURCE_DIR;
}

// An empty folder for --symfs: the fuzzed file's paths must not reach the host's own files
// (a hostile path could name /dev/zero); ELF input has a target of its own.
// Removed at exit (its name lives in a plain array: static strings are gone by then).
inline const std::string& empty_symfs() {
  static char made[] = "/tmp/cperf-fuzz-symfs.XXXXXX";
  static std::string dir = [] {
    if (!mkdtemp(made)) return std::string("/nonexistent");
    std::atexit([] { rmdir(made); });
    return std::string(made);
  }();
  return dir;
}

}  // namespace cperf_fuzz
