// Machine: the state perf rebuilds from side-band records — threads with their comms and the
// address maps of each process and of the kernel — and address resolution against it.
//
// Dsos live in the Machine for its whole life and are referred to by pointer; Maps are values.
// Threads of one process share one MapSet; a fork into a new process copies the parent's.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

#include "machine/kernel_dso_names.h"

namespace cperf {

struct Dso {
  std::string long_name;   // the path (or [kernel.kallsyms], [vdso]) as recorded
  std::string short_name;  // basename
  std::string build_id;    // hex, empty if unknown
  bool kernel = false;     // kernel or a kernel module
  bool module = false;     // a kernel module: short_name is perf's "[name]"
  bool hit = false;        // some sample resolved into it
  // perf's dso id, from the MMAP2 that made the dso: its inode when that record had one
  // (not for [vdso]); else the dso is known by its build id (report --mmaps prints either).
  bool id_set = false, mmap2_id = false;
  uint64_t ino = 0;
  // perf's dso->name, the name the dso was made with, which script prints: long_name, but a
  // module's "[name]" and, when the build-id table names them by a path, that path for the
  // kernel and its modules (kernel_dso_names.h).
  std::string name;
};

struct Map {
  uint64_t start = 0, end = 0, pgoff = 0;
  uint32_t prot = 0, flags = 0;
  Dso* dso = nullptr;
  bool identity = false;  // JIT code (/tmp/perf-PID.map): addresses are not file offsets
  // Address inside the dso's file mapping: perf's map__map_ip.
  uint64_t map_ip(uint64_t ip) const {
    return identity || (dso && dso->kernel && pgoff == start) ? ip : ip - start + pgoff;
  }
  // The reverse: perf's map__unmap_ip.
  uint64_t unmap_ip(uint64_t addr) const {
    return identity || (dso && dso->kernel && pgoff == start) ? addr : addr + start - pgoff;
  }
};

class MapSet {
 public:
  // Inserts m, trimming or splitting maps it overlaps (perf's maps__fixup_overlap_and_insert).
  void insert(const Map& m);
  const Map* find(uint64_t addr) const;
  bool empty() const { return by_start_.empty(); }
  const std::map<uint64_t, Map>& maps() const { return by_start_; }

 private:
  std::map<uint64_t, Map> by_start_;
};

// One name a thread had (perf's struct comm): set by a COMM record (exec: it came with
// PERF_RECORD_MISC_COMM_EXEC) or inherited at a fork, from `start` on (0: unknown).
struct ThreadComm {
  std::string str;
  uint64_t start = 0;
  bool exec = false;
  uint64_t serial = 0;  // unique in the Machine (identity for the database export)
};

struct Thread {
  int32_t pid = -1, tid = -1;
  int32_t ppid = -1;  // the parent thread's tid from the FORK record, -1 when none was seen
  std::string comm;   // the current name: comms.back().str
  bool comm_set = false;
  bool exited = false;
  uint64_t serial = 0;  // unique in the Machine: a tid reused after an exit is a new thread
  // Every name the thread had, oldest first (perf's comm list). Until a COMM record or a
  // fork names it, the thread has one entry ":<tid>", which the first name then replaces.
  std::vector<ThreadComm> comms;
  std::shared_ptr<MapSet> maps;
  uint16_t e_machine = 0;  // the program's ELF machine once known (EM_NONE: not yet)
  // perf's thread__comm_str: ":<tid>" until a COMM record names it.
  const std::string& comm_str() const { return comm; }
  // perf's thread__exec_comm: the newest name set by an exec, else the oldest one (or the one
  // after it, for a group leader whose oldest name has no time: likely its parent's).
  const ThreadComm* exec_comm() const;
};

std::string module_name(const std::string& filename);

// perf's anonymous and no-dso memory (//anon, /dev/zero, /anon_hugepage, [stack, /SYSV,
// [heap]): maps of no file.
bool is_jit_candidate(const std::string& name);

// The long name perf gives the kernel's dso once it reads kernel symbols from KALLSYMS (a
// --kallsyms file, or a `record --kcore` directory's copy): the kcore file beside it, whose
// code perf then uses, else "[kernel.kallsyms]"; "" when KALLSYMS is "".
std::string kernel_data_name(const std::string& kallsyms);

// perf's long name of a dso: long_name, but the kernel that the build-id table names by a path
// keeps that path until perf reads its symbols from kallsyms (kernel_data: kernel_data_name()
// of the --kallsyms file, "" when none was given), which renames it after kernel_data.
const std::string& dso_long_name(const Dso& d, const std::string& kernel_data);

class Machine {
 public:
  Machine();

