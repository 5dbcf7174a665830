// The `cperf record` engine: opens the events (with perf's fallbacks), maps one ring buffer
// per CPU (or per thread), synthesizes the pre-existing side band, runs the workload and
// the poll loop, and writes perf.data through PerfDataWriter.
#pragma once
#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "recorder/callchain_opts.h"
#include "recorder/event_spec.h"
#include "recorder/switch_output.h"

namespace cperf {

struct RecordOptions {
  std::vector<EventSpec> events;  // empty: the default event
  CallchainOptions callchain;
  uint64_t freq = 0;      // -F (0: not given)
  uint64_t period = 0;    // -c (0: not given)
  bool system_wide = false;
  std::vector<pid_t> pids, tids;
  std::optional<uid_t> uid;  // -u: the processes of this user at start (when no -p/-t)
  std::vector<int> cpus;  // -C (empty: all online)
  bool no_inherit = false;
  bool per_thread = false;
  unsigned mmap_pages = 0;  // 0: 512 KiB worth
  int compression_level = 0;  // -z/--compression-level: zstd level, 0: records written plain
  std::string output = "perf.data";
  bool use_clockid = false;  // -k/--clockid
  int clockid = 0;
  bool quiet = false;
  bool buildid_cache = true;  // -N/--no-buildid-cache: leave ~/.debug alone
  bool buildid_all = false;   // --buildid-all: every mapped DSO, not only those with samples
  // The times of the first and last sample in the sample_time feature: perf 7.2 learns them
  // only when it walks the samples for build ids at the end (not with -B, -N, or --buildid-all
  // without --timestamp-boundary); otherwise it writes zeros.
  bool sample_times = true;
  // MMAP2 records carry build ids (attr.build_id, synthesized ones too) and the file has no
  // build-id table: perf 7.2's default; --no-buildid-mmap clears it.
  bool buildid_mmap = true;
  bool no_buildid = false;    // -B/--no-buildid: no build-id table and no cache entries
  bool bpf_event = true;      // --no-bpf-event clears it on the tracking event
  // --synth: what is written of what existed before recording (perf's task, mmap, cgroup):
  // COMM/FORK of running threads, their maps, and with --all-cgroups the cgroups.
  bool synth_tasks = true, synth_mmaps = true, synth_cgroups = true;
  bool sample_cpu = false;    // --sample-cpu: every sample says its CPU
  bool data_addr = false;     // -d/--data: sample addresses (ADDR, DATA_SRC), data mmaps
  bool switch_events = false; // --switch-events: context switch records
  bool per_thread_stat = false;  // -s/--stat: per-thread counts (READ records at exit)
  // What each sample carries, beyond the defaults (perf's option in brackets).
  bool no_timestamp = false;     // --no-timestamp: no TIME
  bool timestamp = false;        // -T/--timestamp: TIME even where perf would leave it out
  bool sample_period = false;    // -P/--period: PERIOD with -c too
  bool raw_samples = false;      // -R/--raw-samples: RAW (with TIME and CPU)
  bool no_samples = false;       // -n/--no-samples: sample period 0 (side band only)
  bool weight = false;           // -W/--weight: WEIGHT_STRUCT (x86)
  bool phys_data = false;        // --phys-data: PHYS_ADDR
  bool data_page_size = false;   // --data-page-size
  bool code_page_size = false;   // --code-page-size
  bool sample_identifier = false;  // --sample-identifier: IDENTIFIER
  bool running_time = false;     // --running-time: times enabled/running in read_format
  bool sample_mem_info = false;  // --sample-mem-info: DATA_SRC
  bool transaction = false;      // --transaction: TRANSACTION
  uint64_t intr_regs = 0;        // -I/--intr-regs: sample_regs_intr mask (0: none)
  uint64_t user_regs = 0;        // --user-regs: sample_regs_user mask (0: none)
  // Which contexts are sampled and what the side band says.
  bool all_user = false;         // --all-user: every event excludes the kernel
  bool all_kernel = false;       // --all-kernel: every event excludes user space
  bool kernel_callchains = false;  // --kernel-callchains: exclude_callchain_user
  bool user_callchains = false;    // --user-callchains: exclude_callchain_kernel
  bool namespaces = false;       // --namespaces: NAMESPACES records
  bool data_mmap = false;        // --data-mmap: mmaps of data, not only code
  bool no_buffering = false;     // --no-buffering: wake up at every sample
  uint64_t branch_filter = 0;    // -b/-j: PERF_SAMPLE_BRANCH_* of every sampling event (0: none)
  bool threads = false;          // --threads: OUTPUT is perf's data directory, a data.K per ring
  bool kcore = false;            // --kcore: OUTPUT is a directory: data, and kcore_dir (a copy of the kernel's code)
  bool all_cgroups = false;      // --all-cgroups: samples say their cgroup, CGROUP records name them
  bool overwrite = false;        // --overwrite: flight recorder, rings written backward, read at the end
  bool tail_synthesize = false;  // --tail-synthesize: the side band at the end, not the start
  // -D/--delay: 0 none; N > 0: enable N ms after the workload starts; -1: stay disabled.
  long delay_ms = 0;
  // -D with time ranges: enabled from .first to .second ms after the start, each (delay_ms is
  // then the first start, or -1 when it is 0).
  std::vector<std::pair<long, long>> delay_ranges;
  uint64_t max_size = 0;         // --max-size: stop once this many bytes of data are written
  bool timestamp_filename = false;  // --timestamp-filename: the file is renamed OUTPUT.<time>
  int realtime_priority = 0;     // -r/--realtime: SCHED_FIFO priority of the recorder
  SwitchOutputSpec switch_output;  // --switch-output (implies OUTPUT.<timestamp> names)
  unsigned switch_max_files = 0;   // --switch-max-files: keep only the newest N (0: all)
  std::vector<EventSpec> switch_output_events;  // --switch-output-event: their samples switch
  std::string control;           // --control=fifo:CTL[,ACK] or fd:CTL[,ACK] (checked already)
  int verbose = 0;
  std::vector<std::string> workload;
  std::vector<std::string> cmdline;  // for HEADER_CMDLINE, starting at "record"
};

// Runs a recording; returns the process exit status (the workload's when there is one).
int run_record(const RecordOptions& opts);

// Parses -k's argument as perf does: a number, or a clock name with an optional CLOCK_ prefix
// (monotonic, monotonic_raw, realtime, boottime, tai; mono, raw, real, boot), any case.
bool parse_clockid(const std::string& text, int& clockid);

// Parses a CPU list "0-3,5".
bool parse_record_cpu_list(const std::string& text, std::vector<int>& out);

}  // namespace cperf
