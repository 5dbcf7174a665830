#include "recorder/synthesize.h"

#include "symbol/local_build_id.h"

#include <sys/stat.h>

#include <dirent.h>
#include <sys/mman.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>

#include "linux/perf_event.h"
#include "writer/byte_buffer.h"

namespace cperf {

namespace {

void emit(ByteBuffer& b, size_t id_hdr_size, uint32_t type, uint16_t misc, const RecordSink& out) {
  b.align(8);
  b.zeros(id_hdr_size);
  b.patch<uint32_t>(0, type);
  b.patch<uint16_t>(4, misc);
  b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
  out(b.data(), b.size());
}

std::vector<pid_t> numeric_entries(const std::string& dir) {
  std::vector<pid_t> out;
  if (DIR* d = opendir(dir.c_str())) {
    while (dirent* e = readdir(d))
      if (e->d_name[0] >= '0' && e->d_name[0] <= '9') out.push_back(std::atoi(e->d_name));
    closedir(d);
  }
  std::sort(out.begin(), out.end());
  return out;
}

// An MMAP2's build-id fields (size, 3 reserved bytes, 20 bytes of id) in place of its device
// and inode; false, writing nothing, for an id that does not fit or is empty.
bool put_build_id(ByteBuffer& b, const std::vector<uint8_t>& id) {
  if (id.empty() || id.size() > 20) return false;
  b.u8(static_cast<uint8_t>(id.size()));
  b.zeros(3);
  b.raw(id.data(), id.size());
  b.zeros(20 - id.size());
  return true;
}

std::string module_path(const std::string& name) {
  utsname u{};
  uname(&u);
  std::ifstream f(std::string("/lib/modules/") + u.release + "/modules.dep");
  std::string line;
  while (std::getline(f, line)) {
    std::string path = line.substr(0, line.find(':'));
    std::string base = path.substr(path.rfind('/') + 1);
    base = base.substr(0, base.find('.'));
    for (char& c : base)
      if (c == '-') c = '_';
    if (base == name) return std::string("/lib/modules/") + u.release + "/" + path;
  }
  return "[" + name + "]";
}

}  // namespace

size_t id_header_size(uint64_t st) {
  size_t n = 0;
  for (uint64_t bit : {PERF_SAMPLE_TID, PERF_SAMPLE_TIME, PERF_SAMPLE_ID, PERF_SAMPLE_STREAM_ID,
                       PERF_SAMPLE_CPU, PERF_SAMPLE_IDENTIFIER})
    if (st & bit) n += 8;
  return n;
}

std::vector<pid_t> process_threads(pid_t pid) {
  return numeric_entries("/proc/" + std::to_string(pid) + "/task");
}

std::vector<pid_t> processes_of_uid(uid_t uid) {
  std::vector<pid_t> out;
  for (pid_t pid : numeric_entries("/proc")) {
    struct stat st;
    if (stat(("/proc/" + std::to_string(pid)).c_str(), &st) == 0 && st.st_uid == uid)
      out.push_back(pid);
  }
  return out;
}

void synthesize_kernel_maps(size_t id_hdr_size, const RecordSink& out, bool build_ids) {
  uint64_t text = 0, etext = 0;
  {
    std::ifstream f("/proc/kallsyms");
    std::string addr, type, name;
    bool have_text = false;
    while (f >> addr >> type >> name) {
      std::string rest;
      std::getline(f, rest);
      if ((name == "_text" || name == "_stext") && !have_text) {
        text = std::strtoull(addr.c_str(), nullptr, 16);
        have_text = name == "_text";
      } else if (name == "_etext") {
        etext = std::strtoull(addr.c_str(), nullptr, 16);
      }
      if (have_text && etext) break;
    }
  }
  // Modules, sorted by address so the kernel map can end where the first one starts.
  struct Mod { uint64_t start, size; std::string name; };
  std::vector<Mod> mods;
  {
    std::ifstream f("/proc/modules");
    std::string line;
    while (std::getline(f, line)) {
      std::istringstream ss(line);
      std::string name, size, refs, deps, state, addr;
      ss >> name >> size >> refs >> deps >> state >> addr;
      uint64_t a = std::strtoull(addr.c_str(), nullptr, 16);
      if (a) mods.push_back({a, std::strtoull(size.c_str(), nullptr, 10), name});
    }
  }
  std::sort(mods.begin(), mods.end(), [](const Mod& a, const Mod& b) { return a.start < b.start; });
  std::vector<uint8_t> build_id = text ? local_build_id(true, "[kernel.kallsyms]") : std::vector<uint8_t>{};
  if (text) {
    // perf 7.2's kernel map covers the text only: an MMAP2 carrying the kernel's build id, or
    // with --no-buildid-mmap an MMAP. Without _etext or a build id, an MMAP up to the first
    // module (perf 6.1's).
    const bool text_only = etext > text && !build_id.empty() && build_id.size() <= 20;
    const bool mmap2 = text_only && build_ids;
    uint64_t end = ~uint64_t{0};
    for (const Mod& m : mods)
      if (m.start > text) { end = m.start; break; }
    if (text_only) end = etext;
    ByteBuffer b;
    b.zeros(8);
    b.u32(static_cast<uint32_t>(-1));  // pid -1: the kernel
    b.u32(0);
    b.u64(text);
    b.u64(end - text);
    b.u64(text);  // pgoff: the reference symbol address
    if (mmap2) {
      put_build_id(b, build_id);
      b.u32(0);  // prot, flags: perf leaves them 0
      b.u32(0);
    }
    b.padded_cstring("[kernel.kallsyms]_text", 8);
    emit(b, id_hdr_size, mmap2 ? PERF_RECORD_MMAP2 : PERF_RECORD_MMAP,
         mmap2 ? PERF_RECORD_MISC_KERNEL | PERF_RECORD_MISC_MMAP_BUILD_ID : PERF_RECORD_MISC_KERNEL, out);
  }
  for (const Mod& m : mods) {
    const std::string path = module_path(m.name);
    ByteBuffer b;
    b.zeros(8);
    b.u32(static_cast<uint32_t>(-1));
    b.u32(0);
    b.u64(m.start);
    b.u64(m.size);
    b.u64(0);
    uint16_t misc = PERF_RECORD_MISC_KERNEL;
    if (build_ids) {
      // perf 7.2: an MMAP2 with the module's build id, all zeros when it has none
      const std::vector<uint8_t> id = local_build_id(true, path);
      if (put_build_id(b, id)) misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
      else b.zeros(24);
      b.u32(0);  // prot, flags
      b.u32(0);
    }
    b.padded_cstring(path, 8);
    emit(b, id_hdr_size, build_ids ? PERF_RECORD_MMAP2 : PERF_RECORD_MMAP, misc, out);
  }
}

void synthesize_namespaces(pid_t pid, pid_t tid, size_t id_hdr_size, const RecordSink& out) {
  // perf's order of the namespaces; one that cannot be read stays zero, as in perf.
  static const char* const kNames[] = {"net", "uts", "ipc", "pid", "user", "mnt", "cgroup"};
  ByteBuffer b;
  b.zeros(8);
  b.u32(static_cast<uint32_t>(pid));
  b.u32(static_cast<uint32_t>(tid));
  b.u64(std::size(kNames));
  for (const char* name : kNames) {
    struct stat st {};
    bool ok = stat(("/proc/" + std::to_string(tid) + "/ns/" + name).c_str(), &st) == 0;
    b.u64(ok ? st.st_dev : 0);
    b.u64(ok ? st.st_ino : 0);
  }
  emit(b, id_hdr_size, PERF_RECORD_NAMESPACES, 0, out);
}

namespace {

// What perf reads of a thread from its status file: its process, its parent, and whether it
// is a kernel thread (Threads: but no VmPeak:). False when the thread is gone.
struct ThreadStatus {
  std::string name;  // Name:, cut to a COMM record's 15 characters (kernel threads' can be longer)
  pid_t tgid = -1, ppid = -1;
  bool kernel = false;
};

bool read_thread_status(pid_t pid, pid_t tid, ThreadStatus& st) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/task/" + std::to_string(tid) + "/status");
  if (!f) return false;
  std::string line;
  bool vmpeak = false, threads = false;
  while (std::getline(f, line)) {
    if (line.rfind("Name:", 0) == 0) {
      size_t from = line.find_first_not_of(" \t", 5);
      st.name = from == std::string::npos ? "" : line.substr(from, 15);
    }
    if (line.rfind("Tgid:", 0) == 0) st.tgid = std::atoi(line.c_str() + 5);
    if (line.rfind("PPid:", 0) == 0) st.ppid = std::atoi(line.c_str() + 5);
    vmpeak |= line.rfind("VmPeak:", 0) == 0;
    threads |= line.rfind("Threads:", 0) == 0;
  }
  st.kernel = threads && !vmpeak;
  return st.tgid >= 0;
}

void emit_comm(pid_t pid, pid_t tid, const std::string& name, size_t id_hdr_size, const RecordSink& out) {
  ByteBuffer c;
  c.zeros(8);
  c.u32(static_cast<uint32_t>(pid));
  c.u32(static_cast<uint32_t>(tid));
  c.padded_cstring(name, 8);
  emit(c, id_hdr_size, PERF_RECORD_COMM, 0, out);
}

// A process leader's parent is its PPid, another thread's its leader (perf's assumption that
// the leader started every thread), flagged as perf 7.2 flags its synthesized forks.
void emit_fork(pid_t pid, pid_t tid, pid_t ppid, size_t id_hdr_size, const RecordSink& out) {
  const pid_t parent = tid == pid ? ppid : pid;
  ByteBuffer f;
  f.zeros(8);
  f.u32(static_cast<uint32_t>(pid));
  f.u32(static_cast<uint32_t>(parent));
  f.u32(static_cast<uint32_t>(tid));
  f.u32(static_cast<uint32_t>(parent));
  f.u64(0);
  emit(f, id_hdr_size, PERF_RECORD_FORK, PERF_RECORD_MISC_FORK_EXEC, out);
}

// The build ids of the files processes map, each read once per synthesis (libc is in every
// process), as perf reads each file once.
class MappedFileBuildIds {
 public:
  // The build id of `path` as process pid sees it (through its root when it lives in another
  // mount namespace, where perf enters that namespace); empty for a name that is no file path
  // ([vdso], //anon, a deleted file) or a file without one.
  const std::vector<uint8_t>& get(pid_t pid, const std::string& dev, const std::string& inode,
                                  const std::string& path) {
    auto [it, added] = ids_.try_emplace(dev + " " + inode + " " + path);
    if (added && !path.empty() && path[0] == '/')
      it->second = local_build_id(false, own_mount_ns(pid) ? path : "/proc/" + std::to_string(pid) + "/root" + path);
    return it->second;
  }