  Thread& findnew_thread(int32_t pid, int32_t tid);
  const Thread* find_thread(int32_t tid) const;
  Thread* find_thread(int32_t tid);
  // Every thread, in no particular order.
  const std::unordered_map<int32_t, Thread>& threads() const { return threads_; }

  // time: the record's sample time (0 when unknown), the start of the new name.
  void set_comm(int32_t pid, int32_t tid, const std::string& comm, bool exec, uint64_t time = 0);
  // clone_maps: a new process starts with a copy of its parent's maps, unless its FORK record
  // says it was synthesized for a process whose own maps follow (PERF_RECORD_MISC_FORK_EXEC).
  void fork(int32_t pid, int32_t tid, int32_t ppid, int32_t ptid, uint64_t time = 0, bool clone_maps = true);
  void exit(int32_t pid, int32_t tid);
  // Forgets a thread, as perf does after PERF_RECORD_EXIT: a later record of that tid starts a
  // fresh thread (comm ":<tid>", new maps for a group leader).
  // (Freed at once: script, its only user, keeps no pointer to a thread past its record.)
  void remove_thread(int32_t tid) { threads_.erase(tid); }
  // The same, the thread itself kept alive (what points at it or its names stays valid): a
  // later record of its tid makes a new thread.
  void forget_thread(int32_t tid) {
    if (auto node = threads_.extract(tid)) forgotten_.push_back(std::move(node));
  }
  // An MMAP/MMAP2. pid -1 or kernel cpumode goes to the kernel maps.
  // mmap2_ino: the inode of an MMAP2 record that gives one (not the build-id form).
  void mmap(int32_t pid, int32_t tid, bool kernel, uint64_t start, uint64_t len, uint64_t pgoff,
            const std::string& filename, uint32_t prot, uint32_t flags, const std::string& build_id,
            std::optional<uint64_t> mmap2_ino = std::nullopt);

  // The map holding addr for this cpumode (PERF_RECORD_MISC_*), or nullptr.
  const Map* find_map(const Thread& t, uint8_t cpumode, uint64_t addr) const;
  bool is_kernel_ip(uint64_t addr) const { return addr >= kernel_start_; }

  Dso* findnew_dso(const std::string& long_name);
  // A kernel entry of the file's build-id table (or a pipe's HEADER_BUILD_ID record): the
  // kernel dsos that kernel MMAPs make after this are named after it (kernel_dso_names.h).
  void add_recorded_kernel_name(const std::string& name) { recorded_.add(name); }
  const MapSet& kernel_maps() const { return kernel_maps_; }
  const std::vector<std::unique_ptr<Dso>>& dsos() const { return dso_list_; }

 private:
  Thread new_thread(int32_t pid, int32_t tid);
  void kernel_mmap(Map m, const std::string& filename, const std::string& build_id);
  // perf's thread__set_comm: replaces the ":<tid>" placeholder, else adds a name.
  void name_thread(Thread& t, const std::string& comm, bool exec, uint64_t time);

  // Takes a thread out of the table but keeps it alive (as perf's refcounted threads stay
  // alive while a hist entry holds them): report's entries keep pointers to a thread's comm.
  // Only a tid reused by a FORK retires a thread, which is rare.
  void retire_thread(int32_t tid);

  std::unordered_map<int32_t, Thread> threads_;
  std::vector<std::unordered_map<int32_t, Thread>::node_type> forgotten_;
  std::vector<std::unordered_map<int32_t, Thread>::node_type> retired_;
  uint64_t serials_ = 0;
  std::unordered_map<std::string, Dso*> dsos_;
  std::vector<std::unique_ptr<Dso>> dso_list_;
  MapSet kernel_maps_;
  RecordedKernelNames recorded_;
  uint64_t kernel_start_ = 0xffff800000000000ULL;
};

}  // namespace cperf
