#include "recorder/cgroups.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>

#include <cstring>
#include <fstream>
#include <sstream>
#include <vector>

#include "linux/perf_event.h"
#include "writer/byte_buffer.h"

namespace cperf {

std::string perf_event_cgroup_mount() {
  std::ifstream mounts("/proc/self/mounts");
  std::string line, v2;
  while (std::getline(mounts, line)) {
    std::istringstream fields(line);
    std::string dev, dir, type, opts;
    fields >> dev >> dir >> type >> opts;
    if (type == "cgroup2" && v2.empty()) v2 = dir;
    if (type == "cgroup" && ("," + opts + ",").find(",perf_event,") != std::string::npos) return dir;
  }
  return v2;
}

uint64_t cgroup_id(const std::string& path) {
  struct {
    file_handle fh;
    uint64_t id;
  } handle{};
  handle.fh.handle_bytes = sizeof(uint64_t);
  int mount_id = 0;
  if (name_to_handle_at(AT_FDCWD, path.c_str(), &handle.fh, &mount_id, 0) != 0) return 0;
  uint64_t id = 0;
  std::memcpy(&id, handle.fh.f_handle, sizeof id);
  return id;
}

namespace {

void emit_cgroup(const std::string& path, const std::string& name, size_t id_hdr_size, const RecordSink& out) {
  uint64_t id = cgroup_id(path);
  if (!id) return;
  ByteBuffer b;
  b.u32(PERF_RECORD_CGROUP);
  b.u16(0);
  b.u16(0);  // size, patched below
  b.u64(id);
  b.raw(name.c_str(), name.size() + 1);
  b.align(8);
  b.zeros(id_hdr_size);  // the sample_id trailer, zeroed as in perf's synthesized records
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  out(b.data(), b.size());
}

void walk(const std::string& mount, const std::string& rel, size_t id_hdr_size, const RecordSink& out, int depth) {
  emit_cgroup(mount + rel, rel.empty() ? "/" : rel, id_hdr_size, out);
  if (depth > 64) return;  // a cgroup tree is never this deep; stop rather than recurse forever
  DIR* d = opendir((mount + rel).c_str());
  if (!d) return;
  std::vector<std::string> children;
  while (dirent* e = readdir(d)) {
    if (e->d_type != DT_DIR || std::strcmp(e->d_name, ".") == 0 || std::strcmp(e->d_name, "..") == 0) continue;
    children.push_back(rel + "/" + e->d_name);
  }
  closedir(d);
  for (const std::string& c : children) walk(mount, c, id_hdr_size, out, depth + 1);
}

}  // namespace

void synthesize_cgroups(const std::string& mount, size_t id_hdr_size, const RecordSink& out) {
  if (!mount.empty()) walk(mount, "", id_hdr_size, out, 0);
}

}  // namespace cperf
