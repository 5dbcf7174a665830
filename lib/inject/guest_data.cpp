#include "inject/guest_data.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>

#include "base/error.h"
#include "io/perf_data_reader.h"

namespace cperf {

namespace {

// The next comma-separated field (perf's strsep): false when there is none left.
bool next_field(const std::string& s, size_t& pos, std::string& field) {
  if (pos == std::string::npos) return false;
  size_t comma = s.find(',', pos);
  field = s.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
  pos = comma == std::string::npos ? std::string::npos : comma + 1;
  return true;
}

int failed(const std::string& path, int err, int status) {
  std::fprintf(stderr, "Failed to process %s, error %d\n", path.c_str(), err);
  return status;
}

}  // namespace

bool parse_guest_data(const std::string& value, GuestData& out) {
  size_t pos = 0;
  std::string field;
  next_field(value, pos, out.file);
  if (!next_field(value, pos, field)) return false;
  out.machine_pid = static_cast<uint32_t>(std::strtoul(field.c_str(), nullptr, 0));
  if (!out.machine_pid) return false;
  out.time_scale = 1;
  if (!next_field(value, pos, field)) return true;
  out.time_offset = std::strtoull(field.c_str(), nullptr, 0);
  if (!next_field(value, pos, field)) return true;
  out.time_scale = std::strtod(field.c_str(), nullptr);
  return out.time_scale != 0;
}

GuestCheck check_guest_recording(const std::string& path, int* status) {
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    std::fprintf(stderr, "failed to open %s: %s\n", path.c_str(), std::strerror(errno));
    *status = failed(path, -1, 255);
    return GuestCheck::kFailed;
  }
  struct stat st{};
  char magic[8] = {};
  bool have_magic = ::fstat(fd, &st) == 0 && ::read(fd, magic, sizeof magic) == static_cast<ssize_t>(sizeof magic);
  ::close(fd);
  if (S_ISREG(st.st_mode) && st.st_size == 0) {
    std::fprintf(stderr, "zero-sized data (%s), nothing to do!\n", path.c_str());
    *status = failed(path, -1, 255);
    return GuestCheck::kFailed;
  }
  if (!have_magic || (std::memcmp(magic, "PERFILE2", 8) != 0 && std::memcmp(magic, "2ELIFREP", 8) != 0)) {
    std::fputs("incompatible file format (rerun with -v to learn more)\n", stderr);
    *status = failed(path, -1, 255);
    return GuestCheck::kFailed;
  }
  std::unique_ptr<PerfDataReader> reader;
  try {
    reader = std::make_unique<PerfDataReader>(path);
  } catch (const InputError& e) {
    std::fprintf(stderr, "%s\n", e.what());
    *status = failed(path, -1, 255);
    return GuestCheck::kFailed;
  }
  // A pipe's attrs come as records later: perf has no ids when it looks.
  bool ids = false;
  if (!reader->is_pipe())
    for (const EventAttrEntry& a : reader->attrs()) ids = ids || !a.ids.empty();
  if (!ids) {
    std::fputs("Guest data has no sample IDs", stderr);  // perf's message has no newline
    *status = failed(path, -22, 234);
    return GuestCheck::kFailed;
  }
  return GuestCheck::kHasIds;
}

}  // namespace cperf
