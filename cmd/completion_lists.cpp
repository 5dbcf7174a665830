// The option and subcommand names perf 7.2 lists for its shell completion (see
// completion_lists.h), as perf 7.2 itself answers `--list-opts` and `--list-cmds`
// (tests/data/gen-completion-golden.sh stores its answers; tests/e2e/completion.sh checks this
// table against them). Every option perf 7.2 has is listed, those cperf does not take yet too,
// so that completion offers what perf offers.
#include "completion_lists.h"

namespace cperf {

namespace {

struct Lists {
  const char* command;
  const char* options;      // "--a --b ": each name followed by a space
  const char* subcommands;  // "feature ", or "" when the command has none
};

const Lists kLists[] = {
    {"record",
     "--event --filter --latency --exclude-perf --pid --tid --realtime --no-buffering "
     "--raw-samples --all-cpus --cpu --count --output --no-inherit --tail-synthesize "
     "--overwrite --no-bpf-event --strict-freq --freq --mmap-pages --mmap-flush --call-graph "
     "--verbose --quiet --stat --data --phys-data --data-page-size --code-page-size "
     "--sample-mem-info --sample-cpu --sample-identifier --timestamp --period --no-samples "
     "--no-buildid-cache --no-buildid --cgroup --delay --kcore --uid --branch-any "
     "--branch-filter --weight --transaction --per-thread --intr-regs --user-regs "
     "--running-time --clockid --snapshot --aux-sample --proc-map-timeout --namespaces "
     "--all-cgroups --switch-events --all-kernel --all-user --kernel-callchains "
     "--user-callchains --vmlinux --buildid-all --buildid-mmap --timestamp-filename "
     "--timestamp-boundary --switch-output --switch-output-event --switch-max-files --dry-run "
     "--aio --affinity --compression-level --max-size --num-thread-synthesize --control "
     "--synth --debuginfod --threads --off-cpu --setup-filter --off-cpu-thresh --data-mmap ",
     ""},
    {"report",
     "--input --verbose --quiet --dump-raw-trace --stats --tasks --mmaps --vmlinux "
     "--ignore-vmlinux --kallsyms --force --modules --show-nr-samples --threads --pretty "
     "--tui --stdio --header --header-only --sort --fields --show-cpu-utilization "
     "--showcpuutilization --parent --exclude-other --call-graph --children --max-stack "
     "--inverted --ignore-callees --dsos --comms --pid --tid --symbols --symbol-filter "
     "--column-widths --field-separator --hide-unresolved --symfs --cpu --parallelism "
     "--show-info --source --asm-raw --disassembler-style --prefix --prefix-strip "
     "--show-total-period --group --group-sort-idx --branch-stack --branch-history --objdump "
     "--addr2line --addr2line-style --unwind-style --demangle --demangle-kernel --mem-mode "
     "--samples --percent-limit --percentage --itrace --full-source-path "
     "--show-ref-call-graph --stitch-lbr --socket-filter --raw-trace --hierarchy "
     "--stdio-color --time --inline --percent-type --ns --time-quantum --switch-on "
     "--switch-off --show-on-off-events --total-cycles --disable-order --skip-empty --latency ",
     ""},
    {"script",
     "--dump-raw-trace --dump-unsorted-raw-trace --verbose --Latency --list --list-dlfilters "
     "--script --gen-script --dlfilter --dlarg --input --debug-mode --header --header-only "
     "--vmlinux --kallsyms --hide-call-graph --symfs --fields --all-cpus --dsos --symbols "
     "--addr-range --insn-trace --xed --call-trace --call-ret-trace --graph-function "
     "--stop-bt --cpu --comms --pid --tid --max-stack --reltime --deltatime --show-info "
     "--show-kernel-path --show-task-events --show-mmap-events --show-switch-events "
     "--show-namespace-events --show-cgroup-events --show-lost-events --show-round-events "
     "--show-bpf-events --show-text-poke-events --per-event-dump --force --max-blocks --ns "
     "--itrace --full-source-path --demangle --demangle-kernel --unwind-style --addr2line "
     "--time --inline --guestmount --guestvmlinux --guestkallsyms --guestmodules --guest-code "
     "--stitch-lbr --merge-callchains --switch-on --switch-off --show-on-off-events ",
     "record report "},
    {"inject",
     "--build-ids --buildid-all --mmap2-buildids --mmap2-buildid-all --known-build-ids "
     "--input --output --sched-stat --jit --verbose --vmlinux --ignore-vmlinux --kallsyms "
     "--force --itrace --strip --vm-time-correlation --guest-data --guestmount --unwind-style "
     "--convert-callchain --aslr ",
     ""},
    {"evlist",
     "--input --freq --verbose --group --force --trace-fields ",
     ""},
    {"data",
     "--verbose --input --to-json --to-ctf --tod --force --all --time ",
     "convert "},
    {"annotate",
     "--input --dsos --symbol --force --verbose --quiet --dump-raw-trace --tui --stdio --stdio2 "
     "--ignore-vmlinux --vmlinux --modules --print-line --full-paths --skip-missing --group --cpu "
     "--symfs --source --asm-raw --disassembler-style --prefix --prefix-strip --objdump --addr2line "
     "--demangle --demangle-kernel --show-total-period --show-nr-samples --stdio-color --percent-type "
     "--percent-limit --itrace --data-type --type-stat --insn-stat --skip-empty --code-with-type ",
     ""},
    {"diff",
     "--verbose --quiet --baseline-only --compute --period --formula --cycles-hist --dump-raw-trace "
     "--force --kallsyms --modules --dsos --comms --symbols --sort --field-separator --symfs --order "
     "--percentage --time --cpu --pid --tid --stream ",
     ""},
    {"buildid-list",
     "--with-hits --input --force --kernel --kernel-maps --verbose ",
     ""},
    {"buildid-cache",
     "--add --kcore --remove --purge --purge-all --list --missing --force --update "
     "--debuginfod --verbose --target-ns ",
     ""},
    {"check",
     "--quiet ",
     "feature "},
    {"list",
     "--raw-dump --json --desc --long-desc --details --output --deprecated --cputype --unit "
     "--debug ",
     ""},
    {"test",
     "--skip --verbose --dont-fork --sequential --runs-per-test --workload --record-ctl "
     "--list-workloads --dso --objdump --failure-snippet-lines --junit ",
     "list "},
    {"config",
     "--list --system --user ",
     ""},
    {"kallsyms",
     "--verbose ",
     ""},
    {"version",
     "--build-options ",
     ""},
    {"help",
     "--all --man --web --info ",
     "buildid-cache buildid-list diff evlist help list record report bench stat timechart top annotate script sched kallsyms kmem lock kvm test inject mem data probe trace "},
};

}  // namespace

const char* perf_commands_list() {
  return "archive buildid-cache buildid-list check config c2c diff evlist help iostat kallsyms "
         "list record report bench stat timechart top annotate version script sched probe kmem "
         "lock kvm test trace inject mem data ftrace daemon kwork ";
}

const char* perf_global_options_list() {
  return "--help --version --exec-path --html-path --paginate --no-pager --debugfs-dir "
         "--buildid-dir --list-cmds --list-opts --debug --debug-file ";
}

const char* command_options_list(std::string_view command) {
  for (const Lists& l : kLists)
    if (command == l.command) return l.options;
  return nullptr;
}

const char* command_subcommands_list(std::string_view command) {
  for (const Lists& l : kLists)
    if (command == l.command) return l.subcommands;
  return nullptr;
}

}  // namespace cperf
