// BuildIdCache (buildid_cache.h): what `perf buildid-cache` does to the cache.
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <filesystem>

#include "symbol/buildid_cache.h"
#include "symbol/elf_file.h"
#include "symbol/local_build_id.h"

namespace cperf {

namespace fs = std::filesystem;

namespace {

// mkdir -p with perf's mode; 0 or errno.
int make_dirs(const std::string& path) {
  std::string cur;
  size_t pos = 0;
  while (pos != std::string::npos) {
    pos = path.find('/', pos + 1);
    cur = path.substr(0, pos);
    if (cur.empty()) continue;
    if (::mkdir(cur.c_str(), 0755) != 0 && errno != EEXIST) return errno;
  }
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) return errno;
  return S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
}

// Copies `from` to `to` through a temporary name, keeping the mode; 0 or errno.
int copy_file(const std::string& from, const std::string& to) {
  int in = ::open(from.c_str(), O_RDONLY | O_CLOEXEC);
  if (in < 0) return errno;
  struct stat st;
  if (::fstat(in, &st) != 0) {
    int e = errno;
    ::close(in);
    return e;
  }
  std::string tmp = to + ".tmp";
  int out = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, st.st_mode & 07777);
  if (out < 0) {
    int e = errno;
    ::close(in);
    return e;
  }
  char buf[1 << 16];
  int err = 0;
  for (;;) {
    ssize_t n = ::read(in, buf, sizeof buf);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      err = errno;
      break;
    }
    for (ssize_t done = 0; done < n;) {
      ssize_t w = ::write(out, buf + done, static_cast<size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) {
        err = errno;
        break;
      }
      done += w;
    }
    if (err) break;
  }
  ::close(in);
  if (!err && ::fchmod(out, st.st_mode & 07777) != 0) err = errno;
  if (::close(out) != 0 && !err) err = errno;
  if (!err && ::rename(tmp.c_str(), to.c_str()) != 0) err = errno;
  if (err) ::unlink(tmp.c_str());
  return err;
}

std::string real_path(const std::string& path, int& err) {
  char buf[PATH_MAX];
  if (!::realpath(path.c_str(), buf)) {
    err = errno;
    return {};
  }
  err = 0;
  return buf;
}

// The names in a directory but "." and "..", or errno.
std::vector<std::string> list_dir(const std::string& path, int& err, bool skip_hidden) {
  std::vector<std::string> out;
  DIR* d = ::opendir(path.c_str());
  if (!d) {
    err = errno;
    return out;
  }
  err = 0;
  while (dirent* e = ::readdir(d)) {
    std::string n = e->d_name;
    if (n == "." || n == ".." || (skip_hidden && n[0] == '.')) continue;
    out.push_back(n);
  }
  ::closedir(d);
  std::sort(out.begin(), out.end());
  return out;
}

bool is_hex(const std::string& s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); });
}

}  // namespace

std::string BuildIdCache::link_path(const std::string& hex) const {
  return dir_ + "/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2);
}

int BuildIdCache::add(const std::string& path, const std::string& hex) const {
  int err = 0;
  const std::string real = real_path(path, err);
  if (err) return err;
  const std::string entry = dir_ + real + "/" + hex;
  struct stat st;
  if (::stat(entry.c_str(), &st) == 0 && S_ISREG(st.st_mode)) ::unlink(entry.c_str());  // old layout
  if ((err = make_dirs(entry))) return err;
  const std::string elf = entry + "/elf";
  if (::access(elf.c_str(), F_OK) != 0 && (err = copy_file(real, elf))) return err;
  // The distribution's separate debug file, when this machine has one.
  const std::string debug =
      "/usr/lib/debug/.build-id/" + hex.substr(0, 2) + "/" + hex.substr(2) + ".debug";
  int derr = 0;
  const std::string debug_real = ::access(debug.c_str(), R_OK) == 0 ? real_path(debug, derr) : "";
  if (debug_real.empty()) {
    say("Downloading debug info with build id " + hex);
  } else if (::access((entry + "/debug").c_str(), F_OK) != 0 &&
             (err = copy_file(debug_real, entry + "/debug"))) {
    return err;
  }
  const std::string link = link_path(hex);
  if ((err = make_dirs(link.substr(0, link.rfind('/'))))) return err;
  const std::string target = "../.." + real + "/" + hex;
  if (::symlink(target.c_str(), link.c_str()) != 0) {
    if (errno != EEXIST) return errno;
    char buf[PATH_MAX];
    ssize_t n = ::readlink(link.c_str(), buf, sizeof buf - 1);
    if (n < 0 || std::string(buf, static_cast<size_t>(n)) != target) {
      say("build <" + hex + "> already linked to " + link);
      return 0;
    }
  }
  // perf's probe cache for the file's SDT notes: kept empty here.
  const std::string probes = entry + "/probes";
  int fd = ::open(probes.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd < 0) return errno;
  ::close(fd);
  return 0;
}

