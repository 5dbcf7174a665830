#include "recorder/recorder.h"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <strings.h>
#include <ctime>

#include "format/attr_print.h"
#include "format/file_header.h"
#include "format/record_types.h"
#include "io/zstd_stream.h"
#include "recorder/cgroups.h"
#include "recorder/control_channel.h"
#include "recorder/session_records.h"
#include "recorder/event_open.h"
#include "recorder/kcore_copy.h"
#include "recorder/switch_output.h"
#include "recorder/synthesize.h"
#include "session/loss_warnings.h"
#include "symbol/elf_file.h"
#include "writer/byte_buffer.h"
#include "writer/features.h"
#include "writer/tracing_data.h"
#include "writer/output_backup.h"
#include "writer/perf_data_writer.h"
#include "record/sample.h"
#include "symbol/buildid_cache.h"
#include "symbol/kernel_kallsyms.h"
#include "symbol/local_build_id.h"
#include "symbol/own_vdso.h"
#include "symbol/symbol_options.h"

namespace cperf {

namespace {

volatile sig_atomic_t g_done = 0;
volatile sig_atomic_t g_child_done = 0;
volatile sig_atomic_t g_switch_output = 0;  // SIGUSR2 with --switch-output

void on_stop_signal(int) { g_done = 1; }
void on_switch_signal(int) { g_switch_output = 1; }
void on_child(int) { g_child_done = 1; }

std::string read_line(const std::string& path) {
  std::ifstream f(path);
  std::string s;
  std::getline(f, s);
  return s;
}

// ---------------------------------------------------------------------------------------
// Workload: forked at once, blocked on a pipe until start(), then exec'ed.
class Workload {
 public:
  bool prepare(const std::vector<std::string>& argv, bool stdout_is_data) {
    int go[2], err[2];
    if (pipe2(go, O_CLOEXEC) || pipe2(err, O_CLOEXEC)) return false;
    // The child is named as perf names its waiting child (a CPU-wide recording finds it in
    // /proc under that name): named here, so that it has the name from its first moment.
    char own_name[17] = {};
    prctl(PR_GET_NAME, own_name);
    prctl(PR_SET_NAME, "perf-exec");
    pid_ = fork();
    if (pid_ != 0) prctl(PR_SET_NAME, own_name);
    if (pid_ < 0) return false;
    if (pid_ == 0) {
      close(go[1]);
      close(err[0]);
      signal(SIGINT, SIG_DFL);
      signal(SIGTERM, SIG_DFL);
      signal(SIGHUP, SIG_DFL);
      // perf.data goes to stdout: the workload's own output must not mix into it.
      if (stdout_is_data) dup2(2, 1);
      char c;
      if (read(go[0], &c, 1) != 1) _exit(0);  // the recorder gave up before starting us
      std::vector<char*> args;
      for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execvp(args[0], args.data());
      int e = errno;
      if (write(err[1], &e, sizeof e) < 0) _exit(127);
      _exit(127);
    }
    close(go[0]);
    close(err[1]);
    go_ = go[1];
    err_ = err[0];
    return true;
  }
  // Releases the child; returns 0 or the errno of a failed exec.
  int start() {
    if (write(go_, "g", 1) != 1) return errno;
    close(go_);
    go_ = -1;
    int e = 0;
    ssize_t n = read(err_, &e, sizeof e);
    close(err_);
    err_ = -1;
    return n == static_cast<ssize_t>(sizeof e) ? e : 0;
  }
  void abandon() {
    if (go_ >= 0) close(go_);
    go_ = -1;
  }
  pid_t pid() const { return pid_; }

 private:
  pid_t pid_ = -1;
  int go_ = -1, err_ = -1;
};

// -k: the clock's resolution, and the time of day and the clock read together.
FeatureInputs::Clock read_clock(int clockid) {
  FeatureInputs::Clock c;
  c.used = true;
  c.clockid = static_cast<uint32_t>(clockid);
  timespec res{}, now{};
  if (clock_getres(clockid, &res) == 0)
    c.res_ns = static_cast<uint64_t>(res.tv_sec) * 1000000000u + static_cast<uint64_t>(res.tv_nsec);
  else
    std::fprintf(stderr, "WARNING: Failed to determine specified clock resolution.\n");
  timeval tod{};
  gettimeofday(&tod, nullptr);
  clock_gettime(clockid, &now);
  c.tod_ns = static_cast<uint64_t>(tod.tv_sec) * 1000000000u + static_cast<uint64_t>(tod.tv_usec) * 1000u;
  c.clockid_ns = static_cast<uint64_t>(now.tv_sec) * 1000000000u + static_cast<uint64_t>(now.tv_nsec);
  return c;
}

// ---------------------------------------------------------------------------------------
struct RingBuffer {
  int fd = -1;
  void* base = nullptr;
  size_t len = 0;
  uint64_t backward_read = 0;  // --overwrite: data_head when the ring was last read
  int out_fd = -1;             // --threads: its DIR/data.K
  perf_event_mmap_page* page() const { return static_cast<perf_event_mmap_page*>(base); }
};

struct OpenEvent {
  size_t attr_index;
  int fd;
  int cpu;
  pid_t pid;
  uint64_t id = 0;
  size_t ring = 0;  // the ring buffer its records go to
};

struct MapEntry {
  uint64_t end = 0;
  std::string name;
  bool hit = false;  // already in the hit set: later samples in it cost a lookup only
};

struct Maps {  // per-process executable maps, for marking the DSOs samples hit
  std::map<uint64_t, MapEntry> by_start;  // by start address
  MapEntry* find(uint64_t ip) {
    auto it = by_start.upper_bound(ip);
    if (it == by_start.begin()) return nullptr;
    --it;
    return ip < it->second.end ? &it->second : nullptr;
  }
};

class Recorder {
 public:
  explicit Recorder(const RecordOptions& o) : o_(o), prober_(o.verbose) {}
  int run();

 private:
  bool build_attrs();
  void add_sample_options(perf_event_attr& a, uint64_t& st) const;
  void mark_hit(bool kernel, MapEntry* e);
  bool open_events();
  int open_status_ = 255;  // the exit status when the events cannot be opened
  bool open_one(size_t index, pid_t pid, int cpu);
  bool drop_removed_events();  // whether any was dropped
  void pass_tracking_on(size_t from);
  size_t shown_attr_index_ = ~size_t{0};  // -vv: the attr last printed
  perf_event_attr shown_attr_{};
  // -G: the open directory of a cgroup path (opened once; checked by the command line).
  int cgroup_fd(const std::string& path);
  std::map<std::string, int> cgroup_fds_;
  bool map_buffers();
  void write_data(const void* data, size_t size);
  // -z: the ring's records as COMPRESSED2 records (each a zstd frame of whole records).
  void write_compressed(const std::byte* data, size_t size, RingBuffer* to = nullptr);
  FeatureInputs::Compression compression_feature() const;
  std::unique_ptr<ZstdCompressor> zstd_;
  std::vector<std::byte> zbuf_;
  uint64_t bytes_transferred_ = 0, bytes_compressed_ = 0;
  size_t ring_len_ = 0;
  void scan_records(const std::byte* p, size_t size);
  void clear_leaked_build_id_flags(std::byte* p, size_t size) const;
  size_t drain_all();
  size_t drain(RingBuffer& rb);
  size_t drain_backward(RingBuffer& rb);
  void write_ring_file(RingBuffer& rb, const std::byte* data, size_t size);
  bool open_data_dir();
  bool copy_kcore_dir();
  uint64_t ring_file_bytes_ = 0;  // --threads: bytes written to the data.K files
  void drain_backward_all();
  void write_lost_samples();
  std::vector<BuildIdEntry> collect_build_ids();
  void cache_build_ids(const std::vector<BuildIdEntry>& ids);
  void update_buildid_cache(const FeatureInputs& fin);
  void mark_chain_hits(Bytes record, pid_t pid);
  int finish_and_report(int status);
  // --control: runs one command; the enable/disable ones also apply to `enable_pending`.
  void run_control_command(const ControlCommand& c, bool& enable_pending);
  void set_enabled(const std::string& name, bool enable);
  void print_evlist(const std::string& flag) const;

