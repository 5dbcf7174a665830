#include "writer/output_backup.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

namespace cperf {
namespace {

// A perf data directory holds "data" and "data.N" files only; anything else is the user's.
bool is_perf_data_entry(const std::string& name) {
  return name == "data" || name.rfind("data.", 0) == 0;
}

// Removes `old` (a file, or a perf data directory). Returns 0, -1 with errno set, or -2 when
// a directory holds something that is not perf data.
int remove_old(const std::string& old) {
  struct stat st;
  if (lstat(old.c_str(), &st) != 0) return errno == ENOENT ? 0 : -1;
  if (!S_ISDIR(st.st_mode)) return unlink(old.c_str()) == 0 || errno == ENOENT ? 0 : -1;
  DIR* dir = opendir(old.c_str());
  if (!dir) return -1;
  std::vector<std::string> names;
  while (dirent* d = readdir(dir)) {
    std::string n = d->d_name;
    if (n == "." || n == "..") continue;
    if (!is_perf_data_entry(n)) {
      closedir(dir);
      errno = ENOTDIR;  // what perf's callers then report (inject's "failed to create output file")
      return -2;
    }
    names.push_back(n);
  }
  closedir(dir);
  for (const std::string& n : names)
    if (unlink((old + "/" + n).c_str()) != 0 && errno != ENOENT) return -1;
  return rmdir(old.c_str()) == 0 ? 0 : -1;
}

}  // namespace

bool keep_previous_output(const std::string& path, std::string& error) {
  struct stat st;
  if (path == "-" || stat(path.c_str(), &st) != 0 || st.st_size == 0) return true;
  std::string old = path + ".old";
  int rc = remove_old(old);
  if (rc != 0) {
    error = "Can't remove old data: " + std::string(rc == -2 ? "Unknown file found" : std::strerror(errno)) +
            " (" + old + ")";
    return false;
  }
  if (rename(path.c_str(), old.c_str()) != 0) {
    error = "Can't move data: " + std::string(std::strerror(errno)) + " (" + path + " to " + old + ")";
    return false;
  }
  return true;
}

}  // namespace cperf
