#include "machine/machine.h"

#include <sys/mman.h>
#include <unistd.h>

#include "linux/perf_event.h"

namespace cperf {

void MapSet::insert(const Map& m) {
  if (m.end <= m.start) return;
  // Collect the maps overlapping [m.start, m.end).
  auto it = by_start_.lower_bound(m.start);
  if (it != by_start_.begin()) {
    auto prev = std::prev(it);
    if (prev->second.end > m.start) it = prev;
  }
  std::vector<Map> keep;
  while (it != by_start_.end() && it->second.start < m.end) {
    const Map& old = it->second;
    if (old.start < m.start) {
      Map left = old;
      left.end = m.start;
      keep.push_back(left);
    }
    if (old.end > m.end) {
      Map right = old;
      right.pgoff += m.end - old.start;
      right.start = m.end;
      keep.push_back(right);
    }
    it = by_start_.erase(it);
  }
  for (const Map& k : keep) by_start_[k.start] = k;
  by_start_[m.start] = m;
}

const Map* MapSet::find(uint64_t addr) const {
  auto it = by_start_.upper_bound(addr);
  if (it == by_start_.begin()) return nullptr;
  --it;
  return addr < it->second.end ? &it->second : nullptr;
}

Machine::Machine() {}

// perf's name of a kernel module map's dso: the file's base name up to its first '.' (so
// any .ko compression suffix goes too), '-' as '_', in brackets: ".../usb-net.ko.xz" is
// "[usb_net]". Empty for a kernel map that is no module file.
std::string module_name(const std::string& filename) {
  if (filename.empty() || filename[0] != '/' || filename.find(".ko") == std::string::npos) return {};
  std::string base = filename.substr(filename.rfind('/') + 1);
  base = base.substr(0, base.find('.'));
  for (char& c : base)
    if (c == '-') c = '_';
  return "[" + base + "]";
}

std::string kernel_data_name(const std::string& kallsyms) {
  if (kallsyms.empty()) return {};
  size_t slash = kallsyms.rfind('/');
  std::string kcore = (slash == std::string::npos ? std::string() : kallsyms.substr(0, slash + 1)) + "kcore";
  return ::access(kcore.c_str(), R_OK) == 0 ? kcore : "[kernel.kallsyms]";
}

const std::string& dso_long_name(const Dso& d, const std::string& kernel_data) {
  bool core_kernel = d.kernel && d.long_name == "[kernel.kallsyms]";
  if (!core_kernel) return d.long_name;
  return kernel_data.empty() ? d.name : kernel_data;
}

Dso* Machine::findnew_dso(const std::string& long_name) {
  auto it = dsos_.find(long_name);
  if (it != dsos_.end()) return it->second;
  auto d = std::make_unique<Dso>();
  d->long_name = long_name;
  size_t slash = long_name.rfind('/');
  d->short_name = slash == std::string::npos ? long_name : long_name.substr(slash + 1);
  d->name = long_name;
  Dso* p = d.get();
  dso_list_.push_back(std::move(d));
  dsos_[long_name] = p;
  return p;
}

Thread Machine::new_thread(int32_t pid, int32_t tid) {
  Thread t;
  t.pid = pid;
  t.tid = tid;
  t.serial = ++serials_;
  t.comm = tid == 0 ? "swapper" : ":" + std::to_string(tid);
  t.comm_set = tid == 0;  // perf names the idle thread, so its forks inherit "swapper"
  t.comms.push_back(ThreadComm{t.comm, 0, false, ++serials_});
  return t;
}

void Machine::name_thread(Thread& t, const std::string& comm, bool exec, uint64_t time) {
  if (!t.comm_set) {
    ThreadComm& c = t.comms.back();
    c.str = comm;
    if (time) c.start = time;
    if (exec) c.exec = true;
  } else {
    t.comms.push_back(ThreadComm{comm, time, exec, ++serials_});
  }
  t.comm = comm;
  t.comm_set = true;
}

const ThreadComm* Thread::exec_comm() const {
  if (comms.empty()) return nullptr;
  for (auto it = comms.rbegin(); it != comms.rend(); ++it)
    if (it->exec) return &*it;
  if (comms.size() >= 2 && !comms.front().start && pid == tid) return &comms[1];
  return &comms.front();
}

Thread& Machine::findnew_thread(int32_t pid, int32_t tid) {
  auto it = threads_.find(tid);
  if (it != threads_.end()) {
    Thread& t = it->second;
    if (t.pid == -1 && pid != -1) t.pid = pid;
    return t;
  }
  Thread t = new_thread(pid, tid);
  // Threads of a process share its maps: find the group leader's.
  if (pid != tid && pid != -1) {
    Thread& leader = findnew_thread(pid, pid);
    t.maps = leader.maps;
  }
  if (!t.maps) t.maps = std::make_shared<MapSet>();
  return threads_.emplace(tid, std::move(t)).first->second;
}

const Thread* Machine::find_thread(int32_t tid) const {
  auto it = threads_.find(tid);
  return it == threads_.end() ? nullptr : &it->second;
}

Thread* Machine::find_thread(int32_t tid) {
  auto it = threads_.find(tid);
  return it == threads_.end() ? nullptr : &it->second;
}

void Machine::set_comm(int32_t pid, int32_t tid, const std::string& comm, bool exec, uint64_t time) {
  name_thread(findnew_thread(pid, tid), comm, exec, time);
}

void Machine::fork(int32_t pid, int32_t tid, int32_t ppid, int32_t ptid, uint64_t time, bool clone_maps) {
  Thread& parent = findnew_thread(ppid, ptid);
  std::string comm = parent.comm;
  bool comm_set = parent.comm_set;
  std::shared_ptr<MapSet> parent_maps = parent.maps;
  // A reused tid starts afresh.
  retire_thread(tid);
  Thread t = new_thread(pid, tid);
  // perf's thread__fork: only a comm the parent was given (not its ":<tid>") is inherited.
  if (comm_set) name_thread(t, comm, false, time);
  t.ppid = ptid;
  if (pid == ppid) {
    t.maps = parent_maps;
  } else if (pid == tid) {
    t.maps = clone_maps ? std::make_shared<MapSet>(*parent_maps) : std::make_shared<MapSet>();
  } else {
    t.maps = findnew_thread(pid, pid).maps;
  }
  threads_[tid] = std::move(t);
}

void Machine::retire_thread(int32_t tid) {
  if (auto node = threads_.extract(tid)) retired_.push_back(std::move(node));
}

void Machine::exit(int32_t, int32_t tid) {
  auto it = threads_.find(tid);
  if (it != threads_.end()) it->second.exited = true;
}

// perf's anonymous and no-dso memory: the maps that, executable, hold JIT code.
bool is_jit_candidate(const std::string& name) {
  return name == "//anon" || name.rfind("/dev/zero", 0) == 0 || name.rfind("/anon_hugepage", 0) == 0 ||
         name.rfind("[stack", 0) == 0 || name.rfind("/SYSV", 0) == 0 || name == "[heap]";
}

void Machine::mmap(int32_t pid, int32_t tid, bool kernel, uint64_t start, uint64_t len,
                   uint64_t pgoff, const std::string& filename, uint32_t prot, uint32_t flags,
                   const std::string& build_id, std::optional<uint64_t> mmap2_ino) {
  Map m;
  m.start = start;
  m.end = start + len;
  m.pgoff = pgoff;
  m.prot = prot;
  m.flags = flags;
  if (kernel) {
    kernel_mmap(m, filename, build_id);
    return;
  }
  if ((prot & PROT_EXEC) && is_jit_candidate(filename)) {
    // Executable memory with no file behind it is JIT code: perf reads its symbols from
    // the map file JITs write, /tmp/perf-PID.map, and calls the dso "[JIT] tid PID". Its
    // addresses are the map's own.
    m.dso = findnew_dso("/tmp/perf-" + std::to_string(pid) + ".map");
    m.dso->short_name = "[JIT] tid " + std::to_string(pid);
    m.pgoff = start;
    m.identity = true;
    findnew_thread(pid, tid).maps->insert(m);
    return;
  }
  m.dso = findnew_dso(filename);
  if (!build_id.empty()) m.dso->build_id = build_id;
  if (!m.dso->id_set) {  // perf's vdso dso is made without the record's id
    m.dso->id_set = true;
    m.dso->mmap2_id = mmap2_ino.has_value() && filename.rfind("[vdso", 0) != 0;
    m.dso->ino = mmap2_ino.value_or(0);
  }
  findnew_thread(pid, tid).maps->insert(m);
}

void Machine::kernel_mmap(Map m, const std::string& filename, const std::string& build_id) {
  // perf names the core kernel map's dso [kernel.kallsyms] whatever the symbol suffix.
  bool core = filename.rfind("[kernel.kallsyms]", 0) == 0;
  m.dso = findnew_dso(core ? "[kernel.kallsyms]" : filename);
  bool fresh = !m.dso->kernel;  // first seen as a kernel map (report makes dsos of the table first)
  m.dso->kernel = true;
  if (core) {
    if (fresh && !recorded_.kernel.empty()) {
      m.dso->name = recorded_.kernel;
      m.dso->short_name = recorded_kernel_short_name(recorded_.kernel);
    }
    m.pgoff = m.start;
    if (m.start < kernel_start_) kernel_start_ = m.start;
  } else {
    // Any other kernel map is perf's module map: its dso is known by the module's "[name]"
    // (by its base name if the file is no .ko) and its addresses count from the map's start.
    m.pgoff = 0;
    if (fresh) {
      std::string name = module_name(filename);
      m.dso->module = !name.empty();
      if (m.dso->module) m.dso->short_name = name;
      m.dso->name = m.dso->short_name;
      auto rec = recorded_.modules.find(name);
      if (m.dso->module && rec != recorded_.modules.end()) m.dso->name = m.dso->long_name = rec->second;
    }
  }
  if (!build_id.empty()) m.dso->build_id = build_id;
  kernel_maps_.insert(m);
}

const Map* Machine::find_map(const Thread& t, uint8_t cpumode, uint64_t addr) const {
  switch (cpumode) {
    // A guest's samples need the guest's maps, which a host recording does not have (perf
    // resolves them only with --guest*): they find no map, as in perf.
    case PERF_RECORD_MISC_KERNEL:
      return kernel_maps_.find(addr);
    // A kernel address sampled in user mode finds no map either (perf 7.2 does not look in
    // the kernel's maps for it).
    case PERF_RECORD_MISC_USER:
      return t.maps ? t.maps->find(addr) : nullptr;
    default:
      return nullptr;
  }
}

}  // namespace cperf