int BuildIdCache::remove(const std::string& hex) const {
  const std::string link = link_path(hex);
  if (::access(link.c_str(), F_OK) != 0) return errno;
  char buf[PATH_MAX];
  ssize_t n = ::readlink(link.c_str(), buf, sizeof buf - 1);
  if (n < 0) return errno;
  if (::unlink(link.c_str()) != 0) return errno;
  std::error_code ec;
  fs::remove_all(link.substr(0, link.rfind('/') + 1) + std::string(buf, static_cast<size_t>(n)), ec);
  return ec ? ec.value() : 0;
}

bool BuildIdCache::cached(const std::string& hex) const {
  return ::access(link_path(hex).c_str(), F_OK) == 0;
}

std::string BuildIdCache::origname(const std::string& hex) const {
  char buf[PATH_MAX];
  ssize_t n = ::readlink(link_path(hex).c_str(), buf, sizeof buf - 1);
  if (n < 0) return {};
  std::string t(buf, static_cast<size_t>(n));
  if (t.compare(0, 5, "../..") != 0) return {};
  size_t slash = t.rfind('/');
  if (slash == std::string::npos || slash <= 5) return {};
  // "../../[kernel.kallsyms]/<id>" names a DSO, not a file: no leading slash then.
  size_t from = t.size() > 6 && t[6] == '[' ? 6 : 5;
  return t.substr(from, slash - from);
}

std::vector<std::string> BuildIdCache::all_ids(bool valid_only, int& err) const {
  std::vector<std::string> out;
  const std::string top = dir_ + "/.build-id/";
  for (const std::string& xx : list_dir(top, err, false)) {
    if (xx.size() != 2 || !is_hex(xx)) continue;
    int e = 0;
    for (const std::string& rest : list_dir(top + xx, e, false)) {
      // 16-byte (MD5, UUID) to 20-byte (SHA-1) build ids, as perf lists them.
      if (rest.size() < 30 || rest.size() > 38 || !is_hex(rest)) continue;
      std::string hex = xx + rest;
      if (valid_only) {
        std::string orig = origname(hex);
        std::optional<BuildId> now;
        if (orig == "[kernel.kallsyms]") {
          std::vector<uint8_t> k = notes_build_id("/sys/kernel/notes");
          if (!k.empty()) now = BuildId(k);
        } else if (!orig.empty() && orig[0] == '/') {
          now = read_build_id(orig);
        }
        if (!now || now->to_hex() != hex) continue;
      }
      out.push_back(hex);
    }
  }
  return out;
}

std::vector<std::string> BuildIdCache::ids_of_path(const std::string& path, int& err) const {
  const std::string real = real_path(path, err);
  if (err) return {};
  return list_dir(dir_ + real, err, true);
}

std::string BuildIdCache::cached_file(const std::string& hex, const std::string& dso_name) const {
  const std::string link = link_path(hex);
  struct stat st;
  if (::stat(link.c_str(), &st) == 0 && S_ISREG(st.st_mode)) return link;
  const bool vdso = dso_name == "[vdso]" || dso_name == "[vdso32]" || dso_name == "[vdsox32]";
  const bool kernel = !vdso && !dso_name.empty() && dso_name[0] == '[';
  return link + (kernel ? "/kallsyms" : vdso ? "/vdso" : "/elf");
}

}  // namespace cperf
