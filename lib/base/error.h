// Errors of the read path. A fatal input problem throws InputError, whose message already names
// the file, offset and record type ("perf.data: at offset 0x1a2b8: PERF_RECORD_MMAP2: ...");
// commands catch it at the top, print it on one line and exit non-zero.
#pragma once
#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>

namespace cperf {

class InputError : public std::runtime_error {
 public:
  // status: the command's exit status (perf's 255 where perf itself fails the same way).
  explicit InputError(const std::string& what, int status = 1) : std::runtime_error(what), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// A bad option or argument: the command prints usage and exits 129 like perf.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "FILE: at offset 0xOFF: WHAT" or "FILE: at offset 0xOFF: TYPE: WHAT" when type is known.
std::string offset_message(std::string_view file, uint64_t offset, std::string_view record_type,
                           std::string_view what);

[[noreturn]] void throw_input_error(std::string_view file, uint64_t offset,
                                    std::string_view record_type, std::string_view what);

}  // namespace cperf
