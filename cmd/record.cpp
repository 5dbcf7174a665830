// cperf record: run a command (or watch pids/CPUs) and write its profile to perf.data.
// The option parser stops at the first non-option (the workload), as perf does.
#include <fcntl.h>
#include <pwd.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <strings.h>
#include <string>

#include "commands.h"
#include <vector>
#include "record_usage.h"
#include "recorder/branch_filter.h"
#include "recorder/cgroups.h"
#include "recorder/control_channel.h"
#include "recorder/recorder.h"
#include "writer/output_backup.h"

namespace cperf {

namespace {

const char* const kUsage = kRecordUsage;

// The two "Usage:" lines that open perf's usage, with the blank lines around them.
std::string usage_head() { return record_usage_head(); }

int usage_error(const std::string& msg) {
  std::fprintf(stderr, "  Error: %s\n%s", msg.c_str(), kUsage);
  return 129;
}

bool parse_ids(const std::string& text, std::vector<pid_t>& out) {
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    std::string p = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    char* end = nullptr;
    long v = std::strtol(p.c_str(), &end, 10);
    if (p.empty() || *end || v <= 0) return false;
    out.push_back(static_cast<pid_t>(v));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return true;
}


// -u: a user name, else a uid number of an existing user (perf's order and messages).
bool parse_user(const std::string& text, uid_t& uid, std::string& error) {
  if (const passwd* pw = getpwnam(text.c_str())) {
    uid = pw->pw_uid;
    return true;
  }
  char* end = nullptr;
  long v = std::strtol(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0') {
    error = "Invalid User: " + text;
    return false;
  }
  const passwd* pw = getpwuid(static_cast<uid_t>(v));
  if (!pw) {
    error = "Invalid User: " + text;
    return false;
  }
  uid = pw->pw_uid;
  return true;
}

// The kernel's sampling rate limit (perf_event_max_sample_rate), or 0 if unknown.
unsigned long max_sample_rate() {
  unsigned long m = 0;
  if (FILE* f = std::fopen("/proc/sys/kernel/perf_event_max_sample_rate", "r")) {
    if (std::fscanf(f, "%lu", &m) != 1) m = 0;
    std::fclose(f);
  }
  return m;
}

// perf's handling of -F against the kernel's limit: `max` takes the limit (and says so, even
// with -q, as perf does); a higher rate is lowered to it with perf's warning.
int apply_max_sample_rate(RecordOptions& o, bool freq_max, bool strict) {
  unsigned long max = max_sample_rate();
  if (strict && !freq_max && max && o.freq > max) {  // --strict-freq: refuse instead
    std::fprintf(stderr,
                 "error: Maximum frequency rate (%lu Hz) exceeded.\n"
                 "       Please use -F freq option with a lower value or consider\n"
                 "       tweaking /proc/sys/kernel/perf_event_max_sample_rate.\n",
                 max);
    return 234;  // perf's -EINVAL as an exit status
  }
  if (freq_max) {
    o.freq = max;
    std::fprintf(stderr, "info: Using a maximum frequency rate of %lu Hz\n", max);
  } else if (max && o.freq > max) {
    std::fprintf(stderr,
                 "warning: Maximum frequency rate (%lu Hz) exceeded, throttling from %llu Hz to %lu Hz.\n"
                 "         The limit can be raised via /proc/sys/kernel/perf_event_max_sample_rate.\n"
                 "         The kernel will lower it when perf's interrupts take too long.\n"
                 "         Use --strict-freq to disable this throttling, refusing to record.\n",
                 max, static_cast<unsigned long long>(o.freq), max);
    o.freq = max;
  }
  return 0;
}

// -I/--intr-regs and --user-regs: perf's x86_64 register names, any case, comma separated;
// "?" lists them. Returns 0, or the exit status after perf's message and usage.
const char* const kSampleRegs[] = {"AX", "BX", "CX", "DX", "SI", "DI", "BP", "SP", "IP", "FLAGS",
                                   "CS", "SS", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"};
const int kSampleRegBits[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 16, 17, 18, 19, 20, 21, 22, 23};
constexpr uint64_t kDefaultSampleRegs = 0xff0fff;  // every register above

int parse_sample_regs(const std::string& text, bool has_value, bool short_form, uint64_t& mask) {
  const char* kIntrLine =
      "    -I, --intr-regs[=<any register>]\n"
      "                          sample selected machine registers on interrupt, use '-I?' to list register names\n";
  if (!has_value || text.empty()) {
    mask = kDefaultSampleRegs;
    return 0;
  }
  const std::string usage = usage_head();
  if (text == "?") {
    std::fprintf(stderr, "available registers:");
    for (const char* r : kSampleRegs) std::fprintf(stderr, " %s", r);
    std::fprintf(stderr, "\n%s%s", usage.c_str(), short_form ? kIntrLine : "");
    return 129;
  }
  mask = 0;
  size_t pos = 0;
  while (pos <= text.size()) {
    size_t comma = text.find(',', pos);
    std::string name = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    bool found = false;
    for (size_t r = 0; r < std::size(kSampleRegs); r++)
      if (strcasecmp(name.c_str(), kSampleRegs[r]) == 0) {
        mask |= uint64_t{1} << kSampleRegBits[r];
        found = true;
      }
    if (!found) {
      std::fprintf(stderr, "Warning:\nUnknown register \"%s\", check man page or run \"perf record %s?\"\n%s%s",
                   name.c_str(), short_form ? "-I" : "--user-regs=", usage.c_str(), short_form ? kIntrLine : "");
      return 129;
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  return 0;
}

// -h [OPTION...]: perf's whole usage, or the usage lines of the options named after it; 129.
int print_help(const std::vector<std::string>& args, size_t from) {
  std::vector<std::string> named;
  for (size_t k = from; k < args.size() && args[k].size() > 1 && args[k][0] == '-' && args[k] != "--"; k++)
    named.push_back(args[k]);
  std::string lines = record_option_lines(named);
  if (lines.empty()) {
    std::fputs(kUsage, stderr);
  } else {
    std::fprintf(stderr, "%s%s\n", record_usage_head().c_str(), lines.c_str());
  }
  return 129;
}

// --threads=SPEC: cpu, core, package, numa, or perf's user masks "CPUS/CPUS[:CPUS/CPUS...]"
// (the CPUs a thread reads, and its affinity).
bool valid_threads_spec(const std::string& spec) {
  if (spec.empty() || spec == "cpu" || spec == "core" || spec == "package" || spec == "numa") return true;
  auto cpu_list = [](const std::string& t) {
    return !t.empty() && t.find_first_not_of("0123456789,-") == std::string::npos && std::isdigit(static_cast<unsigned char>(t[0]));
  };
  size_t pos = 0;
  for (;;) {
    size_t colon = spec.find(':', pos);
    std::string pair = spec.substr(pos, colon == std::string::npos ? std::string::npos : colon - pos);
    size_t slash = pair.find('/');
    if (slash == std::string::npos || !cpu_list(pair.substr(0, slash)) || !cpu_list(pair.substr(slash + 1))) return false;
    if (colon == std::string::npos) return true;
    pos = colon + 1;
  }
}

// -D: N ms (-1: start disabled), or perf's time ranges "10-20,30-40" (ms after the start).
bool parse_delay(const std::string& text, RecordOptions& o) {
  char* end = nullptr;
  long ms = std::strtol(text.c_str(), &end, 10);
  if (!text.empty() && !*end) {
    if (ms < -1) return false;
    o.delay_ms = ms;
    return true;
  }
  std::vector<std::pair<long, long>> ranges;
  for (size_t pos = 0;;) {
    size_t comma = text.find(',', pos);
    std::string r = text.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    long from = std::strtol(r.c_str(), &end, 10);
    if (r.empty() || end == r.c_str() || *end != '-') return false;
    const char* second = end + 1;
    long to = std::strtol(second, &end, 10);
    if (end == second || *end || from < 0 || to <= from || (!ranges.empty() && from < ranges.back().second))
      return false;
    ranges.emplace_back(from, to);
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  o.delay_ranges = ranges;
  o.delay_ms = -1;  // disabled at the start; the ranges switch them on and off
  return true;
}

// -z/--compression-level: perf takes any value: a level 1..22 (above: 22), else 1.
int compression_level(const std::string& text) {
  long level = std::strtol(text.c_str(), nullptr, 10);
  return level < 1 ? 1 : level > 22 ? 22 : static_cast<int>(level);
}

// -m: perf's pages, or a size with B/K/M/G; a page count that is not a power of two is
// rounded up, with perf's message.
bool parse_mmap_pages(const std::string& value, unsigned& out) {
  std::string pages = value.substr(0, value.find(','));
  char unit = pages.empty() ? 0 : static_cast<char>(std::toupper(static_cast<unsigned char>(pages.back())));
  uint64_t scale = unit == 'B' ? 1 : unit == 'K' ? 1024 : unit == 'M' ? 1 << 20 : unit == 'G' ? 1 << 30 : 0;
  const uint64_t page = static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
  uint64_t n = 0;
  char* end = nullptr;
  if (scale) {
    uint64_t bytes = std::strtoull(pages.c_str(), &end, 10);
    if (end == pages.c_str() || static_cast<size_t>(end - pages.c_str()) != pages.size() - 1) return false;
    n = (bytes * scale + page - 1) / page;
  } else {
    n = std::strtoull(pages.c_str(), &end, 10);
    if (pages.empty() || *end) return false;
  }
  if (n & (n - 1) || n == 0) {
    uint64_t p2 = 1;
    while (p2 < n) p2 <<= 1;
    n = p2;
    uint64_t size = n * page;
    static const char kUnits[] = "BKMGTPE";
    int u = 0;
    while (size >= 1024 && kUnits[u + 1]) size /= 1024, u++;
    std::fprintf(stderr, "rounding mmap pages size to %llu%c (%llu pages)\n", static_cast<unsigned long long>(size),
                 kUnits[u], static_cast<unsigned long long>(n));
  }
  if (n > (1u << 24)) return false;
  out = static_cast<unsigned>(n);
  return true;
}

// -b (any taken branch) and -j MODES: one of them, once; perf's messages and usage lines.
int set_branch_filter(RecordOptions& o, const std::string& modes, const std::string& arg) {
  if (o.branch_filter) return record_handler_error(arg, "Error: Can't use --branch-any (-b) with --branch-filter (-j).");
  std::string bad;
  if (!parse_branch_filter(modes, o.branch_filter, bad))
    return record_handler_error(arg, "unknown branch filter " + bad + ", check man page");
  return 0;
}

// -G NAME[,NAME...]: the events given so far count only in these cgroups, one name for
// every event without one, or one name per such event in order (perf's rules and messages;
// perf shows the option's usage line only when it was given as -G).
int apply_cgroups(std::vector<EventSpec>& events, const std::string& value, const std::string& arg) {
  auto fail = [&](const std::string& msg) { return record_handler_error(arg, msg); };
  if (events.empty()) return fail("must define events before cgroups");
  std::vector<std::string> names;
  for (size_t pos = 0;;) {
    size_t comma = value.find(',', pos);
    names.push_back(value.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos));
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  const std::string mount = perf_event_cgroup_mount();
  std::vector<std::string> paths;
  for (const std::string& n : names) {
    std::string path = mount + "/" + n;
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fail("no access to cgroup " + path);
    ::close(fd);
    paths.push_back(path);
  }
  size_t next = 0;
  for (EventSpec& e : events) {
    if (!e.cgroup.empty()) continue;
    if (paths.size() == 1) {
      e.cgroup = paths[0];
    } else if (next < paths.size()) {
      e.cgroup = paths[next++];
    }
  }
  return 0;
}

// What perf 7.2 leaves of a --kcore recording that fails: the older output kept as .old (as
// before any recording), then the output directory (0700) with an empty `data` (0600).
void leave_empty_data_dir(const std::string& dir) {
  std::string err;
  if (!keep_previous_output(dir, err)) return;
  if (::mkdir(dir.c_str(), 0700) != 0 && errno != EEXIST) return;
  int fd = ::open((dir + "/data").c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  if (fd >= 0) ::close(fd);
}

// --synth: perf's comma list, any case: no/none (nothing, at once), all (everything, at once),
// task, mmap (task and maps), cgroup. False for an unknown word.
bool parse_synth(const std::string& value, RecordOptions& o) {
  bool task = false, mmap = false, cgroup = false;
  for (size_t pos = 0;;) {
    size_t comma = value.find(',', pos);
    std::string w = value.substr(pos, comma == std::string::npos ? std::string::npos : comma - pos);
    auto is = [&](const char* word) { return strcasecmp(w.c_str(), word) == 0; };
    if (is("no") || is("none")) break;
    if (is("all")) {
      task = mmap = cgroup = true;
      break;
    }
    if (is("task")) {
      task = true;
    } else if (is("mmap")) {
      task = mmap = true;
    } else if (is("cgroup")) {
      cgroup = true;
    } else {
      return false;
    }
    if (comma == std::string::npos) break;
    pos = comma + 1;
  }
  o.synth_tasks = task;
  o.synth_mmaps = mmap;
  o.synth_cgroups = cgroup;
  return true;
}

// Long flags that only set a RecordOptions switch (what samples carry, which contexts).
bool RecordOptions::* sample_flag(const std::string& name) {
  static const std::pair<const char*, bool RecordOptions::*> kFlags[] = {
      {"transaction", &RecordOptions::transaction},
      {"no-timestamp", &RecordOptions::no_timestamp},
      {"period", &RecordOptions::sample_period},
      {"raw-samples", &RecordOptions::raw_samples},
      {"no-samples", &RecordOptions::no_samples},
      {"weight", &RecordOptions::weight},
      {"phys-data", &RecordOptions::phys_data},
      {"data-page-size", &RecordOptions::data_page_size},
      {"code-page-size", &RecordOptions::code_page_size},
      {"sample-identifier", &RecordOptions::sample_identifier},
      {"running-time", &RecordOptions::running_time},
      {"sample-mem-info", &RecordOptions::sample_mem_info},
      {"all-user", &RecordOptions::all_user},
      {"all-kernel", &RecordOptions::all_kernel},
      {"kernel-callchains", &RecordOptions::kernel_callchains},
      {"user-callchains", &RecordOptions::user_callchains},
      {"namespaces", &RecordOptions::namespaces},
      {"data-mmap", &RecordOptions::data_mmap},
      {"no-buffering", &RecordOptions::no_buffering},
      {"overwrite", &RecordOptions::overwrite},
      {"tail-synthesize", &RecordOptions::tail_synthesize},
      {"all-cgroups", &RecordOptions::all_cgroups},
  };
  for (const auto& [flag, member] : kFlags)
    if (name == flag) return member;
  return nullptr;
}

}  // namespace

int cmd_record(const Args& args) {
  RecordOptions o;
  o.cmdline = args;
  bool want_callchain = false;
  bool freq_max = false;  // -F max
  bool freq_zero = false;  // -F 0 (or no digits): perf refuses it
  bool latency = false;  // --latency
  bool strict_freq = false;  // --strict-freq
  bool dry_run = false;  // --dry-run
  bool no_buildid = false, timestamp_boundary = false;  // -B, --timestamp-boundary
  bool snapshot = false, aux_sample = false, kcore = false;  // AUX-area and kcore modes
  std::string vmlinux;   // --vmlinux: checked once -q is known
  std::string callchain_text;
  std::string callchain_arg;  // how --call-graph was given, for perf's usage lines
  size_t i = 1;
  for (; i < args.size(); i++) {
    std::string a = args[i];
    if (a == "--") {
      i++;
      break;
    }
    if (a.empty() || a[0] != '-' || a == "-") break;  // the workload starts here
    std::string name, value;
    bool has_value = false;
    if (a.compare(0, 2, "--") == 0) {
      size_t eq = a.find('=');
      name = a.substr(2, eq == std::string::npos ? std::string::npos : eq - 2);
      if (eq != std::string::npos) { value = a.substr(eq + 1); has_value = true; }
    } else {
      // Short options: flags may be clustered (-ag, -vv); a value may be attached (-F99).
      std::string cluster = a.substr(1);
      static const std::string kValued = "eFcptCmoukDrjG";
      size_t k = 0;
      for (; k < cluster.size(); k++) {
        char c = cluster[k];
        if (kValued.find(c) != std::string::npos) break;
        switch (c) {
          case 'g': want_callchain = true; break;
          case 'a': o.system_wide = true; break;
          case 'i': o.no_inherit = true; break;
          case 'q': o.quiet = true; break;
          case 'N': o.buildid_cache = false; break;
          case 'B': o.no_buildid = no_buildid = true; break;
          case 'd': o.data_addr = true; break;
          case 's': o.per_thread_stat = true; break;
          case 'T': o.timestamp = true; break;
          case 'P': o.sample_period = true; break;
          case 'R': o.raw_samples = true; break;
          case 'n': o.no_samples = true; break;
          case 'W': o.weight = true; break;
          case 'b':
            if (int rc = set_branch_filter(o, "any", "-b")) return rc;
            break;
          case 'I': {  // -I, -IREGS, -I?: the value is attached or absent
            std::string regs = cluster.substr(k + 1);
            if (!regs.empty() && regs[0] == '=') regs = regs.substr(1);
            if (int rc = parse_sample_regs(regs, !regs.empty(), true, o.intr_regs)) return rc;
            k = cluster.size() - 1;
            break;
          }
          case 'z':
            // -z, or -zN with the level attached (perf's optional argument).
            o.compression_level = 1;
            if (k + 1 < cluster.size()) {
              o.compression_level = compression_level(cluster.substr(k + 1));
              k = cluster.size() - 1;
            }
            break;
          case 'S':  // -S, -SOPTS: perf's AUX-area snapshot mode, the value attached or absent
            snapshot = true;
            k = cluster.size() - 1;
            break;
          case 'v': o.verbose++; break;
          case 'h': return print_help(args, i + 1);
          default: return usage_error(std::string("unknown switch `") + c + "'");
        }
      }
      if (k == cluster.size()) continue;
      name = std::string(1, cluster[k]);
      if (k + 1 < cluster.size()) {
        value = cluster.substr(k + 1);
        if (!value.empty() && value[0] == '=') value = value.substr(1);
        has_value = true;
      }
    }
    static const char* kLongFlags[] = {"all-cpus", "no-inherit", "quiet", "verbose", "per-thread",
                                       "help", "no-call-graph", "no-buildid-cache", "buildid-all", "buildid-mmap",
                                       "no-buildid-mmap", "no-buildid", "no-bpf-event", "compression-level",
                                       "sample-cpu", "data", "switch-events", "aio", "stat",
                                       "latency", "threads", "timestamp", "strict-freq",
                                       "timestamp-boundary", "dry-run", "intr-regs", "user-regs",
                                       "timestamp-filename", "exclude-perf", "snapshot", "aux-sample",
                                       "kcore", "off-cpu", "debuginfod", "switch-output",
                                       "branch-any", "all-cgroups"};
    static const char* kLongValued[] = {"call-graph", "clockid", "count", "cpu", "event", "freq",
                                        "mmap-pages", "output", "pid", "tid", "uid", "synth",
                                        "delay", "realtime", "mmap-flush", "affinity",
                                        "proc-map-timeout", "num-thread-synthesize", "max-size", "filter",
                                        "vmlinux", "control", "setup-filter", "off-cpu-thresh",
                                        "switch-max-files", "switch-output-event", "branch-filter", "cgroup"};
    bool is_flag = sample_flag(name) != nullptr, is_valued = name.size() == 1;
    for (const char* f : kLongFlags) is_flag |= name == f;
    for (const char* f : kLongValued) is_valued |= name == f;
    if (!is_flag && !is_valued) return usage_error("unknown option `" + a.substr(2) + "'");
    if (!is_flag && !has_value) {
      if (i + 1 >= args.size()) return record_opt_error(a, "requires a value");
      value = args[++i];
    }
    if (bool RecordOptions::* flag = sample_flag(name)) {
      o.*flag = true;
    } else if (name == "e" || name == "event") {
      std::string err;
      if (!parse_events(value, o.events, err)) {
        return record_handler_error(a, err + "\nRun 'perf list' for a list of valid events");
      }
    } else if (name == "F" || name == "freq") {
      if (value == "max") {
        freq_max = true;
      } else {
        // perf reads the leading digits (none: 0, refused below as perf does)
        o.freq = std::strtoull(value.c_str(), nullptr, 10);
        freq_zero = o.freq == 0;
      }
    } else if (name == "c" || name == "count") {
      // perf's unsigned number option; 0 leaves the default frequency
      char* end = nullptr;
      if (!value.empty() && value[0] == '-') return record_opt_error(a, "expects an unsigned numerical value");
      o.period = std::strtoull(value.c_str(), &end, 0);
      if (value.empty() || *end) return record_opt_error(a, "expects a numerical value");
    } else if (name == "p" || name == "pid") {
      if (!parse_ids(value, o.pids)) {
        std::fprintf(stderr, "Couldn't create thread/CPU maps: No such process\n");
        return 244;  // perf's -ESRCH... as its exit status
      }
    } else if (name == "t" || name == "tid") {
      if (!parse_ids(value, o.tids)) return 255;  // perf fails silently here
    } else if (name == "C" || name == "cpu") {
      if (!parse_record_cpu_list(value, o.cpus)) {
        std::fputs(kUsage, stderr);  // perf's whole usage, no message
        return 129;
      }
    } else if (name == "vmlinux") {
      vmlinux = value;
    } else if (name == "control") {
      // perf opens the channel while it parses the options: a bad value is a usage error.
      ControlChannel probe;
      std::string err;
      if (!probe.open(value, err)) {
        if (!err.empty()) std::fprintf(stderr, "%s\n", err.c_str());
        std::fputs(usage_head().c_str(), stderr);
        return 129;
      }
      o.control = value;
    } else if (name == "branch-any" || name == "j" || name == "branch-filter") {
      if (int rc = set_branch_filter(o, name == "branch-any" ? "any" : value, a)) return rc;
    } else if (name == "G" || name == "cgroup") {
      if (int rc = apply_cgroups(o.events, value, a)) return rc;
    } else if (name == "switch-output") {
      if (!parse_switch_output(value, o.switch_output)) {
        std::fprintf(stderr, "%s%s", usage_head().c_str(),
                     "        --switch-output[=<signal or size[BKMG] or time[smhd]>]\n"
                     "                          Switch output when receiving SIGUSR2 (signal) or cross a size or time threshold\n"
                     "        --switch-output-event <switch output event>\n"
                     "                          switch output event selector. use 'perf list' to list available events\n");
        return 234;
      }
    } else if (name == "switch-output-event") {
      std::string err;
      if (!parse_events(value, o.switch_output_events, err)) {
        std::fprintf(stderr, "%s\nRun 'perf list' for a list of valid events\n%s", err.c_str(), usage_head().c_str());
        return 129;
      }
    } else if (name == "snapshot") {
      snapshot = true;
    } else if (name == "aux-sample") {
      aux_sample = true;
    } else if (name == "kcore") {
      kcore = true;
    } else if (name == "setup-filter") {
      // perf pins BPF sample filters for unprivileged users; without BPF (as Debian's perf
      // 7.2) "pin"/"unpin" fail silently with EOPNOTSUPP.
      if (value != "pin" && value != "unpin") {
        std::fprintf(stderr, "Unknown BPF filter action: %s\n", value.c_str());
        return 234;
      }
      return 161;
    } else if (name == "off-cpu") {
      // perf built without BPF skeletons (Debian's) ignores it with this warning (no newline).
      if (!o.quiet) std::fprintf(stderr, " Warning: option `off-cpu' is being ignored because no BUILD_BPF_SKEL=1 ");
    } else if (name == "off-cpu-thresh" || name == "debuginfod") {
      // Off-CPU threshold (no off-CPU profiling without BPF), debuginfod URLs for perf's
      // build-id caching: they change nothing cperf records.
    } else if (name == "filter" || name == "exclude-perf") {
      // Tracepoint filters bind to the event before them (perf's rule and messages).
      const bool exclude = name == "exclude-perf";
      if (o.events.empty())
        return record_handler_error(a, exclude ? "--exclude-perf option should follow a -e tracepoint option"
                                               : "--filter option should follow a -e tracepoint or HW tracer option");
      EventSpec& last = o.events.back();
      if (!last.is_tracepoint) {
        // perf hands other events' filters to BPF, which cperf (like a perf built without
        // libbpf) does not have.
        return record_handler_error(a, exclude ? "--exclude-perf option should follow a -e tracepoint option"
                                               : "Error: BPF filter is requested but perf is not built with BPF.\n"
                                                 "\tPlease make sure to build with libbpf and BPF skeleton.");
      }
      std::string add = exclude ? "common_pid != " + std::to_string(::getpid()) : value;
      last.filter = last.filter.empty() ? add : "(" + last.filter + ") && (" + add + ")";
    } else if (name == "timestamp-filename") {
      o.timestamp_filename = true;
    } else if (name == "max-size") {
      // perf's size: a positive number with a unit, B, K, M or G; otherwise only its usage.
      char* end = nullptr;
      unsigned long long n = std::strtoull(value.c_str(), &end, 10);
      static const std::string kUnits = "BKMG";
      size_t unit = end && end != value.c_str() && end[0] && !end[1] ? kUnits.find(end[0]) : std::string::npos;
      if (unit == std::string::npos || n == 0) {
        std::fputs("\n Usage: perf record [<options>] [<command>]\n"
                   "    or: perf record [<options>] -- <command> [<options>]\n\n", stderr);
        return 129;
      }
      o.max_size = n << (10 * unit);
    } else if (name == "m" || name == "mmap-pages") {
      if (!parse_mmap_pages(value, o.mmap_pages)) return record_handler_error(a, "Invalid argument for --mmap_pages/-m");
    } else if (name == "o" || name == "output") {
      o.output = value;
    } else if (name == "u" || name == "uid") {
      std::string err;
      uid_t uid;
      if (!parse_user(value, uid, err)) {
        std::fprintf(stderr, "Error:\n%s\n", err.c_str());
        return 234;
      }
      o.uid = uid;
    } else if (name == "k" || name == "clockid") {
      if (o.use_clockid) return record_handler_error(a, "");
      if (!parse_clockid(value, o.clockid)) return record_handler_error(a, "Warning:\nunknown clockid " + value + ", check man page");
      o.use_clockid = true;
    } else if (name == "call-graph") {
      want_callchain = true;
      callchain_text = value;
      callchain_arg = a;
    } else if (name == "all-cpus") {
      o.system_wide = true;
    } else if (name == "no-inherit") {
      o.no_inherit = true;
    } else if (name == "per-thread") {
      o.per_thread = true;
    } else if (name == "buildid-mmap") {
      o.buildid_mmap = true;  // perf 7.2's default: build ids travel in the MMAP2 records
    } else if (name == "no-buildid-mmap") {
      o.buildid_mmap = false;  // device and inode in MMAP2s, build ids in a table at the end
    } else if (name == "buildid-all") {
      o.buildid_all = true;
    } else if (name == "no-buildid-cache") {
      o.buildid_cache = false;
    } else if (name == "no-buildid") {
      o.no_buildid = no_buildid = true;
    } else if (name == "no-bpf-event") {
      o.bpf_event = false;
    } else if (name == "stat") {
      o.per_thread_stat = true;
    } else if (name == "sample-cpu") {
      o.sample_cpu = true;
    } else if (name == "data") {
      o.data_addr = true;
    } else if (name == "switch-events") {
      o.switch_events = true;
    } else if (name == "latency") {
      latency = true;
    } else if (name == "timestamp") {
      o.timestamp = true;
    } else if (name == "timestamp-boundary") {
      timestamp_boundary = true;  // the sample times even with --buildid-all
    } else if (name == "strict-freq") {
      strict_freq = true;
    } else if (name == "dry-run") {
      dry_run = true;
    } else if (name == "intr-regs") {
      if (int rc = parse_sample_regs(value, has_value, false, o.intr_regs)) return rc;
    } else if (name == "user-regs") {
      if (int rc = parse_sample_regs(value, has_value, false, o.user_regs)) return rc;
    } else if (name == "D" || name == "delay") {
      if (!parse_delay(value, o)) return record_handler_error(a, "");
    } else if (name == "r" || name == "realtime") {
      char* end = nullptr;
      long prio = std::strtol(value.c_str(), &end, 0);
      if (value.empty() || *end) return record_opt_error(a, "expects a numerical value");
      o.realtime_priority = static_cast<int>(prio);  // the kernel refuses what it cannot take
    } else if (name == "proc-map-timeout" || name == "num-thread-synthesize" || name == "switch-max-files") {
      char* end = nullptr;
      long n = std::strtol(value.c_str(), &end, 0);
      if (value.empty() || *end) return record_opt_error(a, "expects a numerical value");
      if (name == "switch-max-files") o.switch_max_files = n > 0 ? static_cast<unsigned>(n) : 0;
    } else if (name == "mmap-flush" || name == "affinity") {
      // How perf moves data out of its buffers and synthesizes the side band: cperf's own
      // ways give the same file.
    } else if (name == "threads") {
      // perf's data directory; cperf writes a data.K per ring buffer (one per CPU), as perf
      // 7.2 does here for every spec it takes.
      if (has_value && !valid_threads_spec(value)) {
        std::fprintf(stderr, "Invalid thread maps or affinity specs\nFailed to initialize parallel data streaming masks\n");
        return 234;
      }
      o.threads = true;
    } else if (name == "synth") {
      if (!parse_synth(value, o)) return record_handler_error(a, "Invalid synth option: " + value);
    } else if (name == "aio") {
      // Asynchronous trace writing: how perf writes, not what; cperf's writes give the same
      // file. The optional value (the number of buffers) is checked as perf checks it.
      // (perf takes any value here, and clamps it to 1..4)
    } else if (name == "compression-level") {
      o.compression_level = compression_level(has_value ? value : "");
    } else if (name == "quiet") {
      o.quiet = true;
    } else if (name == "verbose") {
      o.verbose++;
    } else if (name == "no-call-graph") {
      want_callchain = false;
      callchain_text.clear();
    } else if (name == "help") {
      std::fprintf(stderr, "%s", kUsage);
      return 0;
    } else {
      return usage_error("unknown option `" + name + "'");
    }
  }
  for (; i < args.size(); i++) o.workload.push_back(args[i]);
  if (o.quiet) o.verbose = 0;  // perf's quiet option silences -v/-vv, given before or after it
  // With build ids in the MMAP2s, perf 7.2 walks the samples only to fill the cache (so not
  // with -N); without, for the build-id table too.
  o.sample_times = !no_buildid && (o.buildid_cache || !o.buildid_mmap) && !(o.buildid_all && !timestamp_boundary);
  // perf records a thread (-t) without inherit: its children are not asked for (-i given or not).
  if (!o.tids.empty()) o.no_inherit = true;
  // perf's target rules: -p/-t win over -C and -a, which win over --per-thread; the first
  // override is reported (not with -q).
  const char* overridden = nullptr;
  const bool task_target = !o.pids.empty() || !o.tids.empty();
  if (task_target && !o.cpus.empty()) {
    o.cpus.clear();
    overridden = "PID/TID switch overriding CPU";
  }
  if (task_target && o.system_wide) {
    o.system_wide = false;
    if (!overridden) overridden = "PID/TID switch overriding SYSTEM";
  }
  if (o.per_thread && (o.system_wide || !o.cpus.empty())) {
    o.per_thread = false;
    if (!overridden) overridden = "SYSTEM/CPU switch overriding PER-THREAD";
  }
  if (overridden && !o.quiet) std::fprintf(stderr, "Warning:\n%s\n", overridden);
  // perf checks --vmlinux's file (quietly with -q); the kernel's build id still comes from the
  // running kernel.
  if (!vmlinux.empty() && ::access(vmlinux.c_str(), F_OK) != 0) {
    if (!o.quiet) std::fprintf(stderr, "Invalid file: %s\n", vmlinux.c_str());
    return 234;
  }
  // perf's AUX-area modes need an AUX event (Intel PT, CoreSight, ...), which cperf does not
  // record: refused with perf's messages (silent with -q, as perf).
  if (snapshot || aux_sample) {
    if (!o.quiet) std::fprintf(stderr, "%s\n", snapshot ? "No AUX area tracing to snapshot" : "No AUX area event to sample");
    return 234;
  }
  if (kcore) {
    if (::access("/proc/kcore", R_OK) != 0) {
      // perf has made its output directory by then and leaves it: an empty `data` in it.
      if (o.output != "-") leave_empty_data_dir(o.output);
      if (!o.quiet) std::fprintf(stderr, "ERROR: kcore is not readable.\n");
      return 255;
    }
    o.kcore = true;
  }
  bool cgroups = false;
  for (const EventSpec& e : o.events) cgroups |= !e.cgroup.empty();
  if (cgroups && !o.system_wide) {
    std::fprintf(stderr, "  Error: cgroup monitoring only available in system-wide mode\n%s", kUsage);
    return 129;
  }
  if (latency) {
    // perf 7.2 tells parallelism from context switches, which it cannot attribute when it
    // records the whole system.
    if (o.system_wide) {
      std::fprintf(stderr, "Failed: latency profiling is not supported with system-wide collection.\n");
      return 234;  // perf's -EINVAL as an exit status
    }
    o.switch_events = true;
  }
  if ((o.freq || freq_max || freq_zero) && o.period) {
    if (freq_max) std::fprintf(stderr, "info: Using a maximum frequency rate of %lu Hz\n", max_sample_rate());
    std::fprintf(stderr, "cannot set frequency and period at the same time\n");
    return 234;
  }
  if (o.threads && o.switch_output.mode != SwitchOutputSpec::kNone) {
    std::fprintf(stderr, "WARNING: --switch-output option is not available in parallel streaming mode.\n");
    o.switch_output = SwitchOutputSpec{};
    o.switch_output_events.clear();
  }
  if (o.threads && o.output == "-") {  // a stream is one file: perf refuses
    if (!o.quiet) std::fprintf(stderr, "Parallel trace streaming is not available in pipe mode.\n");
    return 255;
  }
  if (freq_zero && o.period == 0) {
    std::fprintf(stderr, "frequency and count are zero, aborting\n");
    return 234;
  }
  if (int rc = apply_max_sample_rate(o, freq_max, strict_freq); rc) return rc;
  // --switch-output-event switches on its events' samples, and on SIGUSR2 as well.
  if (!o.switch_output_events.empty()) o.switch_output.mode = SwitchOutputSpec::kEvent;
  if (o.switch_output.mode == SwitchOutputSpec::kSize && !o.quiet) {
    // perf wakes up once half of a ring is full: a smaller size cannot be kept to.
    long page = sysconf(_SC_PAGESIZE);
    uint64_t pages = o.mmap_pages ? o.mmap_pages : static_cast<uint64_t>(512 * 1024 / page);
    uint64_t wakeup = (pages + 1) * static_cast<uint64_t>(page) / 2;
    if (o.switch_output.size < wakeup) {
      static const char kUnits[] = "BKMGTPE";
      int u = 0;
      uint64_t shown = wakeup;
      while (shown >= 1024 && kUnits[u + 1]) shown /= 1024, u++;
      std::fprintf(stderr, "WARNING: switch-output data size lower than wakeup kernel buffer size (%llu%c) "
                   "expect bigger perf.data sizes\n", static_cast<unsigned long long>(shown), kUnits[u]);
    }
  }
  if (want_callchain) {
    std::string text = callchain_text;
    if (text.empty()) text = config_record_mode();
    if (text.empty()) text = "fp";
    std::string err;
    if (!parse_callchain(text, o.callchain, err)) return record_handler_error(callchain_arg, err);
  }
  if (dry_run) return 0;  // perf parses the options and stops
  return run_record(o);
}

}  // namespace cperf
