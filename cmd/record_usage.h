// perf 7.2's `record` usage text, as `perf record -h` prints it (also after an option error
// that shows the whole usage). The option names and arguments are the command line cperf
// takes; keeping perf's text keeps scripts and users that read it on familiar ground.
#pragma once
#include <string>
#include <vector>

namespace cperf {

// The two "Usage:" lines with the blank lines around them (the first blank left out with
// `leading_blank` false, as perf prints them after its own " Error: ..." lines).
std::string record_usage_head(bool leading_blank = true);

// The usage lines of the option given as `arg` ("-c", "-c5", "--count"): perf finds the
// option by the argument's text, so "--count=5" (or an unknown one) gives none.
std::string record_option_lines(const std::string& arg);
// The lines of several options, in the usage's order, each once (-h OPTION...).
std::string record_option_lines(const std::vector<std::string>& args);

// perf's parse-options errors: " Error: switch `c' WHAT" (or "option `count' WHAT"), the
// usage lines, the option's lines; 129.
int record_opt_error(const std::string& arg, const std::string& what);

// An option handler's refusal: its message line (none when empty), the usage with the
// blank line first, the option's lines; 129.
int record_handler_error(const std::string& arg, const std::string& message);

inline constexpr const char kRecordUsage[] = R"USAGE(
 Usage: perf record [<options>] [<command>]
    or: perf record [<options>] -- <command> [<options>]

    -a, --all-cpus        system-wide collection from all CPUs
    -b, --branch-any      sample any taken branches
    -B, --no-buildid      do not collect buildids in perf.data
    -c, --count <n>       event period to sample
    -C, --cpu <cpu>       list of cpus to monitor
    -d, --data            Record the sample addresses
    -D, --delay <ms>      ms to wait before starting measurement after program start (-1: start with events disabled), or ranges of time to enable events e.g. '-D 10-20,30-40'
    -e, --event <event>   event selector. use 'perf list' to list available events
    -F, --freq <freq or 'max'>
                          profile at this frequency
    -g                    enables call-graph recording
    -G, --cgroup <name>   monitor event in cgroup name only
    -I, --intr-regs[=<any register>]
                          sample selected machine registers on interrupt, use '-I?' to list register names
    -i, --no-inherit      child tasks do not inherit counters
    -j, --branch-filter <branch filter mask>
                          branch stack filter modes
    -k, --clockid <clockid>
                          clockid to use for events, see clock_gettime()
    -m, --mmap-pages <pages[,pages]>
                          number of mmap data pages and AUX area tracing mmap pages
    -N, --no-buildid-cache
                          do not update the buildid cache
    -n, --no-samples      don't sample
    -o, --output <file>   output file name
    -P, --period          Record the sample period
    -p, --pid <pid>       record events on existing process id
    -q, --quiet           don't print any warnings or messages
    -R, --raw-samples     collect raw sample records from all opened counters
    -r, --realtime <n>    collect data with this RT SCHED_FIFO priority
    -S, --snapshot[=<opts>]
                          AUX area tracing Snapshot Mode
    -s, --stat            per thread counts
    -t, --tid <tid>       record events on existing thread id
    -T, --timestamp       Record the sample timestamps
    -u, --uid <user>      user to profile
    -v, --verbose         be more verbose (show counter open errors, etc)
    -W, --weight          sample by weight (on special events only)
    -z, --compression-level[=<n>]
                          Compress records using specified level (default: 1 - fastest compression, 22 - greatest compression)
        --affinity <node|cpu>
                          Set affinity mask of trace reading thread to NUMA node cpu mask or cpu of processed mmap buffer
        --aio[=<n>]       Use <n> control blocks in asynchronous trace writing mode (default: 1, max: 4)
        --all-cgroups     Record cgroup events
        --all-kernel      Configure all used events to run in kernel space.
        --all-user        Configure all used events to run in user space.
        --aux-sample[=<opts>]
                          sample AUX area
        --buildid-all     Record build-id of all DSOs regardless of hits
        --buildid-mmap    Record build-id in mmap events and skip build-id processing.
        --call-graph <record_mode[,record_size]>
                          setup and enables call-graph (stack chain/backtrace):

				record_mode:	call graph recording mode (fp|dwarf|lbr)
				record_size:	if record_mode is 'dwarf', max size of stack recording (<bytes>)
						default: 8192 (bytes)

				Default: fp
        --code-page-size  Record the sampled code address (ip) page size
        --control <fd:ctl-fd[,ack-fd] or fifo:ctl-fifo[,ack-fifo]>
                          Listen on ctl-fd descriptor for command to control measurement ('enable': enable events, 'disable': disable events,
			  'snapshot': AUX area tracing snapshot).
			  Optionally send control command completion ('ack\n') to ack-fd descriptor.
			  Alternatively, ctl-fifo / ack-fifo will be opened and used as ctl-fd / ack-fd.
        --data-mmap       Record mmap events for non-executable mappings
        --data-page-size  Record the sampled data address data page size
        --debuginfod[=<debuginfod urls>]
                          Enable debuginfod data retrieval from DEBUGINFOD_URLS or specified urls
        --dry-run         Parse options then exit
        --exclude-perf    don't record events from perf itself
        --filter <filter>
                          event filter
        --kcore           copy /proc/kcore
        --kernel-callchains
                          collect kernel callchains
        --latency         Enable data collection for latency profiling.
			  Use perf report --latency for latency-centric profile.
        --max-size <size>
                          Limit the maximum size of the output file
        --mmap-flush <number>
                          Minimal number of bytes that is extracted from mmap data pages (default: 1)
        --namespaces      Record namespaces events
        --no-bpf-event    do not record bpf events
        --no-buffering    collect data without buffering
        --num-thread-synthesize <n>
                          number of threads to run for event synthesis
        --off-cpu         Enable off-cpu analysis
                          (not built-in because no BUILD_BPF_SKEL=1)
        --off-cpu-thresh <ms>
                          Dump off-cpu samples if off-cpu time exceeds this threshold (in milliseconds). (Default: 500ms)
        --overwrite       use overwrite mode
        --per-thread      use per-thread mmaps
        --phys-data       Record the sample physical addresses
        --proc-map-timeout <n>
                          per thread proc mmap processing timeout in ms
        --running-time    Record running/enabled time of read (:S) events
        --sample-cpu      Record the sample cpu
        --sample-identifier
                          Record the sample identifier
        --sample-mem-info
                          Record the data source for memory operations
        --setup-filter <pin|unpin>
                          BPF filter action
        --strict-freq     Fail if the specified frequency can't be used
        --switch-events   Record context switch events
        --switch-max-files <n>
                          Limit number of switch output generated files
        --switch-output[=<signal or size[BKMG] or time[smhd]>]
                          Switch output when receiving SIGUSR2 (signal) or cross a size or time threshold
        --switch-output-event <switch output event>
                          switch output event selector. use 'perf list' to list available events
        --synth <no|all|task|mmap|cgroup>
                          Fine-tune event synthesis: default=all
        --tail-synthesize
                          synthesize non-sample events at the end of output
        --threads[=<spec>]
                          write collected trace data into several data files using parallel threads
        --timestamp-boundary
                          Record timestamp boundary (time of first/last samples)
        --timestamp-filename
                          append timestamp to output filename
        --transaction     sample transaction flags (special events only)
        --user-callchains
                          collect user callchains
        --user-regs[=<any register>]
                          sample selected machine registers in user space, use '--user-regs=?' to list register names
        --vmlinux <file>  vmlinux pathname

)USAGE";

}  // namespace cperf