 private:
  static ino_t mount_ns(const std::string& proc) {
    struct stat st {};
    return stat((proc + "/ns/mnt").c_str(), &st) == 0 ? st.st_ino : 0;
  }
  bool own_mount_ns(pid_t pid) {
    if (!self_ns_) self_ns_ = mount_ns("/proc/self");
    const ino_t ns = mount_ns("/proc/" + std::to_string(pid));
    return !ns || ns == self_ns_;
  }
  std::map<std::string, std::vector<uint8_t>> ids_;
  ino_t self_ns_ = 0;
};

// MMAP2 for each executable mapping of the process; false when its maps cannot be read.
// `build_ids` (non-null): each carries its file's build id where one can be read.
bool emit_mmaps(pid_t pid, size_t id_hdr_size, const RecordSink& out, MappedFileBuildIds* build_ids) {
  std::ifstream maps("/proc/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/maps");
  if (!maps) return false;
  std::string line;
  while (std::getline(maps, line)) {
    // start-end perms offset maj:min inode path
    std::istringstream ss(line);
    std::string range, perms, off, dev, inode, path;
    ss >> range >> perms >> off >> dev >> inode;
    std::getline(ss, path);
    size_t p = path.find_first_not_of(' ');
    path = p == std::string::npos ? "" : path.substr(p);
    if (perms.size() < 4 || perms[2] != 'x') continue;
    if (path.empty()) path = "//anon";
    uint64_t start = std::strtoull(range.c_str(), nullptr, 16);
    uint64_t end = std::strtoull(range.c_str() + range.find('-') + 1, nullptr, 16);
    unsigned maj = std::strtoul(dev.c_str(), nullptr, 16);
    unsigned min = std::strtoul(dev.c_str() + dev.find(':') + 1, nullptr, 16);
    uint32_t prot = (perms[0] == 'r' ? PROT_READ : 0) | (perms[1] == 'w' ? PROT_WRITE : 0) |
                    PROT_EXEC;
    ByteBuffer b;
    b.zeros(8);
    b.u32(static_cast<uint32_t>(pid));
    b.u32(static_cast<uint32_t>(pid));
    b.u64(start);
    b.u64(end - start);
    b.u64(std::strtoull(off.c_str(), nullptr, 16));
    uint16_t misc = PERF_RECORD_MISC_USER;
    if (build_ids && put_build_id(b, build_ids->get(pid, dev, inode, path))) {
      misc |= PERF_RECORD_MISC_MMAP_BUILD_ID;
    } else {
      b.u32(maj);
      b.u32(min);
      b.u64(std::strtoull(inode.c_str(), nullptr, 10));
      b.u64(0);  // ino_generation
    }
    b.u32(prot);
    b.u32(perms[3] == 's' ? MAP_SHARED : MAP_PRIVATE);
    b.padded_cstring(path, 8);
    emit(b, id_hdr_size, PERF_RECORD_MMAP2, misc, out);
  }
  return true;
}

// The public entry points, sharing one build-id memo per synthesis.
void process_side_band(pid_t pid, size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts,
                       MappedFileBuildIds& ids) {
  for (pid_t tid : process_threads(pid)) {
    ThreadStatus st;
    if (!read_thread_status(pid, tid, st)) continue;  // gone since the listing
    emit_fork(st.tgid, tid, st.ppid, id_hdr_size, out);
    if (opts.namespaces) synthesize_namespaces(st.tgid, tid, id_hdr_size, out);
    emit_comm(st.tgid, tid, st.name, id_hdr_size, out);
    // perf stops at a leader whose maps it cannot read: its other threads go unrecorded.
    if (opts.maps && tid == pid && !st.kernel && !emit_mmaps(pid, id_hdr_size, out, opts.build_ids ? &ids : nullptr))
      return;
  }
}

void thread_side_band(pid_t tid, size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts,
                      MappedFileBuildIds& ids) {
  ThreadStatus st;
  if (!read_thread_status(tid, tid, st)) return;
  emit_comm(st.tgid, tid, st.name, id_hdr_size, out);
  if (opts.namespaces) synthesize_namespaces(st.tgid, tid, id_hdr_size, out);
  if (opts.maps && tid == st.tgid) emit_mmaps(tid, id_hdr_size, out, opts.build_ids ? &ids : nullptr);
}

}  // namespace

void synthesize_process(pid_t pid, size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts) {
  MappedFileBuildIds ids;
  process_side_band(pid, id_hdr_size, out, opts, ids);
}

void synthesize_thread(pid_t tid, size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts) {
  MappedFileBuildIds ids;
  thread_side_band(tid, id_hdr_size, out, opts, ids);
}

void synthesize_threads(const std::vector<pid_t>& tids, size_t id_hdr_size, const RecordSink& out,
                        const SynthesisOptions& opts) {
  MappedFileBuildIds ids;
  for (pid_t tid : tids) {
    thread_side_band(tid, id_hdr_size, out, opts, ids);
    // A thread whose leader is not among them brings the leader's name and maps too.
    ThreadStatus st;
    if (read_thread_status(tid, tid, st) && st.tgid != tid && std::find(tids.begin(), tids.end(), st.tgid) == tids.end())
      thread_side_band(st.tgid, id_hdr_size, out, opts, ids);
  }
}

void synthesize_all_processes(size_t id_hdr_size, const RecordSink& out, const SynthesisOptions& opts) {
  MappedFileBuildIds ids;
  for (pid_t pid : numeric_entries("/proc")) process_side_band(pid, id_hdr_size, out, opts, ids);
}

}  // namespace cperf