  const RecordOptions& o_;
  FeatureProber prober_;
  std::vector<EventSpec> specs_;
  size_t tracking_ = 0;
  std::vector<OpenEvent> fds_;
  std::vector<RingBuffer> rings_;
  std::unique_ptr<PerfDataWriter> writer_ = std::make_unique<PerfDataWriter>();
  Workload workload_;
  bool have_workload_ = false;
  std::vector<int> cpus_;
  std::vector<pid_t> pids_;     // -p, or the processes of -u's user
  std::vector<pid_t> threads_;  // per-task targets; empty means pid -1 (all)
  std::vector<std::byte> chunk_;
  uint64_t samples_ = 0, lost_ = 0, wakeups_ = 0;
  uint64_t first_time_ = ~uint64_t{0}, last_time_ = 0;
  bool scan_failed_ = false;
  std::map<pid_t, Maps> maps_;
  Maps kernel_maps_;
  bool unmapped_kernel_hit_ = false;
  std::set<std::pair<bool, std::string>> hit_;
  // The build ids MMAP2 records carried, by (kernel, name): what the cache gets for the hits
  // when the file has no build-id table (perf 7.2 caches no DSO whose maps carried none).
  std::map<std::pair<bool, std::string>, std::vector<uint8_t>> mmap_build_ids_;
  bool write_error_ = false;
  bool size_limit_reached_ = false;  // --max-size stopped the session
  bool defer_requested_ = false;
  int workload_status_ = 0;
  bool workload_reaped_ = false;
  bool workload_exited_ = false;  // --tail-synthesize: ended, reaped only after its side band
  // --tail-synthesize: user samples that hit no map when scanned (their maps come at the
  // end), looked up again once the side band is written, for the build-id table.
  std::set<std::pair<pid_t, uint64_t>> unmapped_user_ips_;
  void mark_tail_hits();
  void write_tail_side_band();
  bool exec_failed_ = false;
  FeatureInputs final_features_;
  // The file being written: its attrs and features (per-file fields filled at its end).
  std::vector<WriterAttr> attrs_;
  FeatureInputs fin_;
  FeatureInputs file_features();
  // --switch-output: closes the current file as OUTPUT.<timestamp> and (unless at the end)
  // starts a new one with the same attrs and the side band of what is being recorded.
  bool rotate_output();
  void synthesize_side_band();
  void write_session_records();
  void write_id_index();
  void synthesize_kernel_side_band();
  // What the side band of processes carries: namespaces, `maps`, build ids in the MMAP2s.
  SynthesisOptions synthesis_options(bool maps) const { return {o_.namespaces, maps, o_.buildid_mmap}; }
  void synthesize_task_side_band();
  void synthesize_workload_side_band();
  RecordSink side_band_sink();
  void reset_file_counters();
  bool switch_pending_ = false;
  RotatedFiles rotated_{o_.switch_max_files};
  // --switch-output-event: its counters, each with a small ring whose records only trigger.
  std::vector<RingBuffer> switch_rings_;
  bool open_switch_events();
  bool drain_switch_events();
  ControlChannel control_;
};

// The sample fields that record's options add to every event but the tracking dummy.
void Recorder::add_sample_options(perf_event_attr& a, uint64_t& st) const {
  if (o_.sample_period) st |= PERF_SAMPLE_PERIOD;
  if (o_.raw_samples) st |= PERF_SAMPLE_TIME | PERF_SAMPLE_RAW | PERF_SAMPLE_CPU;
  if (o_.weight) st |= PERF_SAMPLE_WEIGHT_STRUCT;  // x86's weight; perf uses it for -W there
  if (o_.phys_data) st |= PERF_SAMPLE_PHYS_ADDR;
  if (o_.data_page_size) st |= PERF_SAMPLE_DATA_PAGE_SIZE;
  if (o_.code_page_size) st |= PERF_SAMPLE_CODE_PAGE_SIZE;
  if (o_.sample_mem_info) st |= PERF_SAMPLE_DATA_SRC;
  if (o_.transaction) st |= PERF_SAMPLE_TRANSACTION;
  if (o_.intr_regs) {
    st |= PERF_SAMPLE_REGS_INTR;
    a.sample_regs_intr = o_.intr_regs;
  }
  if (o_.user_regs) {
    st |= PERF_SAMPLE_REGS_USER;
    a.sample_regs_user = o_.user_regs;
  }
}

bool Recorder::build_attrs() {
  specs_ = o_.events;
  bool defaulted = specs_.empty();
  bool cpu_target = o_.system_wide || !o_.cpus.empty();
  if (defaulted) {
    EventSpec e;
    bool core_pmu = access("/sys/bus/event_source/devices/cpu", F_OK) == 0;
    e.attr.precise_ip = 3;
    if (core_pmu) {
      e.attr.type = PERF_TYPE_HARDWARE;
      e.attr.config = PERF_COUNT_HW_CPU_CYCLES;
      e.name = "cycles:P";
    } else {
      // perf 7.2 falls back to a software clock that keeps the precise modifier: the CPU
      // clock for CPU-wide sessions, else the task clock.
      e.attr.type = PERF_TYPE_SOFTWARE;
      e.attr.config = cpu_target ? PERF_COUNT_SW_CPU_CLOCK : PERF_COUNT_SW_TASK_CLOCK;
      e.name = cpu_target ? "cpu-clock:ppp" : "task-clock:ppp";
      e.defaulted = true;
      if (o_.verbose)
        std::fprintf(stderr, "The cycles event is not supported, trying to fall back to %s\n", e.name.c_str());
    }
    specs_.push_back(e);
  }
  // --kcore: kernel code changes (text pokes, new BPF and ftrace code) on every CPU, so that
  // the copy of the kernel's code can be brought up to date; perf adds this event first.
  const bool have_text_poke = std::any_of(specs_.begin(), specs_.end(), [](const EventSpec& e) { return e.attr.text_poke; });
  const bool text_poke_added = o_.kcore && !have_text_poke;
  if (text_poke_added) {
    EventSpec t;
    t.attr.type = PERF_TYPE_SOFTWARE;
    t.attr.config = PERF_COUNT_SW_DUMMY;
    t.attr.exclude_kernel = t.attr.exclude_hv = t.attr.exclude_guest = 1;
    t.attr.text_poke = t.attr.ksymbol = 1;
    t.name = "dummy:u";
    t.all_cpus = true;
    specs_.push_back(t);
  }
  // A separate tracking event, as perf adds for CPU-wide sessions and for a delayed start
  // (the side band is recorded from the start, the samples only once enabled).
  bool delayed = o_.delay_ms != 0;
  if (cpu_target || delayed) {
    EventSpec d;
    d.attr.type = PERF_TYPE_SOFTWARE;
    d.attr.config = PERF_COUNT_SW_DUMMY;
    d.attr.exclude_kernel = 1;
    d.attr.exclude_hv = 1;
    d.attr.exclude_guest = 1;
    d.name = "dummy:u";
    specs_.push_back(d);
    tracking_ = specs_.size() - 1;
  }
  bool workload_only = have_workload_ && !cpu_target && pids_.empty() && o_.tids.empty() && !o_.uid;
  bool separate_tracking = cpu_target || delayed;
  defer_requested_ = o_.callchain.mode == CallchainMode::kFp && o_.callchain.defer;
  for (size_t i = 0; i < specs_.size(); i++) {
    perf_event_attr& a = specs_[i].attr;
    // the tracking dummy:u or --kcore's text-poke dummy (a -e dummy samples as asked)
    bool dummy = (separate_tracking && i == tracking_) || specs_[i].all_cpus;
    bool tp = specs_[i].is_tracepoint;
    uint64_t st = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
    if (o_.period) {  // the tracking dummy too, when -c/-F is given (perf 7.2)
      a.sample_period = o_.period;
      a.freq = 0;
    } else if (o_.freq) {
      a.sample_freq = o_.freq;
      a.freq = 1;
    } else if (tp || dummy) {
      a.sample_period = 1;
    } else if (!specs_[i].user_period) {
      a.sample_freq = 4000;
      a.freq = 1;
    }
    if (a.freq || tp) st |= PERF_SAMPLE_PERIOD;
    if (cpu_target || tp || o_.sample_cpu) st |= PERF_SAMPLE_CPU;
    if (o_.data_addr) st |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
    if (tp) st |= PERF_SAMPLE_RAW;
    if (o_.no_timestamp) st &= ~static_cast<uint64_t>(PERF_SAMPLE_TIME);  // -R puts it back
    // perf leaves TIME out of per-thread recordings of tasks that do not inherit, unless -T
    if (o_.per_thread && !cpu_target && !o_.timestamp) st &= ~static_cast<uint64_t>(PERF_SAMPLE_TIME);
    if (!dummy) add_sample_options(a, st);
    if (o_.no_samples) a.sample_period = 0;  // -n: counts and side band only
    // An event's call-graph= term replaces -g/--call-graph for it.
    const CallchainOptions& cc = specs_[i].callchain ? *specs_[i].callchain : o_.callchain;
    if (!dummy) {
      switch (cc.mode) {
        case CallchainMode::kNone: break;
        case CallchainMode::kFp:
          st |= PERF_SAMPLE_CALLCHAIN;
          a.sample_max_stack = static_cast<uint16_t>(cc.max_stack);
          if (cc.defer && !a.exclude_callchain_user && !a.exclude_user)
            a.defer_callchain = 1;
          break;
        case CallchainMode::kDwarf:
          st |= PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_REGS_USER | PERF_SAMPLE_STACK_USER;
          a.exclude_callchain_user = 1;
          a.sample_regs_user = 0xff0fff;  // x86-64: all general registers perf unwinds with
          a.sample_stack_user = cc.dump_size;
          if (specs_[i].callchain) {
            // perf's term path also samples data addresses, and the maps they fall in
            st |= PERF_SAMPLE_ADDR | PERF_SAMPLE_DATA_SRC;
            a.sample_max_stack = static_cast<uint16_t>(cc.max_stack);
            if (i == tracking_) a.mmap_data = 1;
          }
          break;
        case CallchainMode::kLbr:
          st |= PERF_SAMPLE_CALLCHAIN | PERF_SAMPLE_BRANCH_STACK;
          a.branch_sample_type = PERF_SAMPLE_BRANCH_USER | PERF_SAMPLE_BRANCH_CALL_STACK |
                                 PERF_SAMPLE_BRANCH_NO_FLAGS | PERF_SAMPLE_BRANCH_NO_CYCLES;
          break;
      }
    }
    if (st & PERF_SAMPLE_CALLCHAIN) {
      if (o_.kernel_callchains) a.exclude_callchain_user = 1;
      if (o_.user_callchains) a.exclude_callchain_kernel = 1;
    }
    // S: each sample reads the whole group's counts; only the leader samples.
    bool member = specs_[i].leader >= 0 && static_cast<size_t>(specs_[i].leader) != i;
    if (specs_[i].sample_read) {
      st |= PERF_SAMPLE_READ;
      if (member) {
        a.freq = 0;
        a.sample_period = 0;
      }
    }
    if (o_.sample_identifier) st |= PERF_SAMPLE_IDENTIFIER;
    if (o_.all_cgroups) st |= PERF_SAMPLE_CGROUP;
    a.sample_type = st;
    a.read_format = PERF_FORMAT_ID | PERF_FORMAT_LOST;
    if (o_.running_time) a.read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    if (specs_[i].sample_read && specs_[i].leader >= 0) a.read_format |= PERF_FORMAT_GROUP;
    if (o_.per_thread_stat)  // -s: counts per thread, read at each thread's exit
      a.read_format |= PERF_FORMAT_TOTAL_TIME_ENABLED | PERF_FORMAT_TOTAL_TIME_RUNNING;
    // Group members follow their leader; the tracking dummy records side band from the start.
    a.disabled = dummy ? delayed && workload_only : !member;
    a.inherit = !(o_.no_inherit || o_.per_thread || cpu_target);
    a.inherit_stat = o_.per_thread_stat && a.inherit;
    a.enable_on_exec = workload_only && !member && (dummy || !delayed);
    if (specs_[i].all_cpus) a.disabled = a.enable_on_exec = 0;  // counting from the start (perf's "immediate")
    a.sample_id_all = 1;
    if (o_.use_clockid) {
      a.use_clockid = 1;
      a.clockid = o_.clockid;
    }
    if (i == tracking_) {
      a.mmap = a.comm = a.task = a.mmap2 = a.comm_exec = 1;
      // With --kcore's text-poke dummy, that one reports new kernel symbols (perf 7.2 then
      // leaves ksymbol off the tracking event).
      a.ksymbol = !text_poke_added;
      a.bpf_event = o_.bpf_event;
      a.build_id = o_.buildid_mmap;
      if (defer_requested_) a.defer_output = 1;
      // DWARF unwinding needs the data mappings too (perf sets it; without it perf 6.1 finds
      // no map for stack addresses and every unwound stack stops at its leaf).
      if (o_.callchain.mode == CallchainMode::kDwarf || o_.data_addr) a.mmap_data = 1;
      if (o_.switch_events) a.context_switch = 1;
      if (o_.namespaces) a.namespaces = 1;
      if (o_.all_cgroups) a.cgroup = 1;
      if (o_.data_mmap) a.mmap_data = 1;
    }
    if (o_.all_user) a.exclude_kernel = 1, a.exclude_user = 0;
    if (o_.all_kernel) a.exclude_user = 1, a.exclude_kernel = 0;
    if (o_.no_buffering) a.wakeup_events = 1;
    if (o_.overwrite) a.write_backward = 1;
    const bool is_dummy = a.type == PERF_TYPE_SOFTWARE && a.config == PERF_COUNT_SW_DUMMY;
    if (o_.branch_filter && !is_dummy) {  // perf gives no dummy event a branch stack
      a.sample_type |= PERF_SAMPLE_BRANCH_STACK;
      a.branch_sample_type = o_.branch_filter;
    }
  }
  // Several events: each sample says which one it is, by PERF_SAMPLE_ID when all events sample
  // the same fields, else by PERF_SAMPLE_IDENTIFIER (first in every record), as perf does.
  if (specs_.size() > 1) {
    bool same = std::all_of(specs_.begin(), specs_.end(), [&](const EventSpec& e) {
      return e.attr.sample_type == specs_.front().attr.sample_type;
    });
    for (EventSpec& e : specs_) e.attr.sample_type |= same ? PERF_SAMPLE_ID : PERF_SAMPLE_IDENTIFIER;
  } else if (specs_.size() == 1 && o_.output == "-" && !(specs_[0].attr.sample_type & PERF_SAMPLE_IDENTIFIER)) {
    // A stream names its one event by id too (perf 7.2 forces the ids in pipe mode).
    specs_[0].attr.sample_type |= PERF_SAMPLE_ID;
  }
  return true;
}

// perf's rule for adding a modifier letter to an event's name: after the name as written,
// with a ':' first unless it has one or is a pmu/.../ form.
std::string append_modifier(const std::string& name, char mod) {
  bool has_sep = name.find(':') != std::string::npos || name.find('/') != std::string::npos;
  return name + (has_sep ? "" : ":") + mod;
}

// The name of an event that fell back to user space only: perf names its default event
// from the attr ("task-clock:ppp" becomes "task-clock:uppp") and appends "u" to a name
// the user wrote (append_modifier).
std::string user_only_name(const std::string& name, bool defaulted) {
  size_t colon = name.find(':');
  if (defaulted && colon != std::string::npos) return name.substr(0, colon + 1) + "u" + name.substr(colon + 1);
  return append_modifier(name, 'u');
}

// The PMU perf names when it drops an event.
const char* pmu_name(uint32_t type) {
  switch (type) {
    case PERF_TYPE_SOFTWARE: return "software";
    case PERF_TYPE_TRACEPOINT: return "tracepoint";
    case PERF_TYPE_HARDWARE:
    case PERF_TYPE_HW_CACHE: return "cpu";
    case PERF_TYPE_BREAKPOINT: return "breakpoint";
    default: return "unknown";
  }
}

void explain_open_error(const EventSpec& e, int err) {
  if (err == EACCES || err == EPERM) {
    std::fprintf(stderr,
                 "Error:\nNo permission to open the event %s (%s).\n"
                 "perf_event_paranoid is %s here: 2 lets unprivileged users profile only their "
                 "own user space,\n1 adds the kernel, 0 adds CPU-wide events, -1 lifts the "
                 "limits.\nLower /proc/sys/kernel/perf_event_paranoid or run with "
                 "CAP_PERFMON.\n",
                 e.name.c_str(), std::strerror(err),
                 read_line("/proc/sys/kernel/perf_event_paranoid").c_str());
    return;
  }
  std::fprintf(stderr, "Error:\nThe sys_perf_event_open() syscall returned with %d (%s) for event (%s).\n",
               err, std::strerror(err), e.name.c_str());
}

bool Recorder::open_one(size_t index, pid_t pid, int cpu) {
  EventSpec& e = specs_[index];
  if (e.removed) return true;
  // A group member joins its leader's counter on the same task and CPU.
  int group_fd = -1;
  if (e.leader >= 0 && static_cast<size_t>(e.leader) != index) {
    for (const OpenEvent& f : fds_)
      if (f.attr_index == static_cast<size_t>(e.leader) && f.pid == pid && f.cpu == cpu) group_fd = f.fd;
    if (group_fd < 0) return true;  // the leader's task went away (ESRCH)
  }
  for (;;) {
    e.attr.size = minimal_attr_size(e.attr);
    if (e.attr.size < PERF_ATTR_SIZE_VER1) e.attr.size = PERF_ATTR_SIZE_VER1;
    unsigned long flags = PERF_FLAG_FD_CLOEXEC;
    pid_t target = pid;
    if (!e.cgroup.empty()) {  // -G: the cgroup's directory stands for the task
      target = cgroup_fd(e.cgroup);
      flags |= PERF_FLAG_PID_CGROUP;
    }
    if (o_.verbose >= 2) {  // perf's -vv: the attr (again after a fallback changed it), each call
      if (shown_attr_index_ != index || std::memcmp(&shown_attr_, &e.attr, sizeof shown_attr_) != 0)
        std::fputs(attr_verbose_block(e.attr).c_str(), stderr);
      shown_attr_index_ = index;
      shown_attr_ = e.attr;
      std::fprintf(stderr, "sys_perf_event_open: pid %d  cpu %d  group_fd %d  flags %#lx", target, cpu, group_fd, flags);
    }
    int fd = sys_perf_event_open(e.attr, target, cpu, group_fd, flags);
    if (fd >= 0 && o_.verbose >= 2) std::fprintf(stderr, " = %d\n", fd);
    if (fd >= 0) {
      fds_.push_back({index, fd, cpu, pid});
      if (!e.filter.empty() && ioctl(fd, PERF_EVENT_IOC_SET_FILTER, e.filter.c_str()) != 0) {
        std::fprintf(stderr, "failed to set filter \"%s\" on event %s: %s\n", e.filter.c_str(),
                     e.name.c_str(), std::strerror(errno));
        return false;
      }
      return true;
    }
    int err = errno;
    if (o_.verbose >= 2)
      std::fprintf(stderr, "\nsys_perf_event_open failed, error %d\n", -err);
    if (err == EOPNOTSUPP && (e.attr.sample_type & PERF_SAMPLE_BRANCH_STACK)) {
      // perf's fallbacks for branch stacks: first host samples only (unless G or H was
      // asked for), then the event is dropped from the recording.
      if (!e.attr.exclude_guest && !e.attr.exclude_host) {
        if (o_.verbose) std::fprintf(stderr, "Warning:\nTrying to fall back to excluding guest samples\n");
        e.attr.exclude_guest = 1;
        e.name = append_modifier(e.name, 'H');
        continue;
      }
      std::fprintf(stderr,
                   "Error:\nFailure to open event '%s' on PMU '%s' which will be removed.\n"
                   "%s: PMU Hardware or event type doesn't support branch stack sampling.\n",
                   e.name.c_str(), pmu_name(e.attr.type), e.name.c_str());
      e.removed = true;
      if (index == tracking_) pass_tracking_on(index);
      return true;
    }
    if ((err == ENOENT || err == ENXIO || err == ENODEV || err == EOPNOTSUPP) &&
        e.attr.type == PERF_TYPE_HARDWARE && e.attr.config == PERF_COUNT_HW_CPU_CYCLES) {
      if (o_.verbose)
        std::fprintf(stderr, "Warning:\nThe cycles event is not supported, trying to fall back to cpu-clock\n");
      e.attr.type = PERF_TYPE_SOFTWARE;
      e.attr.config = PERF_COUNT_SW_CPU_CLOCK;
      e.attr.precise_ip = 0;
      std::string mods = e.name.find(':') == std::string::npos ? "" : e.name.substr(e.name.find(':'));
      e.name = "cpu-clock" + mods;
      continue;
    }
    if ((err == EACCES || err == EPERM) && !e.attr.exclude_kernel && !e.attr.exclude_user &&
        std::atoi(read_line("/proc/sys/kernel/perf_event_paranoid").c_str()) > 1) {
      // perf_event_paranoid 2 lets users profile their own user space: perf retries without
      // the kernel and hypervisor, and says so with -v (the double space is perf's).
      if (o_.verbose)
        std::fprintf(stderr, "Warning:\nkernel.perf_event_paranoid=%s, trying to fall back to "
                     "excluding kernel and hypervisor  samples\n",
                     read_line("/proc/sys/kernel/perf_event_paranoid").c_str());
      e.attr.exclude_kernel = 1;
      e.attr.exclude_hv = 1;
      e.name = user_only_name(e.name, e.defaulted);
      continue;
    }
    if (err == EINVAL || err == EOPNOTSUPP) {
      bool had_defer = e.attr.defer_callchain || e.attr.defer_output;
      prober_.detect_missing(e.attr);
      bool changed = false;
      for (EventSpec& s : specs_) changed |= prober_.strip(s.attr);
      if (changed) {
        if (had_defer && prober_.defer_missing() && !o_.verbose && !o_.quiet)
          std::fprintf(stderr, "cperf record: this kernel has no deferred callchains "
                       "(defer_callchain); recording ordinary user callchains instead\n");
        continue;
      }
      if (e.attr.precise_ip) {  // perf lowers precise_ip until the event opens
        e.attr.precise_ip--;
        continue;
      }
    }
    if (err == ESRCH && !o_.tids.empty() && pids_.empty() && !o_.uid) {
      // A thread given by -t that does not exist: perf drops the event (and says so, -q or not).
      std::fprintf(stderr,
                   "Error:\nFailure to open event '%s' on PMU '%s' which will be removed.\n"
                   "The sys_perf_event_open() syscall failed for event (%s): No such process\n"
                   "\"dmesg | grep -i perf\" may provide additional information.\n\n",
                   e.name.c_str(), pmu_name(e.attr.type), e.name.c_str());
      e.removed = true;
      if (index == tracking_) pass_tracking_on(index);
      return true;
    }
    if (err == ESRCH) {  // a thread of -p or -u went away meanwhile (perf ignores it too)
      return true;
    }
    explain_open_error(e, err);
    return false;
  }
}

bool Recorder::open_events() {
  cpus_ = o_.cpus;
  if (cpus_.empty() && !o_.per_thread) {
    std::vector<int> online;
    parse_record_cpu_list(read_line("/sys/devices/system/cpu/online"), online);
    cpus_ = online;
  }
  if (o_.per_thread) cpus_ = {-1};
  if (!o_.tids.empty()) threads_ = o_.tids;
  for (pid_t p : pids_)
    for (pid_t t : process_threads(p)) threads_.push_back(t);
  if ((!pids_.empty() || o_.uid) && threads_.empty()) {
    std::fprintf(stderr, "Couldn't create thread/CPU maps: No such process\n");
    open_status_ = 244;  // perf's -ESRCH as an exit status
    return false;
  }
  bool cpu_target = o_.system_wide || !o_.cpus.empty();
  if (threads_.empty() && have_workload_ && !cpu_target) threads_ = {workload_.pid()};
  if (threads_.empty()) threads_ = {-1};
  // With -C, perf 7.2 opens the tracking event on every online CPU: a process sampled on the
  // chosen CPUs may have mapped its libraries on another one.
  std::vector<int> tracking_cpus = cpus_;
  if (!o_.cpus.empty()) {
    tracking_cpus.clear();
    parse_record_cpu_list(read_line("/sys/devices/system/cpu/online"), tracking_cpus);
  }
  std::vector<int> online;
  parse_record_cpu_list(read_line("/sys/devices/system/cpu/online"), online);
  for (size_t i = 0; i < specs_.size(); i++) {
    if (specs_[i].all_cpus) {
      for (int c : online)
        if (!open_one(i, -1, c)) return false;
      continue;
    }
    for (pid_t t : threads_)
      for (int c : (cpu_target && i == tracking_ ? tracking_cpus : cpus_))
        if (!open_one(i, t, c)) return false;
  }
  const bool dropped = drop_removed_events();
  bool sampling = false;
  for (size_t i = 0; i < specs_.size(); i++)
    sampling |= !(specs_[i].attr.type == PERF_TYPE_SOFTWARE && specs_[i].attr.config == PERF_COUNT_SW_DUMMY);
  if (dropped && !sampling) {  // only dummies left of what was asked (-e dummy alone is fine)
    std::fprintf(stderr, "Error:\nFailure to open any events for recording.\n");
    return false;
  }
  for (OpenEvent& f : fds_) ioctl(f.fd, PERF_EVENT_IOC_ID, &f.id);
  return true;
}

// The tracking event was dropped: the next event takes over its side band, as perf hands
// it on (without comm_exec, which perf does not pass).
void Recorder::pass_tracking_on(size_t from) {
  const perf_event_attr& old = specs_[from].attr;
  for (size_t j = from + 1; j < specs_.size(); j++) {
    if (specs_[j].removed) continue;
    perf_event_attr& a = specs_[j].attr;
    a.mmap = old.mmap;
    a.comm = old.comm;
    a.task = old.task;
    a.mmap2 = old.mmap2;
    a.ksymbol = old.ksymbol;
    a.bpf_event = old.bpf_event;
    a.mmap_data = old.mmap_data;
    a.context_switch = old.context_switch;
    a.namespaces = old.namespaces;
    a.cgroup = old.cgroup;
    a.build_id = old.build_id;
    a.defer_output = old.defer_output;
    tracking_ = j;
    return;
  }
}

int Recorder::cgroup_fd(const std::string& path) {
  auto it = cgroup_fds_.find(path);
  if (it == cgroup_fds_.end())
    it = cgroup_fds_.emplace(path, ::open(path.c_str(), O_RDONLY | O_CLOEXEC)).first;
  return it->second;
}

// Takes the events that failed to open out of the recording (their counters, their attrs).
bool Recorder::drop_removed_events() {
  std::vector<size_t> new_index(specs_.size());
  std::vector<EventSpec> kept;
  for (size_t i = 0; i < specs_.size(); i++) {
    new_index[i] = kept.size();
    if (!specs_[i].removed) kept.push_back(specs_[i]);
  }
  if (kept.size() == specs_.size()) return false;
  for (EventSpec& e : kept)
    if (e.leader >= 0) e.leader = specs_[static_cast<size_t>(e.leader)].removed ? -1 : static_cast<int>(new_index[static_cast<size_t>(e.leader)]);
  for (OpenEvent& f : fds_) f.attr_index = new_index[f.attr_index];
  tracking_ = specs_[tracking_].removed ? 0 : new_index[tracking_];
  specs_ = std::move(kept);
  return true;
}

bool Recorder::map_buffers() {
  long page = sysconf(_SC_PAGESIZE);
  unsigned pages = o_.mmap_pages ? o_.mmap_pages : static_cast<unsigned>((512 * 1024) / page);
  size_t len = (pages + 1) * static_cast<size_t>(page);
  ring_len_ = len;
  std::map<std::pair<int, pid_t>, int> owner;  // buffer key -> ring index
  for (OpenEvent& f : fds_) {
    // One ring per CPU, or per thread for --per-thread (whose all-CPU events still get one per CPU).
    std::pair<int, pid_t> key = f.cpu == -1 ? std::make_pair(-1, f.pid) : std::make_pair(f.cpu, -1);
    auto it = owner.find(key);
    f.ring = it != owner.end() ? static_cast<size_t>(it->second) : rings_.size();
    if (it != owner.end()) {
      if (ioctl(f.fd, PERF_EVENT_IOC_SET_OUTPUT, rings_[it->second].fd) != 0) {
        std::fprintf(stderr, "failed to redirect event output: %s\n", std::strerror(errno));
        return false;
      }
      continue;
    }
    // A read-only ring is one the kernel overwrites (no tail to respect): --overwrite.
    void* base = mmap(nullptr, len, o_.overwrite ? PROT_READ : PROT_READ | PROT_WRITE, MAP_SHARED, f.fd, 0);
    if (base == MAP_FAILED) {
      std::fprintf(stderr, "failed to mmap with %d (%s)\n", errno, std::strerror(errno));
      if (errno == EPERM)
        std::fprintf(stderr, "Consider increasing /proc/sys/kernel/perf_event_mlock_kb or using -m.\n");
      return false;
    }
    owner[key] = static_cast<int>(rings_.size());
    rings_.push_back({f.fd, base, len});
  }
  return true;
}

void Recorder::write_data(const void* data, size_t size) {
  if (write_error_) return;
  if (!writer_->write(data, size)) {
    write_error_ = true;
    g_done = 1;
    return;
  }
  if (o_.switch_output.mode == SwitchOutputSpec::kSize && writer_->data_size() >= o_.switch_output.size)
    switch_pending_ = true;
  if (o_.max_size && !size_limit_reached_ && writer_->data_size() >= o_.max_size) {
    std::fprintf(stderr, "[ perf record: perf size limit reached (%llu KB), stopping session ]\n",
                 (unsigned long long)(writer_->data_size() >> 10));
    size_limit_reached_ = true;
    g_done = 1;
  }
}

// Follows the records going to the file: counts samples and lost events, tracks sample
// times and the maps that samples hit (for the build_id feature).
void Recorder::scan_records(const std::byte* p, size_t size) {
  uint64_t st = specs_.front().attr.sample_type;
  // Callchain entries hit their DSOs too (perf's sample__for_each_callchain_node), when every
  // event's samples share one layout, so that the first event's attr reads them all.
  bool chains = (st & PERF_SAMPLE_CALLCHAIN) != 0;
  for (const EventSpec& s : specs_) chains &= s.attr.sample_type == st;
  while (size >= 8) {
    perf_event_header h;
    std::memcpy(&h, p, sizeof h);
    if (h.size < 8 || h.size > size) break;
    const std::byte* body = p + 8;
    auto u32 = [&](size_t off) { uint32_t v; std::memcpy(&v, body + off, 4); return v; };
    auto u64 = [&](size_t off) { uint64_t v; std::memcpy(&v, body + off, 8); return v; };
    switch (h.type) {
      case PERF_RECORD_SAMPLE: {
        samples_++;
        size_t off = 0;
        if (st & PERF_SAMPLE_IDENTIFIER) off += 8;
        uint64_t ip = (st & PERF_SAMPLE_IP) ? u64(off) : 0;
        if (st & PERF_SAMPLE_IP) off += 8;
        pid_t pid = (st & PERF_SAMPLE_TID) ? static_cast<pid_t>(u32(off)) : -1;
        if (st & PERF_SAMPLE_TID) off += 8;
        if (st & PERF_SAMPLE_TIME) {
          uint64_t t = u64(off);
          first_time_ = std::min(first_time_, t);
          last_time_ = std::max(last_time_, t);
        }
        int mode = h.misc & PERF_RECORD_MISC_CPUMODE_MASK;
        if (mode == PERF_RECORD_MISC_KERNEL) {
          mark_hit(true, kernel_maps_.find(ip));
        } else if (mode == PERF_RECORD_MISC_USER) {
          auto it = maps_.find(pid);
          MapEntry* e = it != maps_.end() ? it->second.find(ip) : nullptr;
          if (e)
            mark_hit(false, e);
          else if (o_.tail_synthesize && unmapped_user_ips_.size() < 100000)
            unmapped_user_ips_.insert({pid, ip});
        }
        if (chains) mark_chain_hits(Bytes(p, h.size), pid);
        break;
      }
      case PERF_RECORD_MMAP:
      case PERF_RECORD_MMAP2: {
        pid_t pid = static_cast<pid_t>(u32(0));
        uint64_t start = u64(8), len = u64(16);
        size_t name_off = h.type == PERF_RECORD_MMAP ? 32 : 32 + 24 + 8;
        if (8 + name_off >= h.size) break;
        std::string name(reinterpret_cast<const char*>(body + name_off),
                         strnlen(reinterpret_cast<const char*>(body + name_off), h.size - 8 - name_off));
        if (h.misc & PERF_RECORD_MISC_MMAP_DATA) break;
        if (pid == -1) {
          if (name.rfind("[kernel.kallsyms]", 0) == 0) name = "[kernel.kallsyms]";
          kernel_maps_.by_start[start] = {start + len, name, false};
        } else {
          maps_[pid].by_start[start] = {start + len, name, false};
        }
        if (h.type == PERF_RECORD_MMAP2 && (h.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
          const size_t id_size = std::min<size_t>(static_cast<uint8_t>(body[32]), 20);
          const auto* id = reinterpret_cast<const uint8_t*>(body + 36);
          mmap_build_ids_[{pid == -1, name}].assign(id, id + id_size);
        }
        if (o_.buildid_all) hit_.insert({pid == -1, name});
        break;
      }
      case PERF_RECORD_FORK: {
        pid_t pid = static_cast<pid_t>(u32(0)), ppid = static_cast<pid_t>(u32(4));
        if (pid != ppid && maps_.count(ppid)) maps_[pid] = maps_[ppid];
        break;
      }
      case PERF_RECORD_COMM:
        if (h.misc & PERF_RECORD_MISC_COMM_EXEC) maps_.erase(static_cast<pid_t>(u32(0)));
        break;
      case PERF_RECORD_LOST: lost_ += u64(8); break;
      default: break;
    }
    p += h.size;
    size -= h.size;
  }
}

// Linux (seen on 6.18) marks a task's MMAP2 as carrying a build id for every event that
// records it once one of them asked for build ids (another session's, perf record's default):
// the flag is left on a record that holds the device and inode. Readers then take the inode
// for a build id (perf 6.1 copies 254 bytes and aborts). Our events ask for none, so the flag
// is cleared.
void Recorder::clear_leaked_build_id_flags(std::byte* p, size_t size) const {
  if (specs_[tracking_].attr.build_id) return;
  while (size >= sizeof(perf_event_header)) {
    perf_event_header h;
    std::memcpy(&h, p, sizeof h);
    if (h.size < sizeof h || h.size > size) break;
    if (h.type == PERF_RECORD_MMAP2 && (h.misc & PERF_RECORD_MISC_MMAP_BUILD_ID)) {
      h.misc &= static_cast<uint16_t>(~PERF_RECORD_MISC_MMAP_BUILD_ID);
      std::memcpy(p, &h, sizeof h);
    }
    p += h.size;
    size -= h.size;
  }
}

size_t Recorder::drain(RingBuffer& rb) {
  perf_event_mmap_page* pg = rb.page();
  uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
  uint64_t tail = pg->data_tail;
  if (head == tail) return 0;
  const std::byte* data = static_cast<const std::byte*>(rb.base) + pg->data_offset;
  uint64_t size = pg->data_size;
  uint64_t n = head - tail;
  chunk_.resize(n);
  uint64_t start = tail % size;
  uint64_t first = std::min(n, size - start);
  std::memcpy(chunk_.data(), data + start, first);
  if (first < n) std::memcpy(chunk_.data() + first, data, n - first);
  __atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
  clear_leaked_build_id_flags(chunk_.data(), n);
  scan_records(chunk_.data(), n);
  RingBuffer* own_file = rb.out_fd >= 0 ? &rb : nullptr;
  if (o_.compression_level)
    write_compressed(chunk_.data(), n, own_file);
  else if (own_file)
    write_ring_file(rb, chunk_.data(), n);
  else
    write_data(chunk_.data(), n);
  return n;
}

// --threads: a ring's records go to its own file, as written by perf's reader threads.
void Recorder::write_ring_file(RingBuffer& rb, const std::byte* data, size_t size) {
  while (size && !write_error_) {
    ssize_t n = ::write(rb.out_fd, data, size);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      write_error_ = true;
      g_done = 1;
      break;
    }
    data += n;
    size -= static_cast<size_t>(n);
    ring_file_bytes_ += static_cast<uint64_t>(n);
  }
}

// --threads: OUTPUT becomes a directory (the last one kept as OUTPUT.old): DIR/data is the
// header file, DIR/data.K takes ring K's records.
bool Recorder::open_data_dir() {
  if (::mkdir(o_.output.c_str(), 0700) != 0) {
    std::fprintf(stderr, "failed to create %s : %s\nPerf session creation failed.\n", o_.output.c_str(), std::strerror(errno));
    return false;
  }
  for (size_t k = 0; k < rings_.size(); k++) {
    std::string path = o_.output + "/data." + std::to_string(k);
    rings_[k].out_fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (rings_[k].out_fd < 0) {
      std::fprintf(stderr, "failed to open %s : %s\nPerf session creation failed.\n", path.c_str(), std::strerror(errno));
      return false;
    }
  }
  return true;
}

// --kcore: OUTPUT/kcore_dir holds the kernel's kallsyms, modules and code as the events
// start (perf's message on failure; its details with -v).
bool Recorder::copy_kcore_dir() {
  const std::string dir = o_.output + "/kcore_dir";
  std::string err;
  if (::mkdir(dir.c_str(), 0700) != 0) err = dir + ": " + std::strerror(errno);
  if (err.empty() && copy_kcore("/proc", dir, err)) return true;
  if (o_.verbose) std::fprintf(stderr, "%s\n", err.c_str());
  if (!o_.quiet) std::fprintf(stderr, "ERROR: Failed to copy kcore\n");
  return false;
}

// --overwrite: what the kernel wrote backward since the last read, newest first in memory;
// once the ring has wrapped, the oldest record may be cut and is dropped. The records go to
// the file oldest first, as a forward ring gives them.
size_t Recorder::drain_backward(RingBuffer& rb) {
  perf_event_mmap_page* pg = rb.page();
  ioctl(rb.fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 1);
  uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
  uint64_t size = pg->data_size;
  uint64_t n = std::min<uint64_t>(rb.backward_read - head, size);
  std::vector<std::byte> ring(n);
  const std::byte* data = static_cast<const std::byte*>(rb.base) + pg->data_offset;
  for (uint64_t i = 0, start = head % size; i < n;) {
    uint64_t run = std::min(n - i, size - (start + i) % size);
    std::memcpy(ring.data() + i, data + (start + i) % size, run);
    i += run;
  }
  rb.backward_read = head;
  ioctl(rb.fd, PERF_EVENT_IOC_PAUSE_OUTPUT, 0);
  std::vector<size_t> offsets;
  for (size_t pos = 0; pos + sizeof(perf_event_header) <= n;) {
    perf_event_header h;
    std::memcpy(&h, ring.data() + pos, sizeof h);
    if (h.size < sizeof h || pos + h.size > n) break;
    offsets.push_back(pos);
    pos += h.size;
  }
  chunk_.clear();
  for (auto it = offsets.rbegin(); it != offsets.rend(); ++it) {
    perf_event_header h;
    std::memcpy(&h, ring.data() + *it, sizeof h);
    chunk_.insert(chunk_.end(), ring.begin() + static_cast<std::ptrdiff_t>(*it),
                  ring.begin() + static_cast<std::ptrdiff_t>(*it + h.size));
  }
  if (chunk_.empty()) return 0;
  clear_leaked_build_id_flags(chunk_.data(), chunk_.size());
  scan_records(chunk_.data(), chunk_.size());
  if (o_.compression_level)
    write_compressed(chunk_.data(), chunk_.size());
  else
    write_data(chunk_.data(), chunk_.size());
  return chunk_.size();
}

void Recorder::drain_backward_all() {
  size_t bytes = 0;
  for (RingBuffer& rb : rings_) bytes += drain_backward(rb);
  if (bytes) {
    perf_event_header h{PERF_RECORD_FINISHED_ROUND, 0, sizeof(perf_event_header)};
    write_data(&h, sizeof h);
  }
}

// -z: HEADER_COMPRESSED as far as the recording has gone (perf's ratio: transferred over
// compressed bytes, rounded).
FeatureInputs::Compression Recorder::compression_feature() const {
  FeatureInputs::Compression c;
  if (!o_.compression_level) return c;
  c.used = true;
  c.level = static_cast<uint32_t>(o_.compression_level);
  double ratio = bytes_compressed_ ? static_cast<double>(bytes_transferred_) / bytes_compressed_ : 0;
  c.ratio = static_cast<uint32_t>(ratio + 0.5);
  c.mmap_len = static_cast<uint32_t>(ring_len_);
  return c;
}

void Recorder::write_compressed(const std::byte* data, size_t size, RingBuffer* to) {
  auto out = [&](const void* p, size_t n) {
    if (to) write_ring_file(*to, static_cast<const std::byte*>(p), n);
    else write_data(p, n);
  };
  if (!zstd_) zstd_ = std::make_unique<ZstdCompressor>(o_.compression_level);
  // Pieces of whole records, small enough that a frame (with its 16-byte record head) stays
  // within a record's 64 KiB; a record that would not is written as it is.
  constexpr size_t kPiece = 32 * 1024;
  size_t pos = 0;
  while (pos < size) {
    size_t end = pos;
    while (end < size) {
      perf_event_header h;
      std::memcpy(&h, data + end, sizeof h);
      if (h.size < sizeof h || h.size > size - end) break;
      if (end > pos && end + h.size - pos > kPiece) break;
      end += h.size;
    }
    if (end == pos) {  // a damaged ring: write what is left as it is
      out(data + pos, size - pos);
      return;
    }
    std::span<const std::byte> piece(data + pos, end - pos);
    constexpr size_t kHead = sizeof(perf_event_header) + 8;
    if (!zstd_->compress(piece, zbuf_) || kHead + (zbuf_.size() + 7) / 8 * 8 > 0xffff) {
      out(piece.data(), piece.size());
    } else {
      ByteBuffer b;
      b.u32(PERF_RECORD_COMPRESSED2);
      b.u16(0);
      b.u16(static_cast<uint16_t>(kHead + (zbuf_.size() + 7) / 8 * 8));
      b.u64(zbuf_.size());
      b.raw(zbuf_.data(), zbuf_.size());
      b.align(8);
      out(b.data(), b.size());
      bytes_transferred_ += piece.size();
      bytes_compressed_ += b.size();
    }
    pos = end;
  }
}

size_t Recorder::drain_all() {
  if (o_.overwrite) return 0;  // flight recorder: the rings are read at the end only
  size_t bytes = 0;
  for (RingBuffer& rb : rings_) bytes += drain(rb);
  if (bytes && !o_.threads) {  // each data.K is in time order: no rounds in a directory
    perf_event_header h{PERF_RECORD_FINISHED_ROUND, 0, sizeof(perf_event_header)};
    write_data(&h, sizeof h);
  }
  return bytes;
}

void Recorder::write_lost_samples() {
  for (const OpenEvent& f : fds_) {
    // value, then time enabled/running (-s), id and lost, as read_format asks.
    const perf_event_attr& a = specs_[f.attr_index].attr;
    const size_t lost_at = 2 + ((a.read_format & PERF_FORMAT_TOTAL_TIME_ENABLED) ? 1 : 0) +
                           ((a.read_format & PERF_FORMAT_TOTAL_TIME_RUNNING) ? 1 : 0);
    uint64_t v[5] = {};
    const ssize_t want = static_cast<ssize_t>((lost_at + 1) * sizeof(uint64_t));
    if (read(f.fd, v, static_cast<size_t>(want)) != want || v[lost_at] == 0) continue;
    v[2] = v[lost_at];
    ByteBuffer b;
    b.u32(PERF_RECORD_LOST_SAMPLES);
    b.u16(0);
    b.u16(0);
    b.u64(v[2]);
    uint64_t st = a.sample_type;
    if (st & PERF_SAMPLE_TID) { b.u32(static_cast<uint32_t>(f.pid)); b.u32(static_cast<uint32_t>(f.pid)); }
    if (st & PERF_SAMPLE_TIME) b.u64(last_time_);
    if (st & PERF_SAMPLE_ID) b.u64(f.id);
    if (st & PERF_SAMPLE_STREAM_ID) b.u64(f.id);
    if (st & PERF_SAMPLE_CPU) { b.u32(static_cast<uint32_t>(f.cpu)); b.u32(0); }
    if (st & PERF_SAMPLE_IDENTIFIER) b.u64(f.id);
    b.patch<uint16_t>(6, static_cast<uint16_t>(b.size()));
    write_data(b.data(), b.size());
    lost_ += v[2];
  }
}

// A sample (or callchain entry) in map e: its DSO goes into the hit set the first time. Kernel
// addresses outside every known kernel map count as [kernel.kallsyms], as in perf. This runs
// for every sample and frame, so it must not allocate once the DSO is in the set.
void Recorder::mark_hit(bool kernel, MapEntry* e) {
  if (e) {
    if (!e->hit) {
      e->hit = true;
      hit_.insert({kernel, e->name});
    }
  } else if (kernel && !unmapped_kernel_hit_) {
    unmapped_kernel_hit_ = true;
    hit_.insert({true, "[kernel.kallsyms]"});
  }
}

// --tail-synthesize: the side band as it is at the end of a file; the workload, ended but not
// yet reaped, still has its name.
void Recorder::write_tail_side_band() {
  synthesize_side_band();
  if (have_workload_ && !o_.system_wide && pids_.empty() && o_.tids.empty())
    synthesize_thread(workload_.pid(), id_header_size(specs_[tracking_].attr.sample_type), side_band_sink(), synthesis_options(true));
  mark_tail_hits();
  perf_event_header init{PERF_RECORD_FINISHED_INIT, 0, sizeof(perf_event_header)};
  write_data(&init, sizeof init);
}

void Recorder::mark_tail_hits() {
  for (const auto& [pid, ip] : unmapped_user_ips_) {
    auto it = maps_.find(pid);
    if (it != maps_.end()) mark_hit(false, it->second.find(ip));
  }
  unmapped_user_ips_.clear();
}

void Recorder::mark_chain_hits(Bytes record, pid_t pid) {
  DecodedSample ds;
  if (!decode_sample(record, false, specs_.front().attr, ds).empty()) return;
  bool kernel = false;
  auto user = maps_.find(pid);
  for (size_t i = 0; i < ds.callchain.size(); ++i) {
    uint64_t ip = ds.callchain[i];
    if (ip >= PERF_CONTEXT_MAX) {
      kernel = ip == PERF_CONTEXT_KERNEL;
      continue;
    }
    if (kernel) {
      mark_hit(true, kernel_maps_.find(ip));
    } else if (user != maps_.end()) {
      mark_hit(false, user->second.find(ip));
    }
  }
}

// perf record keeps a copy of every DSO with samples (and the kernel's kallsyms) in the
// build-id cache; a failure there (an unwritable HOME, say) is said only with -v, as perf
// does: the recording itself is fine.
void Recorder::cache_build_ids(const std::vector<BuildIdEntry>& ids) {
  const std::string dir = resolve_buildid_dir(SymbolOptions{});
  for (const BuildIdEntry& e : ids) {
    const bool kernel = e.filename == "[kernel.kallsyms]";
    if (kernel && kallsyms_addresses_hidden("/proc/kallsyms")) continue;
    std::string err;
    const std::string source = kernel ? "/proc/kallsyms" : e.filename == "[vdso]" ? own_vdso_path() : e.filename;
    if (!add_to_buildid_cache(dir, e.filename, BuildId(e.build_id), source, err) &&
        o_.verbose)
      std::fprintf(stderr, "Warning: %s\n", err.c_str());
  }
}

// The hit DSOs' build ids: those their MMAP2 records carried in build-id-mmap mode, else
// read from the files as they are now.
std::vector<BuildIdEntry> Recorder::collect_build_ids() {
  std::vector<BuildIdEntry> out;
  for (const auto& key : hit_) {
    BuildIdEntry e;
    e.kernel = key.first;
    e.filename = key.second;
    if (!o_.buildid_mmap) {
      e.build_id = local_build_id(e.kernel, e.filename);
    } else if (auto it = mmap_build_ids_.find(key); it != mmap_build_ids_.end()) {
      e.build_id = it->second;
    }
    if (!e.build_id.empty()) out.push_back(e);
  }
  return out;
}

// perf 7.2 fills the cache unless told not to (-N, -B), from its walk over the samples.
void Recorder::update_buildid_cache(const FeatureInputs& fin) {
  if (!o_.buildid_cache || o_.no_buildid) return;
  cache_build_ids(o_.buildid_mmap ? collect_build_ids() : fin.build_ids);
}

int Recorder::run() {
  have_workload_ = !o_.workload.empty();
  if (!have_workload_ && !o_.system_wide && o_.cpus.empty() && o_.pids.empty() && o_.tids.empty() &&
      !o_.uid) {
    std::fprintf(stderr, " Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]\n");
    return 129;
  }
  pids_ = o_.pids;
  if (o_.uid && o_.pids.empty() && o_.tids.empty()) pids_ = processes_of_uid(*o_.uid);
  build_attrs();
  struct sigaction sa{};
  sa.sa_handler = on_stop_signal;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
  // A hang-up (the terminal or ssh session went away) ends the recording as Ctrl-C does, so
  // the file is finished; perf 7.2 dies of it and leaves a file with data size 0.
  sigaction(SIGHUP, &sa, nullptr);
  if (o_.switch_output.mode == SwitchOutputSpec::kSignal || o_.switch_output.mode == SwitchOutputSpec::kEvent) {
    sa.sa_handler = on_switch_signal;
    sigaction(SIGUSR2, &sa, nullptr);
  }
  sa.sa_handler = on_child;
  sigaction(SIGCHLD, &sa, nullptr);
  signal(SIGPIPE, SIG_IGN);

  if (have_workload_ && !workload_.prepare(o_.workload, o_.output == "-")) {
    std::fprintf(stderr, "Couldn't run the workload!\n");
    return 255;
  }
  auto fail = [&](int rc) {
    workload_.abandon();
    if (have_workload_) waitpid(workload_.pid(), nullptr, 0);
    return rc;
  };
  if (o_.realtime_priority) {  // -r: the recorder under SCHED_FIFO (the workload, forked before, is not)
    sched_param prio{};
    prio.sched_priority = o_.realtime_priority;
    if (sched_setscheduler(0, SCHED_FIFO, &prio) != 0) {
      std::fprintf(stderr, "Could not set realtime priority.\n");
      return fail(255);
    }
  }
  if (!o_.control.empty()) {
    std::string err;
    if (!control_.open(o_.control, err)) {
      std::fprintf(stderr, "%s\n", err.c_str());
      return fail(255);
    }
  }
  if (!open_events() || !map_buffers() || !open_switch_events()) return fail(open_status_);

  // 1. The attrs that were actually opened, with their ids.
  attrs_.resize(specs_.size());
  FeatureInputs& fin = fin_;
  std::vector<WriterAttr>& attrs = attrs_;
  for (size_t i = 0; i < specs_.size(); i++) attrs[i].attr = specs_[i].attr;
  for (const OpenEvent& f : fds_) attrs[f.attr_index].ids.push_back(f.id);
  for (size_t i = 0; i < specs_.size(); i++)
    fin.events.push_back({attrs[i].attr, specs_[i].name, attrs[i].ids});
  fin.cmdline = o_.cmdline;
  for (size_t i = 0; i < specs_.size(); i++)
    if (specs_[i].nr_members > 1)
      fin.groups.push_back({specs_[i].group_name.empty() ? "{anon_group}" : specs_[i].group_name, static_cast<uint32_t>(i), specs_[i].nr_members});
  if (o_.use_clockid) fin.clock = read_clock(o_.clockid);
  // Files keep the smallest attr size that holds the fields: perf 6.1 refuses file-mode attrs
  // larger than its own 128 bytes. Pipe streams carry perf 7.2's whole struct: perf 6.1 copies
  // 128 bytes out of each pipe-mode attr record, whatever its size says.
  if (o_.output == "-") writer_->set_min_attr_size(sizeof(perf_event_attr));
  std::string backup_error;
  if (!keep_previous_output(o_.output, backup_error)) {  // perf keeps the last file as NAME.old
    if (!o_.quiet) std::fprintf(stderr, "%s\nPerf session creation failed.\n", backup_error.c_str());
    return fail(255);
  }
  if (o_.threads && !open_data_dir()) return fail(255);
  if (o_.kcore && !o_.threads && ::mkdir(o_.output.c_str(), 0700) != 0) {
    std::fprintf(stderr, "failed to create %s : %s\nPerf session creation failed.\n", o_.output.c_str(), std::strerror(errno));
    return fail(255);
  }
  const bool in_dir = o_.threads || o_.kcore;
  if (!writer_->open(in_dir ? o_.output + "/data" : o_.output)) {
    if (!o_.quiet)  // perf's words; -q silences them in perf too
      std::fprintf(stderr, "failed to open %s : %s\nPerf session creation failed.\n", o_.output.c_str(),
                   std::strerror(writer_->error_number()));
    return fail(255);
  }
  if (o_.kcore && !copy_kcore_dir()) return fail(255);
  fin.pipe = writer_->is_pipe();
  fin.dir_format = o_.threads;
  if (fin.pipe && !o_.quiet && (o_.timestamp_filename || o_.switch_output.mode != SwitchOutputSpec::kNone))
    std::fprintf(stderr, "WARNING: --timestamp-filename option is not available in pipe mode.\n");
  fin.compression = compression_feature();
  if (!writer_->begin(attrs, fin.pipe ? collect_features(fin) : FeatureMap{})) {
    std::fprintf(stderr, "cperf record: %s\n", writer_->error().c_str());
    return fail(255);
  }
  std::vector<std::pair<std::string, std::string>> tps;
  for (const EventSpec& e : specs_)
    if (e.is_tracepoint) tps.emplace_back(e.tp_system, e.tp_name);
  if (!tps.empty()) {
    fin.tracing_data = build_tracing_data(tps, tracefs_events_dir());
    if (fin.pipe && !fin.tracing_data.empty()) {
      ByteBuffer r;
      r.u32(PERF_RECORD_HEADER_TRACING_DATA);
      r.u16(0);
      r.u16(16);
      r.u32(static_cast<uint32_t>((fin.tracing_data.size() + 7) / 8 * 8));  // padded size
      r.u32(0);
      r.raw(fin.tracing_data.data(), fin.tracing_data.size());
      r.align(8);
      write_data(r.data(), r.size());
    }
  }
  // 2. Side band that predates the recording (with --tail-synthesize: at the end instead),
  // around perf's records about the session, in perf's order.
  write_id_index();
  if (!o_.tail_synthesize) synthesize_kernel_side_band();
  write_session_records();
  if (!o_.tail_synthesize) {
    synthesize_task_side_band();
    synthesize_workload_side_band();
    perf_event_header init{PERF_RECORD_FINISHED_INIT, 0, sizeof(perf_event_header)};
    write_data(&init, sizeof init);
  }

  // 3. Go.
  // With -D the sampling events wait (perf's "Events disabled"); the tracking event records
  // the side band from the start.
  const bool delayed = o_.delay_ms != 0;
  for (const OpenEvent& f : fds_)
    if (!specs_[f.attr_index].attr.enable_on_exec && (!delayed || f.attr_index == tracking_))
      ioctl(f.fd, PERF_EVENT_IOC_ENABLE, 0);
  if (delayed && !o_.quiet) std::fprintf(stderr, "Events disabled\n");
  for (const RingBuffer& rb : switch_rings_) ioctl(rb.fd, PERF_EVENT_IOC_ENABLE, 0);
  if (have_workload_) {
    int e = workload_.start();
    if (e) {
      // perf's one line names the events and the program; the file is still finished
      // (perf leaves an unfinished one).
      if (!o_.quiet) {
        std::string names;
        for (size_t k = 0; k < specs_.size(); k++) {
          if (specs_.size() > 1 && k == tracking_ && tracking_ != 0) continue;  // the tracking dummy:u
          names += (names.empty() ? "" : ",") + specs_[k].name;
        }
        std::fprintf(stderr, "Failed to collect '%s' for the '%s' workload: %s\n", names.c_str(),
                     o_.workload[0].c_str(), std::strerror(e));
      }
      waitpid(workload_.pid(), nullptr, 0);
      have_workload_ = false;
      exec_failed_ = true;
      g_done = 1;
    }
  }

  // 4. Poll loop: drain every buffer; sleep in poll only when a pass found nothing.
  timespec start{};
  clock_gettime(CLOCK_MONOTONIC, &start);
  auto ms_since_start = [&start] {
    timespec now{};
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (now.tv_sec - start.tv_sec) * 1000L + (now.tv_nsec - start.tv_nsec) / 1000000L;
  };
  bool enable_pending = o_.delay_ms > 0 && !exec_failed_;
  std::vector<pollfd> pfds;
  for (const RingBuffer& rb : rings_) pfds.push_back({rb.fd, POLLIN, 0});
  for (const RingBuffer& rb : switch_rings_) pfds.push_back({rb.fd, POLLIN, 0});
  const size_t ring_polls = rings_.size();
  bool control_polled = control_.active();
  if (control_polled) pfds.push_back({control_.fd(), POLLIN, 0});
  bool draining = false;
  long last_switch_ms = 0;
  size_t next_edge = 0;  // -D ranges: the next start or end to pass
  while (true) {
    size_t bytes = drain_all();
    if (have_workload_ && g_child_done && o_.tail_synthesize) {
      // Left unreaped until its side band is written.
      siginfo_t si{};
      if (waitid(P_PID, static_cast<id_t>(workload_.pid()), &si, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          si.si_pid == workload_.pid()) {
        workload_exited_ = true;
        g_done = 1;
      }
      g_child_done = 0;
    }
    if (have_workload_ && g_child_done) {
      int st;
      if (waitpid(workload_.pid(), &st, WNOHANG) == workload_.pid()) {
        workload_status_ = st;
        workload_reaped_ = true;
        g_done = 1;
      }
      g_child_done = 0;
    }
    // -D ranges: each edge switches the sampling events on or off, with perf's messages.
    while (next_edge < 2 * o_.delay_ranges.size() && !g_done) {
      const auto& r = o_.delay_ranges[next_edge / 2];
      long at = next_edge % 2 == 0 ? r.first : r.second;
      if (ms_since_start() < at) break;
      const bool on = next_edge % 2 == 0;
      for (const OpenEvent& f : fds_)
        if (f.attr_index != tracking_) ioctl(f.fd, on ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
      if (!o_.quiet) std::fprintf(stderr, "Events %s\n", on ? "enabled" : "disabled");
      next_edge++;
    }
    // perf sleeps out the delay even when the workload has ended: its message comes anyway.
    if (enable_pending && (ms_since_start() >= o_.delay_ms || g_done)) {
      for (const OpenEvent& f : fds_)
        if (f.attr_index != tracking_) ioctl(f.fd, PERF_EVENT_IOC_ENABLE, 0);
      if (!o_.quiet) std::fprintf(stderr, "Events enabled\n");
      enable_pending = false;
    }
    if (o_.switch_output.mode == SwitchOutputSpec::kTime &&
        ms_since_start() - last_switch_ms >= static_cast<long>(o_.switch_output.seconds) * 1000)
      switch_pending_ = true;
    if (g_switch_output) {
      g_switch_output = 0;
      switch_pending_ = true;
    }
    if (drain_switch_events()) switch_pending_ = true;
    if (switch_pending_ && !g_done && !writer_->is_pipe()) {
      if (!rotate_output()) {
        write_error_ = true;
        g_done = 1;
      }
      last_switch_ms = ms_since_start();
      continue;
    }
    if (bytes) continue;
    if (g_done || draining) break;
    int timeout = enable_pending ? static_cast<int>(std::clamp(o_.delay_ms - ms_since_start(), 0L, 1000L)) : 1000;
    if (next_edge < 2 * o_.delay_ranges.size()) {
      const auto& r = o_.delay_ranges[next_edge / 2];
      long at = next_edge % 2 == 0 ? r.first : r.second;
      timeout = static_cast<int>(std::clamp(at - ms_since_start(), 0L, static_cast<long>(timeout)));
    }
    if (o_.switch_output.mode == SwitchOutputSpec::kTime)
      timeout = static_cast<int>(std::clamp(static_cast<long>(o_.switch_output.seconds) * 1000 - (ms_since_start() - last_switch_ms), 0L, static_cast<long>(timeout)));
    int n = poll(pfds.data(), pfds.size(), timeout);
    if (n != 0) wakeups_++;
    if (n > 0) {
      bool all_hup = true;
      for (size_t k = 0; k < ring_polls; k++) all_hup &= (pfds[k].revents & (POLLHUP | POLLERR)) != 0;
      if (all_hup) draining = true;
      for (size_t k = ring_polls; k < ring_polls + switch_rings_.size(); k++)
        if (pfds[k].revents & (POLLHUP | POLLERR)) pfds[k].fd = -1;  // its task ended: stop polling it
      if (control_polled && pfds.back().revents) {
        if (pfds.back().revents & POLLIN) {
          for (const ControlCommand& c : control_.read_commands()) run_control_command(c, enable_pending);
        }
        const bool closed = (pfds.back().revents & (POLLHUP | POLLERR | POLLNVAL)) && !(pfds.back().revents & POLLIN);
        if (!control_.active() || closed) {
          control_.drop();
          pfds.pop_back();
          control_polled = false;
        }
      }
    }
  }
  for (const OpenEvent& f : fds_) ioctl(f.fd, PERF_EVENT_IOC_DISABLE, 0);
  drain_all();
  if (o_.overwrite) drain_backward_all();
  write_lost_samples();
  if (o_.tail_synthesize) write_tail_side_band();
  int status = exec_failed_ ? 255 : 0;
  if (have_workload_) {
    if (!workload_reaped_) {
      if (!g_child_done && !workload_exited_) kill(workload_.pid(), SIGTERM);
      waitpid(workload_.pid(), &workload_status_, 0);
    }
    if (WIFEXITED(workload_status_)) status = WEXITSTATUS(workload_status_);
    else if (size_limit_reached_ && WIFSIGNALED(workload_status_) && WTERMSIG(workload_status_) == SIGTERM) {
      // Our own SIGTERM after --max-size: perf reports nothing and exits 0.
    } else if (WIFSIGNALED(workload_status_)) {
      // The workload died of a signal (Ctrl-C, "stop", a crash): once the file is written,
      // perf ends by the same signal, saying nothing itself.
      status = -WTERMSIG(workload_status_);
    }
  }
  final_features_ = file_features();
  if (!writer_->is_pipe()) update_buildid_cache(final_features_);
  return finish_and_report(status);
}

// perf's records about the session: the ids' rings, CPUs and threads, each event's unit, scale
// and CPUs, the thread and CPU maps, the workload's name before its exec.
void Recorder::write_session_records() {
  RecordSink sink = side_band_sink();
  bool cpu_target = o_.system_wide || !o_.cpus.empty();
  std::vector<int> online;
  parse_record_cpu_list(read_line("/sys/devices/system/cpu/online"), online);
  for (size_t i = 0; i < specs_.size(); i++) {
    auto first = std::find_if(fds_.begin(), fds_.end(), [&](const OpenEvent& f) { return f.attr_index == i; });
    if (first == fds_.end()) continue;
    const perf_event_attr& a = specs_[i].attr;
    bool clock = a.type == PERF_TYPE_SOFTWARE && (a.config == PERF_COUNT_SW_CPU_CLOCK || a.config == PERF_COUNT_SW_TASK_CLOCK);
    synthesize_event_update(first->id, clock, online, sink);
  }
  synthesize_thread_map(cpu_target ? std::vector<pid_t>{-1} : threads_, sink);
  synthesize_cpu_map(cpus_, sink);
  // (after the side band of running processes, as perf 7.2 writes it, unless that comes at the end)
  if (have_workload_ && o_.tail_synthesize) synthesize_workload_comm(workload_.pid(), id_header_size(specs_[tracking_].attr.sample_type), sink);
}

void Recorder::write_id_index() {
  std::vector<IdIndexEntry> ids;
  bool cpu_target = o_.system_wide || !o_.cpus.empty();
  for (const OpenEvent& f : fds_) ids.push_back({f.id, f.ring, f.cpu, cpu_target ? -1 : f.pid});
  synthesize_id_index(ids, side_band_sink());
}

// Synthesized records go to the file as the ring's do, followed for maps and hits.
RecordSink Recorder::side_band_sink() {
  return [this](const void* d, size_t n) {
    scan_records(static_cast<const std::byte*>(d), n);
    write_data(d, n);
  };
}

// The side band of what is recorded as it is now: kernel maps, and the processes watched.
void Recorder::synthesize_side_band() {
  synthesize_kernel_side_band();
  synthesize_task_side_band();
}

void Recorder::synthesize_kernel_side_band() {
  synthesize_kernel_maps(id_header_size(specs_[tracking_].attr.sample_type), side_band_sink(), o_.buildid_mmap);
}

void Recorder::synthesize_task_side_band() {
  size_t id_hdr = id_header_size(specs_[tracking_].attr.sample_type);
  RecordSink sink = side_band_sink();
  if (o_.all_cgroups && o_.synth_cgroups) synthesize_cgroups(perf_event_cgroup_mount(), id_hdr, sink);
  if (!o_.synth_tasks) {
    // --synth=no or cgroup: the samples of running processes go without their maps and comms
  } else if (o_.system_wide) {
    synthesize_all_processes(id_hdr, sink, synthesis_options(o_.synth_mmaps));
  } else if (!pids_.empty() || !o_.tids.empty()) {
    synthesize_threads(threads_, id_hdr, sink, synthesis_options(o_.synth_mmaps));  // perf's thread map: -t, -p, -u
  }
}

// The workload, forked and waiting for its exec: its name ("perf-exec") and with --namespaces
// its namespaces, after the side band of the processes already running (perf 7.2's order).
void Recorder::synthesize_workload_side_band() {
  if (!have_workload_) return;
  size_t id_hdr = id_header_size(specs_[tracking_].attr.sample_type);
  RecordSink sink = side_band_sink();
  synthesize_workload_comm(workload_.pid(), id_hdr, sink);
  if (o_.namespaces && !o_.system_wide) synthesize_namespaces(workload_.pid(), workload_.pid(), id_hdr, sink);
}

void Recorder::reset_file_counters() {
  samples_ = lost_ = wakeups_ = 0;
  first_time_ = ~uint64_t{0};
  last_time_ = 0;
  bytes_transferred_ = bytes_compressed_ = 0;
  hit_.clear();
  unmapped_kernel_hit_ = false;
  for (auto& [pid, maps] : maps_)
    for (auto& [start, e] : maps.by_start) e.hit = false;
  for (auto& [start, e] : kernel_maps_.by_start) e.hit = false;
}

FeatureInputs Recorder::file_features() {
  FeatureInputs fin = fin_;
  // The build-id table, unless the MMAP2 records carry the ids (perf 7.2's default)
  if (!o_.no_buildid && !o_.buildid_mmap) fin.build_ids = collect_build_ids();
  fin.pipe = writer_->is_pipe();
  fin.compression = compression_feature();
  // perf 7.2 always writes the feature to a file, with zeros for times it did not learn.
  fin.have_sample_time = true;
  const bool times = o_.sample_times && samples_ > 0;
  fin.first_sample_time = times ? first_time_ : 0;
  fin.last_sample_time = times ? last_time_ : 0;
  return fin;
}

bool Recorder::rotate_output() {
  switch_pending_ = false;
  if (o_.overwrite) drain_backward_all();
  if (o_.tail_synthesize) write_tail_side_band();
  FeatureInputs fin = file_features();
  update_buildid_cache(fin);
  if (write_error_ || !writer_->finish(collect_features(fin))) {
    std::fprintf(stderr, "failed to write perf data, error: %s\n", std::strerror(writer_->error_number()));
    return false;
  }
  std::string stamped = timestamped_name(o_.output);
  if (::rename(o_.output.c_str(), stamped.c_str()) != 0) {
    std::fprintf(stderr, "failed to rename %s to %s: %s\n", o_.output.c_str(), stamped.c_str(), std::strerror(errno));
    return false;
  }
  if (!o_.quiet) {
    std::fprintf(stderr, "[ perf record: dump data: Woken up %llu times ]\n", static_cast<unsigned long long>(wakeups_));
    std::fprintf(stderr, "[ perf record: Dump %s ]\n", stamped.c_str());
  }
  rotated_.add(stamped);
  writer_ = std::make_unique<PerfDataWriter>();
  if (!writer_->open(o_.output) || !writer_->begin(attrs_, FeatureMap{})) {
    std::fprintf(stderr, "failed to create %s: %s\n", o_.output.c_str(), std::strerror(writer_->error_number()));
    return false;
  }
  reset_file_counters();
  if (o_.tail_synthesize) return true;  // this file's side band comes at its end
  // perf starts the new file with no side band; the samples in it then miss the maps and
  // names of everything that started before. cperf gives it the side band again.
  synthesize_side_band();
  if (have_workload_ && !o_.system_wide && pids_.empty() && o_.tids.empty()) {
    synthesize_thread(workload_.pid(), id_header_size(specs_[tracking_].attr.sample_type), side_band_sink(), synthesis_options(true));
  }
  return true;
}

// --switch-output-event: the events open on the tasks and CPUs of the recording's target, each
// sample waking us up; their records are not written, they only switch the output. Like
// perf's side-band thread, which opens them for the target before the workload exists, a
// workload without -p/-t/-u/-a/-C leaves no task to follow: they then count on every CPU,
// whichever process fires them.
bool Recorder::open_switch_events() {
  long page = sysconf(_SC_PAGESIZE);
  bool cpu_target = o_.system_wide || !o_.cpus.empty();
  bool task_target = !pids_.empty() || !o_.tids.empty() || o_.uid;
  std::vector<pid_t> threads = threads_;
  if (!cpu_target && !task_target) {
    // With --per-thread there is no CPU to count on either: perf's open of such events fails
    // and it records on without them (the output still rotates on SIGUSR2).
    if (o_.per_thread) return true;
    threads = {-1};
  }
  for (EventSpec e : o_.switch_output_events) {
    perf_event_attr& a = e.attr;
    if (!e.user_period) a.sample_period = 1;
    a.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID | PERF_SAMPLE_TIME;
    a.wakeup_events = 1;
    a.disabled = 1;
    a.inherit = task_target && !(o_.no_inherit || o_.per_thread);
    a.size = minimal_attr_size(a);
    if (a.size < PERF_ATTR_SIZE_VER1) a.size = PERF_ATTR_SIZE_VER1;
    for (pid_t t : threads)
      for (int c : cpus_) {
        int fd = sys_perf_event_open(a, t, c, -1, PERF_FLAG_FD_CLOEXEC);
        if (fd < 0) {
          if (errno == ESRCH) continue;
          explain_open_error(e, errno);
          return false;
        }
        size_t len = 2 * static_cast<size_t>(page);
        void* base = mmap(nullptr, len, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
        if (base == MAP_FAILED) {
          std::fprintf(stderr, "failed to mmap with %d (%s)\n", errno, std::strerror(errno));
          close(fd);
          return false;
        }
        switch_rings_.push_back({fd, base, len});
      }
  }
  return true;
}

// Whether any --switch-output-event fired since the last call (its records are dropped).
bool Recorder::drain_switch_events() {
  bool fired = false;
  for (RingBuffer& rb : switch_rings_) {
    perf_event_mmap_page* pg = rb.page();
    uint64_t head = __atomic_load_n(&pg->data_head, __ATOMIC_ACQUIRE);
    if (head != pg->data_tail) {
      __atomic_store_n(&pg->data_tail, head, __ATOMIC_RELEASE);
      fired = true;
    }
  }
  return fired;
}

void Recorder::set_enabled(const std::string& name, bool enable) {
  bool found = name.empty();
  for (const OpenEvent& f : fds_) {
    if (name.empty() ? f.attr_index == tracking_ && tracking_ != 0 : specs_[f.attr_index].name != name) continue;
    found = true;
    ioctl(f.fd, enable ? PERF_EVENT_IOC_ENABLE : PERF_EVENT_IOC_DISABLE, 0);
  }
  if (!found) {
    std::fprintf(stderr, "failed: can't find '%s' event\n", name.c_str());
    return;
  }
  if (o_.quiet) return;
  if (name.empty())
    std::fprintf(stderr, "Events %s\n", enable ? "enabled" : "disabled");
  else
    std::fprintf(stderr, "Event %s %s\n", name.c_str(), enable ? "enabled" : "disabled");
}

// perf's "evlist" control command: the events' names, with -v their attrs, with -F their
// sampling rates, on stderr.
void Recorder::print_evlist(const std::string& flag) const {
  for (const EventSpec& e : specs_) {
    std::string line = e.name;
    if (flag == "-v") {
      perf_event_attr shown = e.attr;
      shown.size = PERF_ATTR_SIZE_VER9;  // the size of the struct in memory, as perf shows it
      const char* sep = ":";
      for_each_printed_attr_field(shown, [&](const char* field, const std::string& value) {
        line += std::string(sep) + " " + field + ": " + value;
        sep = ",";
      });
    } else if (flag == "-F") {
      line += e.attr.freq ? ": sample_freq=" : ": sample_period=";
      line += std::to_string(e.attr.sample_period);
    }
    std::fprintf(stderr, "%s\n", line.c_str());
  }
}

void Recorder::run_control_command(const ControlCommand& c, bool& enable_pending) {
  switch (c.kind) {
    case ControlCommand::kEnable:
    case ControlCommand::kDisable:
      set_enabled(c.arg, c.kind == ControlCommand::kEnable);
      if (c.arg.empty()) enable_pending = false;  // the command overrides -D's timer
      break;
    case ControlCommand::kStop:  // the workload then gets SIGTERM, and we end by it, as perf
      g_done = 1;
      break;
    case ControlCommand::kEvlist:
      print_evlist(c.arg);
      break;
    case ControlCommand::kSnapshot:
    case ControlCommand::kPing:
      break;
    case ControlCommand::kUnknown:
      return;  // perf answers nothing
  }
  control_.ack();
}

int Recorder::finish_and_report(int status) {
  const bool quiet = o_.quiet || exec_failed_;  // perf says only why the workload failed
  if (!quiet) std::fprintf(stderr, "[ perf record: Woken up %llu times to write data ]\n",
                              static_cast<unsigned long long>(wakeups_));
  FeatureMap features = writer_->is_pipe() ? FeatureMap{} : collect_features(final_features_);
  if (write_error_ || !writer_->finish(features)) {
    // perf's line; then, unlike perf (whose file then reads as empty), the complete records
    // already written are kept in a valid file.
    std::fprintf(stderr, "failed to write perf data, error: %s\n", std::strerror(writer_->error_number()));
    if (!writer_->is_pipe() && writer_->salvage(features))
      std::fprintf(stderr, "cperf record: %s keeps the %llu bytes of records written before the error\n",
                   o_.output.c_str(), static_cast<unsigned long long>(writer_->data_size()));
    return 255;
  }
  for (OpenEvent& f : fds_) close(f.fd);
  for (RingBuffer& rb : rings_)
    if (rb.out_fd >= 0) close(rb.out_fd);
  for (const auto& [path, fd] : cgroup_fds_)
    if (fd >= 0) close(fd);
  for (RingBuffer& rb : switch_rings_) {
    munmap(rb.base, rb.len);
    close(rb.fd);
  }
  // perf reads its file back for the build ids (for the cache alone in build-id-mmap mode, so
  // not with -N) and so warns about lost events; so does cperf, reading it only when the kernel
  // reported losses.
  const bool read_back = !o_.no_buildid && (o_.buildid_cache || !o_.buildid_mmap);
  if (!o_.quiet && !writer_->is_pipe() && read_back && lost_)
    print_file_loss_warnings(stderr, o_.output);
  std::string shown = o_.output;
  const bool switching = o_.switch_output.mode != SwitchOutputSpec::kNone;
  if ((o_.timestamp_filename || switching) && !writer_->is_pipe()) {
    std::string stamped = timestamped_name(o_.output);
    if (::rename(o_.output.c_str(), stamped.c_str()) != 0) {
      std::fprintf(stderr, "failed to rename %s to %s: %s\n", o_.output.c_str(), stamped.c_str(),
                   std::strerror(errno));
      return 255;
    }
    if (!o_.quiet) std::fprintf(stderr, "[ perf record: Dump %s ]\n", stamped.c_str());
    rotated_.add(stamped);
    shown = o_.output + ".<timestamp>";
  }
  if (!quiet) {
    double mb = static_cast<double>(writer_->bytes_written() + ring_file_bytes_) / (1024.0 * 1024.0);
    // perf leaves the count out when there is none (-n, -D -1), when switching files, for a pipe,
    // and when it counts none: it counts in its walk over the samples for build ids, which
    // -B, -N and --buildid-all skip
    const bool counted = o_.sample_times && !o_.buildid_all;
    std::string count = samples_ == 0 || switching || writer_->is_pipe() || !counted ? "" : " (" + std::to_string(samples_) + " samples)";
    if (o_.compression_level && bytes_compressed_) {  // -z: perf's ratio of the records before and after
      char z[96];
      std::snprintf(z, sizeof z, ", compressed (original %.3f MB, ratio is %.3f)",
                    static_cast<double>(bytes_transferred_) / (1024.0 * 1024.0),
                    static_cast<double>(static_cast<float>(bytes_transferred_) / static_cast<float>(bytes_compressed_)));
      count += z;
    }
    if (writer_->is_pipe())
      std::fprintf(stderr, "[ perf record: Captured and wrote %.3f MB -%s ]\n", mb, count.empty() ? "" : count.c_str());
    else
      std::fprintf(stderr, "[ perf record: Captured and wrote %.3f MB %s%s ]\n", mb, shown.c_str(), count.c_str());
  }

  return status;
}

}  // namespace

bool parse_clockid(const std::string& text, int& clockid) {
  static const std::pair<const char*, int> kClocks[] = {
      {"monotonic", CLOCK_MONOTONIC}, {"monotonic_raw", CLOCK_MONOTONIC_RAW},
      {"realtime", CLOCK_REALTIME},   {"boottime", CLOCK_BOOTTIME},
      {"tai", CLOCK_TAI},             {"mono", CLOCK_MONOTONIC},
      {"raw", CLOCK_MONOTONIC_RAW},   {"real", CLOCK_REALTIME},
      {"boot", CLOCK_BOOTTIME}};
  if (std::sscanf(text.c_str(), "%d", &clockid) == 1) return true;  // perf: a leading number
  const char* name = text.c_str();
  if (strncasecmp(name, "CLOCK_", 6) == 0) name += 6;
  for (const auto& [n, id] : kClocks) {
    if (strcasecmp(name, n) == 0) {
      clockid = id;
      return true;
    }
  }
  return false;
}

bool parse_record_cpu_list(const std::string& text, std::vector<int>& out) {
  std::stringstream ss(text);
  std::string part;
  while (std::getline(ss, part, ',')) {
    if (part.empty()) continue;
    char* end = nullptr;
    long a = std::strtol(part.c_str(), &end, 10);
    long b = a;
    if (*end == '-') b = std::strtol(end + 1, &end, 10);
    if (*end || a < 0 || b < a) return false;
    for (long i = a; i <= b; i++) out.push_back(static_cast<int>(i));
  }
  return !out.empty();
}

int run_record(const RecordOptions& opts) {
  Recorder r(opts);
  int status = r.run();
  if (status < 0) {  // ends by the signal that ended the workload, as perf does
    std::fflush(nullptr);
    rlimit no_core{0, 0};  // the workload's crash, not ours: no core file of cperf
    setrlimit(RLIMIT_CORE, &no_core);
    sigset_t all;
    sigemptyset(&all);
    sigaddset(&all, -status);
    sigprocmask(SIG_UNBLOCK, &all, nullptr);
    signal(-status, SIG_DFL);
    raise(-status);
    return 128 - status;  // a signal that does not end a process (SIGCHLD, ...)
  }
  return status;
}

}  // namespace cperf
