#!/bin/bash
# gen-golden.sh — regenerates cperf's golden outputs with upstream perf 7.2 (the oracle chroot).
#
#   tests/data/gen-golden.sh            # every set
#   tests/data/gen-golden.sh perf6.1    # only tests/data/perf6.1
#   tests/data/gen-golden.sh perf7.2-defer
#   tests/data/gen-golden.sh cperf      # files recorded by cperf (see cperf/README.md)
#   tests/data/gen-golden.sh perf7.2    # files recorded natively by perf 7.2 (perf7.2/README.md)
#   tests/data/gen-golden.sh synthetic  # deferred-callchain corner cases (synthetic/make-files.py)
#   tests/data/gen-golden.sh inject     # inject options that read dsos at their recorded paths
#                                       # (inject/README.md; places inject/place-fixture.sh's
#                                       # binaries at /tmp/cperf-inject-fixture in the chroot)
#   KINDS=script-G,report-pid tests/data/gen-golden.sh perf6.1   # only these kinds (their
#                                 # goldens and exit-status lines are replaced, others kept;
#                                 # no check run)
#
# Needs root (chroot) and the oracle chroot made by ../shared/oracle/setup
# (default ~/.cache/cperf-oracle/sid; honours SID_ROOT and ORACLE_HOME like the setup script).
#
# Each set is a folder SET/ with data/NAME.data, symfs/, kallsyms.gz and expected/.
# The script copies data/, symfs/ and kallsyms.gz into the chroot (/f/cperf-golden.PID/SET),
# unpacks kallsyms, runs upstream perf from SET/data (as ../shared/fixtures/perf7.2-defer/
# gen-expected.sh does: `perf report -D` prints the path it was given, so tests must run the
# dump from data/ with `-i NAME.data` too), and writes back SET/expected/NAME.KIND.txt.gz.
# With S="--kallsyms=../kallsyms --symfs=../symfs":
#
#   KIND                  command (run in SET/data)
#   script                perf script -i NAME.data $S
#   script-nomerge        perf script --no-merge-callchains -i NAME.data $S
#   report                perf report --stdio --no-children -i NAME.data $S            (*)
#   report-children       perf report --stdio -i NAME.data $S                          (*)
#   dump                  perf report -D -i NAME.data --symfs=../symfs
#   evlist                perf evlist -v -i NAME.data
#   evlist-g              perf evlist -g -i NAME.data                                   (groups set)
#   header                perf report --header-only -i NAME.data                       (*)
#   header-info           perf report --header-only -I -i NAME.data                    (*)
#   report-sort-comm-dso  perf report --stdio --no-children -s comm,dso -i NAME.data $S (*)
#   report-sort-sym       perf report --stdio --no-children -s sym -i NAME.data $S      (*)
#   report-folded         perf report --stdio --no-children -g folded -i NAME.data $S   (*)
#   report-caller         perf report --stdio --no-children -g caller -i NAME.data $S   (*)
#   report-limit5         perf report --stdio --no-children --percent-limit 5 -i NAME.data $S (*)
#   report-sym-q          perf report --stdio --no-children -S do_syscall_64 -q -i NAME.data $S
#   report-children-sym-q perf report --stdio -S do_syscall_64 -q -i NAME.data $S
#   report-n-period       perf report --stdio -n --show-total-period -i NAME.data $S  (*)
#   report-flat           perf report --stdio --no-children -g flat -i NAME.data $S    (*)
#   report-callee         perf report --stdio -g callee -i NAME.data $S                (*)
#   report-inverted       perf report --stdio --no-children -G -i NAME.data $S         (*)
#   report-none           perf report --stdio -g none -i NAME.data $S                  (*)
#   report-pid            perf report --stdio --no-children -s pid -i NAME.data $S     (*)
#   report-relative       perf report --stdio --percentage relative --comms deep -i NAME.data $S (*)
#   report-stats          perf report --stats -i NAME.data $S
#   report-cpu-period-parent perf report --stdio --no-children -s cpu,period,parent -i NAME.data $S (*)
#   report-children-parent perf report --stdio -s parent,cpu,sym -i NAME.data $S      (*)
#   report-fields         perf report --stdio -F overhead,sym -i NAME.data $S          (*)
#   report-fields-sort    perf report --stdio --no-children -F comm,overhead,sample -s sym -i NAME.data $S (*)
#   report-time           perf report --stdio -n --time 359.3,359.4 -i NAME.data $S   (*)
#                         (a slice of perf6.1/g.data and two.events.data; other files: no samples)
#   report-header-q       perf report --stdio --header -q -g none -i NAME.data $S    (*)
#                         (a pipe's header features only; nothing for other files)
#   script-G              perf script -G -i NAME.data $S
#   script-maxstack       perf script --max-stack 3 ...
#   script-ns             perf script --ns -G ...
#   script-fields         perf script -F comm,pid,tid,time,ip,sym ...
#   script-fields-plus    perf script -F +pid,-period,-cpu ...
#   script-fields-minus   perf script -F -ip,-time ...
#   script-fields-sw      perf script -F sw:comm,tid,cpu,event,ip,dso,period ...
#   script-fields-trace   perf script -F trace:comm,pid,time,event,trace ...
#   script-fields-addr    perf script -F +addr ...            (an error for most files)
#   script-time           perf script --time T1,T3 -G ...     (T1, T3: times of the samples at
#                                                              1/4 and 3/4 of the file)
#   script-time-pct       perf script --time 10%/2 ...
#   script-cpu            perf script -C 1 -G ...
#   script-pid            perf script --pid P -G ...          (P: pid of the middle sample)
#   script-tid            perf script --tid T ...             (T: tid of the sample at 3/4)
#   script-comms          perf script --comms mt,sleep ...
#   script-symbols        perf script -S spin,read_zero ...
#   script-show-task      perf script --show-task-events ...
#   script-show-mmap      perf script --show-mmap-events -G ...
#   script-show-other     perf script --show-switch-events --show-lost-events -G ...
#   script-header         perf script --header -G ...         (mtime fixed, as for header)
#   script-fields-misc    perf script -F +misc,+flags --show-task-events --show-switch-events -G ...
#   script-brstack        perf script -F brstack ...          (synthetic/branch-stack only)
#   script-brstacksym     perf script -F brstacksym ...       (synthetic/branch-stack only)
#   script-regs           perf script -F tid,ip,sym,dso,iregs,uregs ...  (arch only)
#   script-show-ns        perf script --show-namespace-events ...  (synthetic/namespaces only)
#   script-round          perf script --show-round-events ...  (records then in file order)
#   script-dsos           perf script --dsos [kernel.kallsyms] ...
#   script-header-info    perf script --header -I -G ...      (mtime fixed, as for header)
#   script-show-cgroup    perf script --show-cgroup-events ...     (fields)
#   script-show-bpf       perf script --show-bpf-events ...        (fields)
#   script-show-text-poke perf script --show-text-poke-events ...  (fields)
#   report-disable-order  perf report --stdio --disable-order ... (*)
#   report-stitch-lbr     perf report --stdio --stitch-lbr -g none ... (*)
#   script-stitch-lbr     perf script --stitch-lbr ...
#   report-socket-filter  perf report --stdio --socket-filter 0 ...                      (*)
#   report-sort-socket    perf report --stdio --no-children -s socket,comm,dso ...       (*)
#   report-ignore-callees perf report --stdio --ignore-callees level ...                 (*)
#   report-ignore-callees-caller  ... -G --ignore-callees='level|main' ...               (*)
#   report-ignore-callees-bad     ... --ignore-callees='(' (perf's regex error, usage)
#   report-branch-stack, report-mem-mode, report-branch-mem: -b, --mem-mode, both (*)
#   report-s-KEYS         perf report --stdio --no-children -g none -s KEYS ...          (*)
#   report-mem-s-KEYS     perf report --stdio --mem-mode -g none -s KEYS ...             (*)
#   report-b-s-KEYS       perf report --stdio -b -s KEYS ...                             (*)
#   report-c-s-KEYS       perf report --stdio -g none -s KEYS ... (--children on -g files) (*)
#   report-a-ARGS         perf report --stdio ARGS ...                                   (*)
#   script-a-ARGS         perf script ARGS ...
#   report-not-owned, report-not-owned-f, script-not-owned, script-not-owned-f:
#                         perf report --stdio [-f] / perf script [-f] -i ../not-owned.data ...,
#                         not-owned.data a copy of NAME.data owned by uid 12345 (perf's refusal; -f)
#   script-per-event-dump perf script --per-event-dump ...: its stdout, then each NAME.data.EVENT.dump
#                         it wrote after a "== NAME.data.EVENT.dump" line
#   script-dlfilter       perf script --dlfilter ../keep_symbol.so --dlarg spin ... (tests/dlfilters/
#                         keep_symbol.c built here with g++ into the set's folder; its report on stderr)
#   inject-b, inject-buildid-all, inject-b-known, inject-buildid-all-known, inject-known:
#                         perf inject -b / --buildid-all / each with --known-build-ids=$KNOWN /
#                         --known-build-ids=$KNOWN alone -i NAME.data -o ../inj.data; the golden:
#                         perf report -D of ../inj.data without file offsets, then (but for
#                         inject-known) perf buildid-list -i ../inj.data   (inject set)
#   inject-not-owned, inject-not-owned-f: perf inject [-f] -i ../not-owned.data -o ../inj.data,
#                         not-owned.data a copy of NAME.data owned by uid 12345; the dump as above
#   inject-strip          perf inject --strip -i NAME.data -o ../inj.data (perf's refusal)
#   inject-itrace, inject-itrace-strip: perf inject --itrace [--strip] -i NAME.data -o ../inj.data;
#                         the golden: perf report -D --disable-order -i ../inj.data (file order,
#                         offsets kept), then the header's data offset/size and feat offset lines
#                         (asked for with KINDS=...; perf6.1 set: g, mt, syswide, tracepoint, zstd)
#   inject-guest-noids    perf inject --guest-data=pipe.data,1 -i NAME.data -o ../inj.data: perf's
#                         "Guest data has no sample IDs" (a pipe's attrs come later); the golden:
#                         the output's size (perf leaves it empty)
#   inject-guest-itrace   perf inject --guest-data=none.data,1 --itrace ...: the guest ignored
#                         (never opened); the golden as inject-itrace's (perf6.1 set: g)
#   inject-guest-merge    perf inject --guest-data=guest-vm.data,PID -i NAME.data -o ../inj.data,
#                         PID from NAME.pid; the golden as inject-itrace's (inject set: guest-host)
#   inject-guest-merge-time  the same with --guest-data=guest-vm.data,PID,1000,1.5 (time offset
#                         and scale)
#   inject-guest-merge-ids   the merge of inject-guest-merge; the golden: perf buildid-list of it
#   inject-guest-merge-overlap  --guest-data=guest-vm.data,PID,OFFSET, OFFSET from NAME.offset (the
#                         guest's times moved into the host's: records interleaved)
#   inject-convert-callchain  perf inject --convert-callchain -i NAME.data -o ../inj.data; the dump
#                         (inject set: its dwarf file)
#   inject-jit            perf inject -j -i NAME.data -o ../inj.data; then perf script -F
#                         tid,ip,sym,dso -i ../inj.data (no --symfs: the jitted files are where
#                         the jitdump is; inject set: its jit file)
#   inject-convert-callchain-libdw  the same with --unwind-style libdw (perf's own unwinder)
#   inject-b-symbol-opts, inject-convert-callchain-symbol-opts: -b (buildids) / --convert-callchain
#                         (dwarf) with -k ../kallsyms --kallsyms=../kallsyms --ignore-vmlinux (perf
#                         loads no kernel symbols there: the goldens of -b's and the conversion's)
#   inject-guestmount, inject-guestmount-found: perf inject --guestmount=DIR -i NAME.data -o
#                         ../inj.data, DIR ../no-guests (none: perf's "Can't access file DIR/PID")
#                         or ../guests with a folder for the guest (PID: guest-host.pid); the dump
#                         (inject set: guest-merged, perf's merge of guest-host and guest-vm)
#   inject-v, inject-v-b, inject-v-buildid-all, inject-v-j, inject-v-B, inject-v-mmap2-buildid-all,
#   inject-v-aslr: perf inject -v [-b / --buildid-all / -j / -B / --mmap2-buildid-all / --aslr] -i NAME.data
#                         -o ../inj.data: its stdout (none) and -v lines on stderr, the golden
#   script-list, script-list-dlfilters, script-list-dlfilters-v: perf script -l /
#                         --list-dlfilters / -v --list-dlfilters with PERF_EXEC_PATH the set's copy
#                         of tests/data/exec-path (keep_symbol.so built into its dlfilters/)
#   script-gen-python, script-gen-perl: perf script -g python / perl -i NAME.data $S: stdout, then
#                         the script it wrote after a "== perf-script.py" line (perf 7.2 has no Perl)
#   script-xed            perf script --insn-trace --xed -G -i NAME.data $S with
#                         tests/data/xed-standin first on PATH (a stand-in for Intel's xed)
#   convert-json          perf data convert --to-json OUT -i NAME.data: OUT without "captured-on"
#                         (KEYS: sort keys joined by '+'; ARGS: options, '+' for a space, '~' for a comma;
#                         asked for with KINDS=...)
#   NAMES="a b" restricts a set to those files.
#   report-full-source-path ... --full-source-path -s srcline -g none ...                (*)
#   report-noop-opts2     ... --itrace=i100us --addr2line=... --addr2line-style=libdw,llvm
#                         --total-cycles --no-branch-stack -g none ...                   (*)
#   report-a---total-cycles...  perf's block table (synthetic branch-mode files; tc_kinds below)
#   report-itrace-bad     ... --itrace=i10x (perf's error, usage)
#   script-latency        perf script -L ...
#   script-debug-mode     perf script -d --show-task-events ...
#   script-stop-bt        perf script --stop-bt=main,level ...
#   script-noop-opts2     perf script --addr-range=10 --show-kernel-path --max-blocks=3
#                         --itrace=ce --addr2line=/usr/bin/addr2line ...
#   script-full-source-path  perf script --full-source-path -F +srcline ...
#   script-call-trace, script-call-ret-trace: --call-trace, --call-ret-trace ...
#   script-graph-function perf script --graph-function=main --show-task-events ...
#   script-itrace-bad     perf script --itrace=i10x ...
#   script-itrace-then-F  perf script --itrace -F ip,sym ... (--itrace takes no value from the next word)
#   script-insn           perf script -F comm,tid,ip,sym,dso,insn,insnlen ... (instruction bytes from the dsos)
#   script-insn-trace, script-insn-trace-F: --insn-trace, and with -F ip,sym,insn,insnlen after it
#   script-insn-trace-bad, script-insn-trace-disasm: --insn-trace=x86, =disasm (perf's errors)
#   script-symoff-nosym   perf script -F +symoff,-sym ...
#   script-dump, script-dump-unsorted: perf script -D, --dump-unsorted-raw-trace ...
#   script-dump-show      perf script -D --show-task-events --show-mmap-events --show-switch-events ...
#   script-guest-opts     perf script --guestmount=/x --guestvmlinux=/x --guestkallsyms=/x --guestmodules=/x --guest-code ...
#   script-switch-on      perf script --switch-on task-clock ...  (an error where the file has no task-clock)
#   script-switch-off-show perf script --switch-off cpu-clock --show-on-off-events ...
#   report-switch-on      perf report --stdio --switch-on task-clock ... (*)
#   report-mmaps          perf report --stdio --mmaps ...     (the task tree with each thread's maps)
#   report-switch-both    perf report --stdio --switch-on task-clock --switch-off cpu-clock --show-on-off-events ... (*)
#   script-mem            perf script -F comm,tid,ip,sym,addr,data_src,weight,phys_addr ...  (fields)
#   script-mem-all        perf script -F ip,sym,dso,addr,data_src,weight,ins_lat,retire_lat,phys_addr,
#                           data_page_size,code_page_size ...                                (fields)
#   script-lat            perf script -F comm,tid,ip,sym,ins_lat,retire_lat ...              (fields)
#   script-cgroup         perf script -F comm,tid,time,cgroup,ip,sym ...                     (fields)
#   script-tod            perf script -F comm,tid,tod,time,event,ip,sym ...                  (fields)
#   script-tod-ns         perf script --ns -F tod,time,ip ...                                (fields)
#   script-dsoff          perf script -F +dsoff ...                                          (fields)
#   script-brstackoff     perf script -F ip,sym,brstackoff,dso ...                           (fields)
#   script-brstackoff-dsoff perf script -F brstackoff,dso,dsoff ...                          (fields)
#   script-brstacksym-dsoff perf script -F brstacksym,dsoff ...                              (fields)
#   script-bpf            perf script -F comm,tid,event,ip,bpf-output ...                    (fields)
#   script-noop-fields    perf script -F comm,tid,ip,machine_pid,vcpu,callindent,ipc ...     (fields)
#   script-brstackinsn    perf script -F ip,sym,brstackinsn ...                              (fields)
#   script-brstackinsnlen perf script -F +brstackinsnlen ...                                 (fields)
#   script-brstackinsn-srcline perf script -F ip,sym,srcline,brstackinsn,brstackinsnlen ...  (fields)
#   script-brstackdisasm  perf script -F ip,brstackdisasm ...                                (fields)
#   script-max-blocks     perf script -F ip,brstackinsn --max-blocks 1 ...                   (fields)
#   script-brcntr         perf script -F ip,sym,brcntr ...                                   (fields)
#   script-synth          perf script -F ip,sym,synth ...                                    (fields)
#   script-srccode        perf script -F ip,sym,srccode ...                                  (fields)
#   script-brstackinsn-srccode perf script -F ip,sym,srccode,brstackinsn ...                 (fields)
#   report-field-sep      perf report --stdio -t , -i NAME.data $S (*)
#   report-field-sep-folded perf report --stdio --no-children -t '|' -g folded -s dso,sym,pid -i NAME.data $S (*)
#   report-field-sep-narrow perf report --stdio -t , -w 5,5,3,3 -s comm,dso,sym -n -g none --no-children -i NAME.data $S (*)
#   report-field-sep-dot  perf report --stdio -t . -i NAME.data $S (*)
#   report-column-widths  perf report --stdio -w 3,5,8,10,6 -g none --no-children -i NAME.data $S (*)
#   report-column-widths-keys perf report --stdio -w 1,1,1,1,1,1 -n -s pid,cpu,sym,parent,dso -g none -i NAME.data $S (*)
#   report-sort-symbol-twice perf report --stdio -s sym,symbol,dso,comm -g none -i NAME.data $S (*)
#   report-sort-period-total perf report --stdio -n --show-total-period -s pid,period -g none -i NAME.data $S (*)
#   report-no-skip-empty  perf report --stats --no-skip-empty -i NAME.data $S (*)
#   report-skip-empty-ref perf report --stdio --skip-empty --show-ref-call-graph --group-sort-idx 0 -g none -i NAME.data $S (*)
#   report-group-sort-idx perf report --stdio --group-sort-idx 1 -i NAME.data $S (*)
#   report-group-sort-idx-bad perf report --stdio --group-sort-idx x -i NAME.data $S (*)
#   The exact command of every script-* golden (with the computed values) is its line in
#   expected/exit-status.txt; tests/e2e/script_golden.sh runs cperf with those arguments.
#   A script-* output equal to the file's `script` golden is not stored (the test uses that).
#
#   (*) minus the random `# (Tip: ...)` line: grep -v '^# (Tip:'
#
# perf6.1 and cperf get every KIND.  perf7.2-defer gets `header`, the kinds from
# report-sym-q to report-stats and $defer_script_kinds written (its other goldens are the
# fixture's originals); the six gen-expected.sh kinds are regenerated into a scratch folder and compared with the shipped
# ones, as a check that the oracle still reproduces them.
# synthetic gets script, script-nomerge, dump, evlist, header, report, report-children,
# script-show-task, script-show-other and script-fields-misc; its branch-stack file also script-brstack and script-brstacksym, its
# namespaces file script-show-ns; its branch-history file $bh_kinds (report --branch-history;
# some of them for other files too, see below); its intel-pt-info file only dump, evlist and header; its
# lbr-* files (--call-graph lbr) also $lbr_kinds.
# arch (files of other architectures, arch/make-files.py) gets script, dump, evlist, header,
# header-info (report --header-only -I), script-regs, report and report-children.
# generations (one recording in each file layout of perf's history, generations/make-files.py)
# gets script, dump, evlist, header, report and report-children.
# fields (samples with the less common sample_type bits, fields/make-files.py) gets script,
# dump, evlist, header and every $fields_kinds kind.
# (-g fractal is not among the kinds: perf 7.2 prints its "[...]" line from uninitialised
# memory, sometimes with " (inlined)" appended, so its output is not reproducible.)
#
# Determinism:
#  - perf runs with `env -i HOME=<empty dir> PROCFS_PATH=<empty dir> PATH=... TZ=UTC`: no
#    ~/.perfconfig, an empty build-id cache, so binaries resolve only through --symfs.
#    /proc and /sys are not mounted in the chroot, so nothing of this machine leaks in (with /proc,
#    perf would take the [vdso] of the running perf, i.e. of this machine's kernel).  Consequences,
#    all visible in the goldens and identical to the shipped perf7.2-defer ones:
#      * when a file has no [vdso] build-id entry, its [vdso] PERF_RECORD_MMAP2 fails ("cannot open
#        maps" on stderr, and the dump shows "problem processing PERF_RECORD_MMAP2, skipping event.");
#      * "Failed to read max cpus, using default of 4096" on stderr for some files.
#    PROCFS_PATH (read by tools/lib/api/fs) is needed because without any procfs mountpoint perf 7.2
#    dereferences NULL and segfaults on every pipe-mode file; pointing it at an empty directory
#    reproduces the shipped perf7.2-defer goldens byte for byte (defer-pipe included).
#  - `perf report --header-only` prints "# captured on : <mtime of the data file>" (ctime(3) of
#    st_mtime).  The chroot copies get the fixed mtime $GOLDEN_MTIME (2000-01-01 00:00:00 UTC), so
#    tests must either set the mtime of their copy to that (touch -d @946684800) or mask the line.
#  - Output .gz files are written with `gzip -9n` (no name, no timestamp).
# If a command writes to stderr, that text is saved as expected/NAME.KIND.stderr.txt (plain).
# Every command's exit status and stderr size goes to expected/exit-status.txt.
set -eu

here=$(cd "$(dirname "$0")" && pwd)
ORACLE_HOME=${ORACLE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/cperf-oracle}
SID_ROOT=${SID_ROOT:-$ORACLE_HOME/sid}
GOLDEN_MTIME=${GOLDEN_MTIME:-946684800}

ver=$(chroot "$SID_ROOT" perf --version) || { echo "no oracle chroot at $SID_ROOT (run ../shared/oracle/setup)" >&2; exit 1; }
case "$ver" in
  "perf version 7.2"*) ;;
  *) echo "warning: oracle is '$ver', goldens were made with perf 7.2" >&2 ;;
esac
echo "oracle: $ver"

sets=${*:-perf6.1 perf7.2-defer cperf perf7.2}
rel=/f/cperf-golden.$$
work=$SID_ROOT$rel
trap 'rm -rf "$work"' EXIT INT TERM
mkdir -p "$work/home" "$work/noproc"

# The part that runs inside the chroot: inner.sh SETDIR OUTDIR KIND,KIND,... NAME...
cat > "$work/inner.sh" <<'EOF'
set -u
setdir=$1 out=$2 kinds=$3; shift 3
cd "$setdir/data" || exit 1
S="--kallsyms=../kallsyms --symfs=../symfs"
# --known-build-ids of the inject set: deep's own id (perf keeps 10 bytes of it), and one for
# a dso without a file
KNOWN="f4cce8b8d3ca47da64c081963164299771235eb1 /tmp/cperf-inject-fixture/deep,1234 /tmp/cperf-inject-fixture/gone"
# nth FIELD D N: the FIELD (time, pid, tid) of the sample N*count/D of file $f, for options
# whose values depend on the recording (--time, --pid, --tid).
nth() {
  perf script -G -F $1 -i $f.data $S 2>/dev/null | tr -d ' :' | grep -E '^[0-9.]+$' > ../nth.txt
  n=$(( $(wc -l < ../nth.txt) * $3 / $2 )); [ $n -ge 1 ] || n=1
  sed -n "${n}p" ../nth.txt
}
# not_owned: ../not-owned.data, a copy of file $f owned by uid 12345 (perf refuses it without -f)
not_owned() { cp $f.data ../not-owned.data && chown 12345 ../not-owned.data; }
for f in "$@"; do
  for k in $(echo "$kinds" | tr , ' '); do
    tip=1 post= xenv=
    case $k in
      inject-B)             set -- inject -B -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-mmap2-all)     set -- inject --mmap2-buildid-all -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-aslr)          set -- inject --aslr -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-sched-stat)    set -- inject -s -i $f.data -o ../inj.data; post=script tip=0 ;;
      inject-b)             set -- inject -b -i $f.data -o ../inj.data; post=dump-ids tip=0 ;;
      inject-buildid-all)   set -- inject --buildid-all -i $f.data -o ../inj.data; post=dump-ids tip=0 ;;
      inject-b-known)       set -- inject -b "--known-build-ids=$KNOWN" -i $f.data -o ../inj.data; post=dump-ids tip=0 ;;
      inject-buildid-all-known) set -- inject --buildid-all "--known-build-ids=$KNOWN" -i $f.data -o ../inj.data; post=dump-ids tip=0 ;;
      inject-known)         set -- inject "--known-build-ids=$KNOWN" -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-not-owned|inject-not-owned-f)
                            cp $f.data ../not-owned.data && chown 12345 ../not-owned.data
                            set -- inject -i ../not-owned.data -o ../inj.data; post=dump tip=0
                            [ $k = inject-not-owned ] || set -- inject -f -i ../not-owned.data -o ../inj.data ;;
      inject-strip)         set -- inject --strip -i $f.data -o ../inj.data; tip=0 ;;
      inject-itrace)        set -- inject --itrace -i $f.data -o ../inj.data; post=dump-unordered tip=0 ;;
      inject-itrace-strip)  set -- inject --itrace --strip -i $f.data -o ../inj.data; post=dump-unordered tip=0 ;;
      inject-guest-noids)   set -- inject --guest-data=pipe.data,1 -i $f.data -o ../inj.data; post=size tip=0 ;;
      inject-guest-itrace)  set -- inject --guest-data=none.data,1 --itrace -i $f.data -o ../inj.data; post=dump-unordered tip=0 ;;
      inject-guest-merge)   set -- inject --guest-data=guest-vm.data,$(cat $f.pid) -i $f.data -o ../inj.data; post=dump-unordered tip=0 ;;
      inject-guest-merge-time) set -- inject --guest-data=guest-vm.data,$(cat $f.pid),1000,1.5 -i $f.data -o ../inj.data; post=dump-unordered tip=0 ;;
      inject-guest-merge-ids) set -- inject --guest-data=guest-vm.data,$(cat $f.pid) -i $f.data -o ../inj.data; post=ids tip=0 ;;
      inject-guest-merge-overlap) set -- inject --guest-data=guest-vm.data,$(cat $f.pid),$(cat $f.offset) -i $f.data -o ../inj.data; post=dump-unordered tip=0 ;;
      inject-convert-callchain) set -- inject --convert-callchain -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-jit)           set -- inject -j -i $f.data -o ../inj.data; post=script-jit tip=0 ;;
      inject-convert-callchain-libdw) set -- inject --convert-callchain --unwind-style libdw -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-b-symbol-opts) set -- inject -b -k ../kallsyms --kallsyms=../kallsyms --ignore-vmlinux -i $f.data -o ../inj.data; post=dump-ids tip=0 ;;
      inject-convert-callchain-symbol-opts) set -- inject --convert-callchain -k ../kallsyms --kallsyms=../kallsyms --ignore-vmlinux -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-guestmount)    set -- inject --guestmount=../no-guests -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-guestmount-found) mkdir -p ../guests/$(cat guest-host.pid)
                            set -- inject --guestmount=../guests -i $f.data -o ../inj.data; post=dump tip=0 ;;
      inject-v)             set -- inject -v -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      inject-v-b)           set -- inject -v -b -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      inject-v-buildid-all) set -- inject -v --buildid-all -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      inject-v-j)           set -- inject -v -j -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      inject-v-B)           set -- inject -v -B -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      inject-v-mmap2-buildid-all) set -- inject -v --mmap2-buildid-all -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      inject-v-aslr)        set -- inject -v --aslr -i $f.data -o ../inj.data; post=rm-inj tip=0 ;;
      script-list)          set -- script -l; xenv=PERF_EXEC_PATH=$setdir/exec-path tip=0 ;;
      script-list-dlfilters) set -- script --list-dlfilters; xenv=PERF_EXEC_PATH=$setdir/exec-path tip=0 ;;
      script-list-dlfilters-v) set -- script -v --list-dlfilters; xenv=PERF_EXEC_PATH=$setdir/exec-path tip=0 ;;
      script-gen-python)    set -- script -g python -i $f.data $S; post=gen-script tip=0 ;;
      script-gen-perl)      set -- script -g perl -i $f.data $S; post=gen-script tip=0 ;;
      script-xed)           set -- script --insn-trace --xed -G -i $f.data $S; xenv=PATH=$setdir/xed-standin:$PATH tip=0 ;;
      convert-json)         set -- data convert --to-json ../out.json -i $f.data; post=json tip=0 ;;
      script)               set -- script -i $f.data $S; tip=0 ;;
      script-nomerge)       set -- script --no-merge-callchains -i $f.data $S; tip=0 ;;
      report)               set -- report --stdio --no-children -i $f.data $S ;;
      report-children)      set -- report --stdio -i $f.data $S ;;
      dump)                 set -- report -D -i $f.data --symfs=../symfs; tip=0 ;;
      evlist)               set -- evlist -v -i $f.data; tip=0 ;;
      evlist-g)             set -- evlist -g -i $f.data; tip=0 ;;
      header)               set -- report --header-only -i $f.data ;;
      header-info)          set -- report --header-only -I -i $f.data ;;
      report-sort-comm-dso) set -- report --stdio --no-children -s comm,dso -i $f.data $S ;;
      report-sort-sym)      set -- report --stdio --no-children -s sym -i $f.data $S ;;
      report-folded)        set -- report --stdio --no-children -g folded -i $f.data $S ;;
      report-caller)        set -- report --stdio --no-children -g caller -i $f.data $S ;;
      report-limit5)        set -- report --stdio --no-children --percent-limit 5 -i $f.data $S ;;
      report-sym-q)         set -- report --stdio --no-children -S do_syscall_64 -q -i $f.data $S ;;
      report-children-sym-q) set -- report --stdio -S do_syscall_64 -q -i $f.data $S ;;
      report-n-period)      set -- report --stdio -n --show-total-period -i $f.data $S ;;
      report-flat)          set -- report --stdio --no-children -g flat -i $f.data $S ;;
      report-callee)        set -- report --stdio -g callee -i $f.data $S ;;
      report-inverted)      set -- report --stdio --no-children -G -i $f.data $S ;;
      report-none)          set -- report --stdio -g none -i $f.data $S ;;
      report-pid)           set -- report --stdio --no-children -s pid -i $f.data $S ;;
      report-relative)      set -- report --stdio --percentage relative --comms deep -i $f.data $S ;;
      report-stats)         set -- report --stats -i $f.data $S ;;
      script-G)             set -- script -G -i $f.data $S; tip=0 ;;
      script-maxstack)      set -- script --max-stack 3 -i $f.data $S; tip=0 ;;
      script-ns)            set -- script --ns -G -i $f.data $S; tip=0 ;;
      script-fields)        set -- script -F comm,pid,tid,time,ip,sym -i $f.data $S; tip=0 ;;
      script-fields-plus)   set -- script -F +pid,-period,-cpu -i $f.data $S; tip=0 ;;
      script-fields-minus)  set -- script -F -ip,-time -i $f.data $S; tip=0 ;;
      script-fields-sw)     set -- script -F sw:comm,tid,cpu,event,ip,dso,period -i $f.data $S; tip=0 ;;
      script-fields-trace)  set -- script -F trace:comm,pid,time,event,trace -i $f.data $S; tip=0 ;;
      script-fields-addr)   set -- script -F +addr -i $f.data $S; tip=0 ;;
      script-time)          set -- script --time $(nth time 4 1),$(nth time 4 3) -G -i $f.data $S; tip=0 ;;
      script-time-pct)      set -- script --time 10%/2 -i $f.data $S; tip=0 ;;
      script-cpu)           set -- script -C 1 -G -i $f.data $S; tip=0 ;;
      script-pid)           set -- script --pid $(nth pid 2 1) -G -i $f.data $S; tip=0 ;;
      script-tid)           set -- script --tid $(nth tid 4 3) -i $f.data $S; tip=0 ;;
      script-comms)         set -- script --comms mt,sleep -i $f.data $S; tip=0 ;;
      script-symbols)       set -- script -S spin,read_zero -i $f.data $S; tip=0 ;;
      script-show-task)     set -- script --show-task-events -i $f.data $S; tip=0 ;;
      script-show-mmap)     set -- script --show-mmap-events -G -i $f.data $S; tip=0 ;;
      script-show-other)    set -- script --show-switch-events --show-lost-events -G -i $f.data $S; tip=0 ;;
      script-header)        set -- script --header -G -i $f.data $S; tip=0 ;;
      script-header-info)   set -- script --header -I -G -i $f.data $S; tip=0 ;;
      script-fields-misc)   set -- script -F +misc,+flags --show-task-events --show-switch-events -G -i $f.data $S; tip=0 ;;
      script-brstack)       set -- script -F brstack -i $f.data $S; tip=0 ;;
      script-regs)          set -- script -F tid,ip,sym,dso,iregs,uregs -i $f.data $S; tip=0 ;;
      script-brstacksym)    set -- script -F brstacksym -i $f.data $S; tip=0 ;;
      script-show-ns)       set -- script --show-namespace-events -i $f.data $S; tip=0 ;;
      script-round)         set -- script --show-round-events -i $f.data $S; tip=0 ;;
      script-show-cgroup)   set -- script --show-cgroup-events -i $f.data $S; tip=0 ;;
      script-show-bpf)      set -- script --show-bpf-events -i $f.data $S; tip=0 ;;
      script-show-text-poke) set -- script --show-text-poke-events -i $f.data $S; tip=0 ;;
      report-disable-order) set -- report --stdio --disable-order -i $f.data $S ;;
      report-stitch-lbr)    set -- report --stdio --stitch-lbr -g none -i $f.data $S ;;
      script-stitch-lbr)    set -- script --stitch-lbr -i $f.data $S; tip=0 ;;
      report-socket-filter) set -- report --stdio --socket-filter 0 -i $f.data $S ;;
      report-sort-socket)   set -- report --stdio --no-children -s socket,comm,dso -i $f.data $S ;;
      report-ignore-callees) set -- report --stdio --ignore-callees level -i $f.data $S ;;
      report-ignore-callees-caller) set -- report --stdio -G '--ignore-callees=level|main' -i $f.data $S ;;
      report-ignore-callees-bad) set -- report --stdio '--ignore-callees=(' -i $f.data $S ;;
      report-branch-stack)  set -- report --stdio -b -i $f.data $S ;;
      report-mem-mode)      set -- report --stdio --mem-mode -i $f.data $S ;;
      report-branch-mem)    set -- report --stdio -b --mem-mode -i $f.data $S ;;
      report-s-*)           set -- report --stdio --no-children -g none -s $(echo ${k#report-s-} | tr + ,) -i $f.data $S ;;
      report-mem-s-*)       set -- report --stdio --mem-mode -g none -s $(echo ${k#report-mem-s-} | tr + ,) -i $f.data $S ;;
      report-b-s-*)         set -- report --stdio -b -s $(echo ${k#report-b-s-} | tr + ,) -i $f.data $S ;;
      report-c-s-*)         set -- report --stdio -g none -s $(echo ${k#report-c-s-} | tr + ,) -i $f.data $S ;;
      report-a-*)           set -- report --stdio $(echo ${k#report-a-} | tr '+~' ' ,') -i $f.data $S ;;
      report-full-source-path) set -- report --stdio --full-source-path -s srcline -g none -i $f.data $S ;;
      report-noop-opts2)    set -- report --stdio --itrace=i100us --addr2line=/usr/bin/addr2line --addr2line-style=libdw,llvm --total-cycles --no-branch-stack -g none -i $f.data $S ;;
      report-itrace-bad)    set -- report --stdio --itrace=i10x -i $f.data $S ;;
      script-latency)       set -- script -L -i $f.data $S; tip=0 ;;
      script-debug-mode)    set -- script -d --show-task-events -i $f.data $S; tip=0 ;;
      script-stop-bt)       set -- script --stop-bt=main,level -i $f.data $S; tip=0 ;;
      script-noop-opts2)    set -- script --addr-range=10 --show-kernel-path --max-blocks=3 --itrace=ce --addr2line=/usr/bin/addr2line -i $f.data $S; tip=0 ;;
      script-full-source-path) set -- script --full-source-path -F +srcline -i $f.data $S; tip=0 ;;
      script-call-trace)    set -- script --call-trace -i $f.data $S; tip=0 ;;
      script-call-ret-trace) set -- script --call-ret-trace -i $f.data $S; tip=0 ;;
      script-graph-function) set -- script --graph-function=main --show-task-events -i $f.data $S; tip=0 ;;
      script-itrace-bad)    set -- script --itrace=i10x -i $f.data $S; tip=0 ;;
      script-itrace-then-F) set -- script --itrace -F ip,sym -i $f.data $S; tip=0 ;;
      script-insn)          set -- script -F comm,tid,ip,sym,dso,insn,insnlen -i $f.data $S; tip=0 ;;
      script-insn-trace)    set -- script --insn-trace -i $f.data $S; tip=0 ;;
      script-insn-trace-F)  set -- script --insn-trace -F ip,sym,insn,insnlen -i $f.data $S; tip=0 ;;
      script-insn-trace-bad) set -- script --insn-trace=x86 -i $f.data $S; tip=0 ;;
      script-insn-trace-disasm) set -- script --insn-trace=disasm -i $f.data $S; tip=0 ;;
      script-symoff-nosym)  set -- script -F +symoff,-sym -i $f.data $S; tip=0 ;;
      script-dump)          set -- script -D -i $f.data $S; tip=0 ;;
      script-dump-unsorted) set -- script --dump-unsorted-raw-trace -i $f.data $S; tip=0 ;;
      script-dump-show)     set -- script -D --show-task-events --show-mmap-events --show-switch-events -i $f.data $S; tip=0 ;;
      script-guest-opts)    set -- script --guestmount=/x --guestvmlinux=/x --guestkallsyms=/x --guestmodules=/x --guest-code -i $f.data $S; tip=0 ;;
      script-switch-on)     set -- script --switch-on task-clock -i $f.data $S; tip=0 ;;
      script-switch-off-show) set -- script --switch-off cpu-clock --show-on-off-events -i $f.data $S; tip=0 ;;
      report-switch-on)     set -- report --stdio --switch-on task-clock -i $f.data $S ;;
      report-mmaps)         set -- report --stdio --mmaps -i $f.data $S ;;
      report-switch-both)   set -- report --stdio --switch-on task-clock --switch-off cpu-clock --show-on-off-events -i $f.data $S ;;
      script-dsos)          set -- script --dsos [kernel.kallsyms] -i $f.data $S; tip=0 ;;
      script-mem)           set -- script -F comm,tid,ip,sym,addr,data_src,weight,phys_addr -i $f.data $S; tip=0 ;;
      script-mem-all)       set -- script -F ip,sym,dso,addr,data_src,weight,ins_lat,retire_lat,phys_addr,data_page_size,code_page_size -i $f.data $S; tip=0 ;;
      script-lat)           set -- script -F comm,tid,ip,sym,ins_lat,retire_lat -i $f.data $S; tip=0 ;;
      script-cgroup)        set -- script -F comm,tid,time,cgroup,ip,sym -i $f.data $S; tip=0 ;;
      script-tod)           set -- script -F comm,tid,tod,time,event,ip,sym -i $f.data $S; tip=0 ;;
      script-tod-ns)        set -- script --ns -F tod,time,ip -i $f.data $S; tip=0 ;;
      script-dsoff)         set -- script -F +dsoff -i $f.data $S; tip=0 ;;
      script-brstackoff)    set -- script -F ip,sym,brstackoff,dso -i $f.data $S; tip=0 ;;
      script-brstackoff-dsoff) set -- script -F brstackoff,dso,dsoff -i $f.data $S; tip=0 ;;
      script-brstacksym-dsoff) set -- script -F brstacksym,dsoff -i $f.data $S; tip=0 ;;
      script-bpf)           set -- script -F comm,tid,event,ip,bpf-output -i $f.data $S; tip=0 ;;
      script-noop-fields)   set -- script -F comm,tid,ip,machine_pid,vcpu,callindent,ipc -i $f.data $S; tip=0 ;;
      script-brstackinsn)   set -- script -F ip,sym,brstackinsn -i $f.data $S; tip=0 ;;
      script-brstackinsnlen) set -- script -F +brstackinsnlen -i $f.data $S; tip=0 ;;
      script-brstackinsn-srcline) set -- script -F ip,sym,srcline,brstackinsn,brstackinsnlen -i $f.data $S; tip=0 ;;
      script-brstackdisasm) set -- script -F ip,brstackdisasm -i $f.data $S; tip=0 ;;
      script-max-blocks)    set -- script -F ip,brstackinsn --max-blocks 1 -i $f.data $S; tip=0 ;;
      script-brcntr)        set -- script -F ip,sym,brcntr -i $f.data $S; tip=0 ;;
      script-synth)         set -- script -F ip,sym,synth -i $f.data $S; tip=0 ;;
      script-srccode)       set -- script -F ip,sym,srccode -i $f.data $S; tip=0 ;;
      script-brstackinsn-srccode) set -- script -F ip,sym,srccode,brstackinsn -i $f.data $S; tip=0 ;;
      report-cpu-period-parent) set -- report --stdio --no-children -s cpu,period,parent -i $f.data $S ;;
      report-children-parent) set -- report --stdio -s parent,cpu,sym -i $f.data $S ;;
      report-fields)        set -- report --stdio -F overhead,sym -i $f.data $S ;;
      report-fields-sort)   set -- report --stdio --no-children -F comm,overhead,sample -s sym -i $f.data $S ;;
      report-time)          set -- report --stdio -n --time 359.3,359.4 -i $f.data $S ;;
      report-header-q)      set -- report --stdio --header -q -g none -i $f.data $S ;;
      report-tasks)         set -- report --tasks -i $f.data $S ;;
      report-symbol-filter) set -- report --stdio --symbol-filter=sys -i $f.data $S ;;
      report-cpu-util)      set -- report --stdio --showcpuutilization -i $f.data $S ;;
      report-header-stats)  set -- report --header --stats -i $f.data $S ;;
      report-hierarchy)     set -- report --stdio --hierarchy -i $f.data $S ;;
      report-hierarchy-flat) set -- report --stdio --hierarchy --no-children -s dso,sym,comm --percent-limit 2 -i $f.data $S ;;
      report-latency)       set -- report --stdio --latency -i $f.data $S ;;
      report-no-group)      set -- report --stdio --no-children --no-group -i $f.data $S ;;
      report-parallelism)   set -- report --stdio --hierarchy -s latency,parallelism,comm,sym --no-children --parallelism=1,2 -i $f.data $S ;;
      report-parallelism-flat) set -- report --stdio -s parallelism,comm,symbol -g none -n -i $f.data $S ;;
      report-parent)        set -- report --stdio --no-children -p 'level|getppid' -i $f.data $S ;;
      report-parent-x)      set -- report --stdio -p 'level|getppid' -x -i $f.data $S ;;
      report-exclude-other) set -- report --stdio --no-children -x -i $f.data $S ;;
      report-hide-unresolved) set -- report --stdio -U -i $f.data $S ;;
      report-hide-unresolved-self) set -- report --stdio --no-children --hide-unresolved -g none -i $f.data $S ;;
      report-H)             set -- report --stdio -H -i $f.data $S ;;
      report-show-cpu-util) set -- report --stdio --show-cpu-utilization -g none -i $f.data $S ;;
      report-threads)       set -- report --stdio -T -g none -i $f.data $S ;;
      report-noop-opts)     set -- report --stdio --percent-type local-hits --ns -m --demangle-kernel --ignore-vmlinux --samples 3 -M intel --objdump x --asm-raw --no-source --pretty raw --raw-trace --stdio-color never --time-quantum 10ms --prefix /x --prefix-strip 1 -g none -i $f.data $S ;;
      report-time-quantum-0) set -- report --stdio --time-quantum 0 -i $f.data $S ;;
      report-time-quantum-bad) set -- report --stdio --time-quantum 1.5ms -i $f.data $S ;;
      report-percent-type-bad) set -- report --stdio --percent-type local -i $f.data $S ;;
      report-prefix-strip)  set -- report --stdio --prefix-strip 2 -i $f.data $S ;;
      report-stdio-color-bad) set -- report --stdio --stdio-color foo -g none -i $f.data $S ;;
      report-field-sep) set -- report --stdio -t , -i $f.data $S ;;
      report-field-sep-folded) set -- report --stdio --no-children -t '|' -g folded -s dso,sym,pid -i $f.data $S ;;
      report-field-sep-narrow) set -- report --stdio -t , -w 5,5,3,3 -s comm,dso,sym -n -g none --no-children -i $f.data $S ;;
      report-field-sep-dot) set -- report --stdio -t . -i $f.data $S ;;
      report-column-widths) set -- report --stdio -w 3,5,8,10,6 -g none --no-children -i $f.data $S ;;
      report-column-widths-keys) set -- report --stdio -w 1,1,1,1,1,1 -n -s pid,cpu,sym,parent,dso -g none -i $f.data $S ;;
      report-sort-symbol-twice) set -- report --stdio -s sym,symbol,dso,comm -g none -i $f.data $S ;;
      report-sort-period-total) set -- report --stdio -n --show-total-period -s pid,period -g none -i $f.data $S ;;
      report-no-skip-empty) set -- report --stats --no-skip-empty -i $f.data $S ;;
      report-skip-empty-ref) set -- report --stdio --skip-empty --show-ref-call-graph --group-sort-idx 0 -g none -i $f.data $S ;;
      report-group-sort-idx) set -- report --stdio --group-sort-idx 1 -i $f.data $S ;;
      report-group-sort-idx-bad) set -- report --stdio --group-sort-idx x -i $f.data $S ;;
      script-reltime)       set -- script --reltime --show-task-events -G -i $f.data $S; tip=0 ;;
      script-deltatime)     set -- script --deltatime --show-mmap-events -G -i $f.data $S; tip=0 ;;
      script-reltime-ns)    set -- script --reltime --ns -G -i $f.data $S; tip=0 ;;
      script-rel-delta)     set -- script --reltime --deltatime -i $f.data $S; tip=0 ;;
      script-noop-opts)     set -- script -a --demangle-kernel -G -i $f.data $S; tip=0 ;;
      script-a-*)           set -- script $(echo ${k#script-a-} | tr '+~' ' ,') -i $f.data $S; tip=0 ;;
      report-not-owned)     not_owned; set -- report --stdio -i ../not-owned.data $S; post=rm-not-owned ;;
      report-not-owned-f)   not_owned; set -- report --stdio -f -i ../not-owned.data $S; post=rm-not-owned ;;
      script-not-owned)     not_owned; set -- script -i ../not-owned.data $S; post=rm-not-owned tip=0 ;;
      script-not-owned-f)   not_owned; set -- script -f -i ../not-owned.data $S; post=rm-not-owned tip=0 ;;
      script-per-event-dump) set -- script --per-event-dump -i $f.data $S; post=dumps tip=0 ;;
      script-dlfilter)      set -- script --dlfilter ../keep_symbol.so --dlarg spin -i $f.data $S; tip=0 ;;
      *) echo "unknown kind $k" >&2; exit 1 ;;
    esac
    E=$out/$f.$k
    # (xenv: one VAR=VALUE the kind runs perf with)
    if [ -n "$xenv" ]; then env "$xenv" perf "$@" > $E.raw 2> $E.stderr.txt; else perf "$@" > $E.raw 2> $E.stderr.txt; fi
    rc=$?
    [ "$post" = rm-inj ] && rm -f ../inj.data
    # ... or its stdout, then the script -g wrote
    if [ "$post" = gen-script ]; then
      for g in perf-script.py perf-script.pl; do
        [ -e $g ] && { echo "== $g"; cat $g; rm -f $g; } >> $E.raw
      done
    fi
    # inject kinds: the injected file's dump, without file offsets (attr sizes differ).
    # (dump-ids: then the build ids perf lists for it)
    if [ "$post" = dump ] || [ "$post" = dump-ids ]; then
      perf report -D -i ../inj.data --symfs=../symfs 2>/dev/null |
        sed -E 's/ 0x[0-9a-f]+ \[/ [/; /^0x[0-9a-f]+@/d' > $E.raw
      [ "$post" = dump ] || perf buildid-list -i ../inj.data >> $E.raw 2>/dev/null
      rm -f ../inj.data ../not-owned.data
    fi
    # ... or, in file order with its offsets, and where the data lies (inject --itrace)
    if [ "$post" = dump-unordered ]; then
      perf report -D --disable-order -i ../inj.data --symfs=../symfs > $E.raw 2>/dev/null
      perf report --header-only -i ../inj.data 2>/dev/null |
        grep -E '^# (data offset|data size|feat offset)' >> $E.raw
      rm -f ../inj.data
    fi
    # ... or the build ids perf lists for it
    if [ "$post" = ids ]; then
      perf buildid-list -i ../inj.data > $E.raw 2>/dev/null
      rm -f ../inj.data
    fi
    # ... or the size of the file written
    if [ "$post" = size ]; then
      wc -c < ../inj.data > $E.raw 2>/dev/null
      rm -f ../inj.data
    fi
    # ... or the JSON written, without its "captured-on" line (the input's mtime)
    if [ "$post" = json ]; then
      grep -v '^		"captured-on": ' ../out.json > $E.raw 2>/dev/null
      rm -f ../out.json
    fi
    # ... or its samples with the names of the jitted files perf wrote (at their own paths)
    if [ "$post" = script-jit ]; then
      perf script -F tid,ip,sym,dso -i ../inj.data > $E.raw 2>/dev/null
      rm -f ../inj.data
    fi
    # ... or the files --per-event-dump wrote (each after a "== NAME" line), after its stdout
    if [ "$post" = dumps ]; then
      for d in $f.data.*.dump; do echo "== $d"; cat "$d"; rm -f "$d"; done >> $E.raw
    fi
    [ "$post" = rm-not-owned ] && rm -f ../not-owned.data
    # ... or its script output
    if [ "$post" = script ]; then
      perf script -i ../inj.data $S > $E.raw 2>/dev/null
      rm -f ../inj.data
    fi
    # (sed keeps a last line without its newline: perf's branch statistics end so)
    if [ $tip = 1 ]; then sed '/^# (Tip:/d' $E.raw > $E.txt; else mv $E.raw $E.txt; fi
    rm -f $E.raw
    printf '%s %s exit=%d stderr=%d: perf %s\n' $f $k $rc $(wc -c < $E.stderr.txt) "$*" >> $out/exit-status.txt
    [ -s $E.stderr.txt ] || rm -f $E.stderr.txt
    gzip -9n -f $E.txt
  done
done
EOF

base_kinds=script,script-nomerge,report,report-children,dump,evlist
extra_kinds=report-sym-q,report-children-sym-q,report-n-period,report-flat,report-callee,report-inverted,report-none,report-pid,report-relative,report-stats,report-cpu-period-parent,report-children-parent,report-fields,report-fields-sort,report-time,report-header-q,report-tasks,report-header-stats,report-symbol-filter,report-cpu-util,report-hierarchy,report-hierarchy-flat,report-latency,report-parallelism,report-parallelism-flat
script_kinds=script-G,script-maxstack,script-ns,script-fields,script-fields-plus,script-fields-minus,script-fields-sw,script-fields-trace,script-fields-addr,script-time,script-time-pct,script-cpu,script-pid,script-tid,script-comms,script-symbols,script-show-task,script-show-mmap,script-show-other,script-header
# perf7.2-defer's files are large: only the option kinds that matter for deferred callchains
# or are small.
defer_script_kinds=script-G,script-fields-minus,script-fields-addr,script-time,script-time-pct,script-cpu,script-symbols,script-round,script-dsos
# tests/data/fields: every field kind on every file (a field the samples lack is perf's error).
fields_kinds=script-mem,script-mem-all,script-lat,script-cgroup,script-tod,script-tod-ns,script-dsoff,script-brstackoff,script-brstackoff-dsoff,script-brstacksym-dsoff,script-bpf,script-noop-fields,script-brstackinsn,script-brstackinsnlen,script-brstackinsn-srcline,script-brstackdisasm,script-max-blocks,script-brcntr,script-synth,script-srccode,script-brstackinsn-srccode,script-show-cgroup,script-show-bpf,script-show-text-poke
# Options of issue 28 (perf 7.2's report and script options cperf used not to know).
compat_kinds=report-show-cpu-util,report-parent,report-parent-x,report-exclude-other,report-hide-unresolved,report-hide-unresolved-self,report-H,report-threads,report-noop-opts,report-time-quantum-0,report-time-quantum-bad,report-percent-type-bad,report-prefix-strip,report-stdio-color-bad,script-reltime,script-deltatime,script-reltime-ns,script-rel-delta,script-noop-opts,report-field-sep,report-field-sep-folded,report-field-sep-narrow,report-field-sep-dot,report-column-widths,report-column-widths-keys,report-sort-symbol-twice,report-sort-period-total,report-no-skip-empty,report-skip-empty-ref,report-group-sort-idx,report-group-sort-idx-bad,script-round,script-dsos,script-header-info,report-disable-order,script-switch-on,script-switch-off-show,report-switch-on,report-switch-both,report-mmaps,report-stitch-lbr,script-stitch-lbr,script-guest-opts,report-socket-filter,report-sort-socket,report-ignore-callees,report-ignore-callees-caller,report-ignore-callees-bad,report-branch-stack,report-mem-mode,report-branch-mem,report-full-source-path,report-noop-opts2,report-itrace-bad,script-latency,script-debug-mode,script-stop-bt,script-noop-opts2,script-full-source-path,script-call-trace,script-call-ret-trace,script-graph-function,script-itrace-bad,script-symoff-nosym,script-dump,script-dump-unsorted,script-dump-show,script-itrace-then-F,script-insn,script-insn-trace,script-insn-trace-F,script-insn-trace-bad,script-insn-trace-disasm
# --stdio-color=always (perf's coloured percentages) in each layout that colours them.
C=report-a---stdio-color+always
color_kinds=$C,$C+--no-children+-g+caller,$C+--no-children+-g+folded,$C+-g+flat,$C+--no-children+-g+fractal~5,$C+--hierarchy,$C+-t+~,$C+-n+--show-total-period+-s+pid+-g+none,$C+--percent-limit+3+-g+none
# --mem-mode's memory-statistics columns (-F op,cache,memory,snoop,dtlb) on files with data sources.
M=report-a---mem-mode+-F+
mem_stat_kinds=${M}overhead~op~cache~mem,${M}overhead~op~cache~memory~snoop~dtlb~sym,${M}op~sym+-s+sym,${M}cache~overhead~sample~sym,${M}overhead~snoop~dtlb+--stdio-color+always,${M}overhead~sym,${M}overhead~op~cache+-w+3~20,${M}dtlb~sym~overhead+-s+dso,${M}overhead~op~sym+-q,${M}overhead~cache~sym+--comms+deep,${M}cache~sym,${M}overhead~op~sym+-t+~,${M}sym~cache~overhead+-t+:,${M}overhead~op~comm~sym+--hierarchy,${M}overhead~cache~dtlb~comm~dso~sym+--hierarchy+--percent-limit+10,${M}overhead~op~comm~sym+--hierarchy+-q,report-a--F+op
# -t and -w with --hierarchy (perf ignores -w there)
H=report-a---hierarchy
hier_sep_kinds=$H+-t+~+-g+none,$H+-t+~,$H+-w+12~12~20~30~40+-g+none,$H+-t+:+-s+dso~sym+-n+--no-children+-g+none,$H+-t+:+--percent-limit+5+-g+none,$H+-t+~+-g+folded+--no-children
# --raw-trace: -s trace shows the tracepoints' fields as name=value
raw_trace_kinds=report-a---raw-trace+-s+trace~comm,report-a---raw-trace+-s+trace+--no-children
# --group-sort-idx N on files with event groups (--no-children: perf 7.2 loops on their
# --children reports)
G=report-a---group-sort-idx+
group_sort_kinds=${G}1+--no-children,${G}2+--no-children+-g+none,${G}1+--no-children+-s+sym+-n,${G}7+--no-children+-g+none,${G}2+--no-children+--hierarchy+-g+none
# tests/data/inject: the inject options that read dsos at their recorded paths, and -f, --strip.
inject_kinds=inject-b,inject-buildid-all,inject-b-known,inject-buildid-all-known,inject-known,inject-not-owned,inject-not-owned-f,inject-strip,inject-v,inject-v-b,inject-v-buildid-all,inject-b-symbol-opts
lbr_kinds=convert-json,script-maxstack,report-inverted,report-caller,report-folded,report-callee,script-stitch-lbr,report-stitch-lbr
# report --branch-history (issue 28): the synthetic branch-history files get every kind, the
# other files of branches or callchains the first three ($bh_other_kinds).
B=report-a---branch-history
bh_other_kinds=$B,$B+--no-children,$B+--no-children+-G
bh_kinds=$bh_other_kinds,$B+-g+caller,$B+--no-children+--max-stack+3,$B+--no-children+-g+folded,$B+-g+flat,$B+--no-children+-s+dso~sym~callchain_branch_cycles,$B+--percent-limit+30,$B+-F+overhead~sym,script-brstack,script-brstacksym
# -g ...,branch (perf's branch_callstack): the branches lead the call chains as with
# --branch-history, keyed as -g says, with report's default sort
gb_kinds=report-a--g+branch,report-a---no-children+-g+caller~branch,report-a---no-children+-g+flat~branch,report-a---no-children+-g+folded~branch,report-a---no-children+-g+srcline~branch,report-a---call-graph=graph~0.5~callee~address~branch
# ... with -g count (branch counts) and --branch-history's chains with -g count
gbc_kinds=report-a--g+branch~count,report-a---no-children+-g+caller~branch~count,report-a---no-children+-g+folded~branch~count,report-a---branch-history+-g+count,report-a---branch-history+--no-children+-g+flat~count
# branch keys without -b on files in branch mode by their HEADER_BRANCH_STACK (perf takes them)
bfeat_kinds=report-a--s+dso_from,report-a--F+overhead~dso_from,report-a--s+sym~mispredict,report-a--s+dso_from~dso_to+-g+none
# report --total-cycles (issue 28): perf's table of basic blocks on files reported in branch
# mode (HEADER_BRANCH_STACK; -s is ignored there, -d/-S print no filter line), and with -b on
# --call-graph lbr files; branch-cycles-nonany: a branch filter without "any" (no block starts).
T=report-a---total-cycles
tc_kinds=$T,$T+-q,$T+--percent-limit+20,$T+--percent-limit+5,$T+-s+sym,$T+-d+deep,$T+-v,$T+--comms+worker,$T+-C+0,$T+--no-branch-stack,report-a--b+-d+deep
tc_lbr_kinds=$T+-b,$T+-b+--percent-limit+30
# perf6.1's files where report's -C, -d, --pid, --tid, --max-stack, -k, -f and script's -k, -v,
# --header-only, -f, --per-event-dump, --dlfilter/--dlarg change the output (issue 28; -l and
# --list-dlfilters list the installed perf's scripts and dlfilters: no golden); the --children
# reports of -d/--pid/--tid use -g none or --no-children but on files where cperf orders ties
# as perf does (see Documentation/differences.md).
p61_syswide_kinds=report-a--C+1,report-a---no-children+-d+mt~libc.so.6,report-a---no-children+--pid+22522~22618,report-a--g+none+--tid+22522~22618,script-per-event-dump
p61_mt_kinds=report-a---no-children+--tid+19859,report-a---tid+19858
p61_g_kinds=report-s-ipc_lbr,report-a--d+deep,report-a---max-stack+3,report-a---no-children+--max-stack+2+-G,report-a--k+nonexistent,report-a--k+g.data+-g+none,report-not-owned,report-not-owned-f,script-a--k+nonexistent,script-a--k+g.data,script-a--v,script-a---header-only,script-not-owned,script-not-owned-f,script-per-event-dump,script-dlfilter
p61_two_kinds=script-per-event-dump,inject-v,inject-v-b,inject-v-buildid-all,inject-v-B,inject-v-mmap2-buildid-all,inject-v-aslr,inject-buildid-all,inject-b
# inject -v (perf's debug lines: the build-id table, empty PMU caps, dsos without build ids; not
# --buildid-all where the maps name files of the recording machine that may exist here), script
# -l / --list-dlfilters (of tests/data/exec-path), -g, --xed, --unwind-style libdw; inject
# --buildid-all (g, mt, two-events: the kernel's table entry dropped) and -b (also tracepoint:
# perf's order), tests/e2e/inject_buildid_perf61.sh
p61_v_kinds=inject-v,inject-v-b,inject-v-buildid-all,inject-v-B,inject-v-mmap2-buildid-all,inject-v-aslr
p61_g_kinds2=$p61_v_kinds,script-list,script-list-dlfilters,script-list-dlfilters-v,script-gen-python,script-gen-perl,script-a--g+foo,script-a--g+pl,script-a--g+PERL,script-xed
p61_tracepoint_kinds=inject-v,inject-v-b,script-gen-python,inject-b
p61_dwarf_kinds=script-a---unwind-style+libdw,report-a---unwind-style+libdw
# the call-graph keys srcline and address (-g srcline, -g address; "s" a prefix of srcline,
# "fo" of folded) in each print type and order, on perf6.1's files whose frames all resolve
# here (syswide's libc is not in the symfs: perf reads the machine's; no fractal: its "[...]"
# line reads uninitialised memory, see report_golden.sh); -G after -g callee (perf applies -G last)
cckey_kinds=report-a---no-children+-g+caller~srcline,report-a--g+srcline,report-a---no-children+-g+srcline,report-a---no-children+-G+-g+srcline,report-a---no-children+-g+folded~srcline,report-a---call-graph=graph~0.5~callee~srcline,report-a--g+flat~srcline,report-a---no-children+-g+address,report-a--g+address,report-a---no-children+-g+s~fo,report-a--g+callee+-G,report-a---no-children+-G+-g+callee~srcline
# -g period: call-graph lines show periods (each print type; "percent" after it wins back);
# -g's second number: perf's print limit (frames of the top run, branches per level, chains)
ccval_kinds=report-a---no-children+-g+graph~0~1,report-a--g+graph~0.5~2,report-a---no-children+-g+flat~0.5~1,report-a---no-children+-g+folded~0~2,report-a---no-children+-g+caller~0.5~3,report-a--g+period,report-a---no-children+-g+period,report-a---no-children+-g+flat~period,report-a---no-children+-g+folded~period,report-a---no-children+-g+caller~period,report-a---call-graph=graph~0.5~period~callee,report-a---no-children+-g+period~percent
# -g count: call-graph lines show sample counts (each print type and order, children and not,
# -n, limits, hierarchy, -s dso's merged entries (perf counts a merged path once); fractal only
# --no-children, where no "[...]" line appears (see report_golden.sh))
cccount_kinds=report-a---no-children+-g+count,report-a--g+count,report-a---no-children+-g+flat~count,report-a---no-children+-g+folded~count,report-a---no-children+-g+caller~count,report-a---no-children+-g+fractal~count,report-a---call-graph=graph~0.5~count~callee,report-a---no-children+-G+-g+count,report-a--n+-g+count,report-a---percent-limit+5+-g+count,report-a--g+graph~0.5~2~count,report-a---hierarchy+-g+count,report-a---no-children+-s+dso+-g+count,report-a--g+count~percent
# report -v: long dso names, the Symbol column's address and symbol origin (stdout)
pv_kinds=report-a--v,report-a--v+--no-children+-g+none,report-a--v+--no-children+-s+dso~sym+-g+caller
all_kinds=$base_kinds,header,report-sort-comm-dso,report-sort-sym,report-folded,report-caller,report-limit5,$extra_kinds,$script_kinds,$compat_kinds,$color_kinds,$hier_sep_kinds,$raw_trace_kinds

for set in $sets; do
  src=$here/$set
  [ -d "$src/data" ] || { echo "no $src/data" >&2; exit 1; }
  dst=$work/$set
  mkdir -p "$dst/out" "$dst/check"
  cp -rL "$src/data" "$src/symfs" "$dst/"
  cp -r "$here/xed-standin" "$dst/"  # script-xed's stand-in xed
  # the dlfilter of script-dlfilter, built on this machine (perf runs it in the chroot)
  if command -v g++ > /dev/null; then
    g++ -std=c++20 -shared -fPIC -I"$here/../../lib" -o "$dst/keep_symbol.so" "$here/../dlfilters/keep_symbol.c"
    # ... and the exec path of script -l and --list-dlfilters, with it as its one dlfilter
    cp -r "$here/exec-path" "$dst/exec-path" && mkdir -p "$dst/exec-path/dlfilters" &&
      cp "$dst/keep_symbol.so" "$dst/exec-path/dlfilters/"
  fi
  gzip -dc "$src/kallsyms.gz" > "$dst/kallsyms"
  touch -d "@$GOLDEN_MTIME" "$dst"/data/*.data
  names=${NAMES:-$(cd "$src/data" && ls *.data | sed 's/\.data$//')}
  run() { chroot "$SID_ROOT" env -i HOME=$rel/home PROCFS_PATH=$rel/noproc TZ=UTC \
            PATH=/usr/sbin:/usr/bin:/sbin:/bin sh $rel/inner.sh "$rel/$set" "$@"; }
  if [ -n "${KINDS:-}" ]; then
    run "$rel/$set/out" "$KINDS" $names
  elif [ "$set" = groups ]; then
    # perf 7.2 loops forever on --children reports of event groups: only the other kinds.
    run "$rel/$set/out" script,dump,evlist,evlist-g,header,report,report-sort-comm-dso,report-sort-sym,report-folded,report-caller,report-limit5,report-sym-q,report-pid,report-cpu-period-parent,report-fields-sort,report-no-group,report-hierarchy-flat,$C+--no-children,$C+--no-children+--hierarchy,$H+-t+~+--no-children+-g+none,$group_sort_kinds $names
  elif [ "$set" = synthetic ]; then
    # intel-pt-info: dump and evlist only (perf script sets up the Intel PT decoder from the
    # AUXTRACE_INFO record, which cperf does not do; see Documentation/differences.md).
    run "$rel/$set/out" script,script-nomerge,dump,evlist,header,report,report-children,script-show-task,script-show-other,script-fields-misc \
      $(echo $names | tr ' ' '\n' | grep -vx intel-pt-info)
    # (each only when NAMES has its file: the merge below would repeat their status lines)
    in_names() { case " $(echo $names) " in *" $1 "*) return 0 ;; esac; return 1; }
    if in_names intel-pt-info; then run "$rel/$set/out" dump,evlist,header intel-pt-info; fi
    # (-s ipc_lbr: perf prints its -s usage alone, status 0, with -b or without)
    if in_names branch-stack; then run "$rel/$set/out" script-brstack,script-brstacksym,report-b-s-sym+ipc_lbr,report-s-ipc_lbr branch-stack; fi
    if in_names namespaces; then run "$rel/$set/out" script-show-ns namespaces; fi
    if in_names mem-samples; then run "$rel/$set/out" $mem_stat_kinds mem-samples; fi
    bh=$(echo $names | tr ' ' '\n' | grep -x -e branch-history -e branch-history-feat || true)
    [ -z "$bh" ] || run "$rel/$set/out" $bh_kinds $bh
    bh=$(echo $names | tr ' ' '\n' | grep -x -e lbr-user -e two-waiting -e lbr-stitch-threads -e branch-stack-feat || true)
    [ -z "$bh" ] || run "$rel/$set/out" $bh_other_kinds $bh
    if in_names branch-stack; then run "$rel/$set/out" $B branch-stack; fi
    bh=$(echo $names | tr ' ' '\n' | grep -x -e branch-history -e branch-history-feat -e lbr-user -e branch-stack-feat -e branch-stack || true)
    [ -z "$bh" ] || run "$rel/$set/out" $gb_kinds $bh
    [ -z "$bh" ] || run "$rel/$set/out" $gbc_kinds $bh
    bh=$(echo $names | tr ' ' '\n' | grep -x -e branch-history-feat -e branch-stack-feat -e branch-cycles-nonany || true)
    [ -z "$bh" ] || run "$rel/$set/out" $tc_kinds $bh
    [ -z "$bh" ] || run "$rel/$set/out" $bfeat_kinds $bh
    bh=$(echo $names | tr ' ' '\n' | grep -x -e lbr-user -e lbr-stitch || true)
    [ -z "$bh" ] || run "$rel/$set/out" $tc_lbr_kinds $bh
    # a pipe without callchains: perf checks -g, --branch-history and -s parent on files only
    if in_names event-type-pipe; then run "$rel/$set/out" $B,report-a--g+caller,report-a--s+parent event-type-pipe; fi
    # (callee order with -g lbr: perf's order of equal branches from two dsos follows its heap
    # addresses, and an empty LBR stack reads memory past the sample: caller order there)
    bh=$(echo $names | tr ' ' '\n' | grep -x -e lbr-stitch -e lbr-kernel || true)
    [ -z "$bh" ] || run "$rel/$set/out" $B+--stitch-lbr,$B+--no-children+-G $bh
    # --call-graph lbr files: the option kinds that change how perf builds their stacks.
    lbr=$(echo $names | tr ' ' '\n' | grep '^lbr-' || true)
    [ -z "$lbr" ] || run "$rel/$set/out" $lbr_kinds $lbr
    # ... and those whose samples perf stitches (they have the LBR size): report --stitch-lbr
    # with call graphs too.
    stitch=$(echo "$lbr" | grep '^lbr-stitch' || true)
    [ -z "$stitch" ] || run "$rel/$set/out" report-a---stitch-lbr+--no-children,report-a---stitch-lbr+--no-children+-G,report-a---stitch-lbr $stitch
  elif [ "$set" = fields ]; then
    run "$rel/$set/out" script,dump,evlist,header,$fields_kinds $names
    mem=$(echo $names | tr ' ' '\n' | grep -x -e mem -e weight-struct || true)
    [ -z "$mem" ] || run "$rel/$set/out" $mem_stat_kinds $mem
  elif [ "$set" = perf7.2 ]; then
    run "$rel/$set/out" $base_kinds,header,inject-aslr $names
    run "$rel/$set/out" inject-sched-stat $(echo $names | tr ' ' '\n' | grep -x sched-stat)
    run "$rel/$set/out" $raw_trace_kinds $(echo $names | tr ' ' '\n' | grep -x sched-stat)
    run "$rel/$set/out" $group_sort_kinds $(echo $names | tr ' ' '\n' | grep -x groups)
    run "$rel/$set/out" report-threads,report-a--T+--no-children+-g+none $(echo $names | tr ' ' '\n' | grep -x read)
  elif [ "$set" = inject ]; then
    # The dsos' files at their recorded paths, inside the chroot, while perf reads them.
    exec 9> "$SID_ROOT/tmp/cperf-inject-fixture.lock"
    flock 9
    sh "$src/place-fixture.sh" "$SID_ROOT"
    bid=$(echo $names | tr ' ' '\n' | grep -vx -e dwarf -e jit -e guest-host -e guest-vm -e guest-merged || true)
    [ -z "$bid" ] || run "$rel/$set/out" $inject_kinds $bid
    dw=$(echo $names | tr ' ' '\n' | grep -x dwarf || true)
    [ -z "$dw" ] || run "$rel/$set/out" inject-convert-callchain,inject-convert-callchain-libdw,inject-convert-callchain-symbol-opts $dw
    jit=$(echo $names | tr ' ' '\n' | grep -x jit || true)
    [ -z "$jit" ] || run "$rel/$set/out" inject-jit,inject-v-j $jit
    gh=$(echo $names | tr ' ' '\n' | grep -x guest-host || true)
    [ -z "$gh" ] || run "$rel/$set/out" inject-guest-merge,inject-guest-merge-time,inject-guest-merge-ids,inject-guest-merge-overlap $gh
    gm=$(echo $names | tr ' ' '\n' | grep -x guest-merged || true)
    [ -z "$gm" ] || run "$rel/$set/out" inject-guestmount,inject-guestmount-found $gm
    rm -rf "$SID_ROOT/tmp/cperf-inject-fixture"
    exec 9>&-
  elif [ "$set" = generations ]; then
    run "$rel/$set/out" script,dump,evlist,header,report,report-children $names
  elif [ "$set" = arch ]; then
    run "$rel/$set/out" script,dump,evlist,header,header-info,script-regs,report,report-children $names
  elif [ "$set" = perf7.2-defer ]; then
    run "$rel/$set/out" header,$extra_kinds,$defer_script_kinds $names
    run "$rel/$set/check" $base_kinds $names
    bad=0
    for g in "$dst"/check/*.txt.gz; do
      b=$(basename "$g")
      if ! cmp -s <(gzip -dc "$g") <(gzip -dc "$src/expected/$b"); then
        echo "check: $set/expected/$b differs from a fresh run"; bad=1
      fi
    done
    grep -v ' exit=0 stderr=0:' "$dst/check/exit-status.txt" | sed "s|^|$set (check): |" || true
    if [ $bad = 0 ]; then echo "check: $set base goldens reproduce exactly"; fi
  else
    run "$rel/$set/out" $all_kinds $names
    if [ "$set" = perf6.1 ]; then  # the filters and options that change these files' output
      for n in syswide mt g two-events dwarf tracepoint zstd; do
        case " $(echo $names) " in *" $n "*) ;; *) continue ;; esac
        case $n in
          syswide) k=$p61_syswide_kinds ;; mt) k=$p61_mt_kinds,$cckey_kinds,$ccval_kinds,$cccount_kinds,$pv_kinds,$p61_v_kinds,inject-buildid-all,inject-b ;;
          g) k=$p61_g_kinds,$cckey_kinds,$ccval_kinds,$cccount_kinds,$pv_kinds,$p61_g_kinds2,inject-buildid-all,inject-b ;;
          dwarf) k=$cckey_kinds,$p61_dwarf_kinds ;; tracepoint) k=$p61_tracepoint_kinds ;; zstd) k=$p61_v_kinds ;;
          *) k=$p61_two_kinds ;;
        esac
        run "$rel/$set/out" "$k" $n
      done
    fi
  fi
  # Replace this set's generated files (keep the fixture's originals for perf7.2-defer).
  if [ -n "${KINDS:-}" ]; then
    # Only these kinds: drop their old stderr files and exit-status lines, keep the rest.
    for n in $names; do
      for k in $(echo "$KINDS" | tr , ' '); do rm -f "$src/expected/$n.$k.stderr.txt"; done
    done
    # (the kinds' '+' and '.' taken literally)
    pat="^($(echo $names | tr ' ' '|')) ($(echo "$KINDS" | sed 's/[.+*?^$(){}]/\\&/g' | tr , '|')) exit="
    { grep -Ev "$pat" "$src/expected/exit-status.txt" 2>/dev/null || true
      cat "$dst/out/exit-status.txt"; } > "$dst/exit-status.txt"
    mv "$dst/exit-status.txt" "$dst/out/exit-status.txt"
  else
    for n in $names; do
      rm -f "$src"/expected/$n.*.stderr.txt
    done
    if [ -n "${NAMES:-}" ]; then  # only these files: the others' exit-status lines stay
      pat="^($(echo $names | tr ' ' '|')) "
      { grep -Ev "$pat" "$src/expected/exit-status.txt" 2>/dev/null || true
        cat "$dst/out/exit-status.txt"; } > "$dst/exit-status.txt"
      mv "$dst/exit-status.txt" "$dst/out/exit-status.txt"
    fi
  fi
  cp "$dst"/out/* "$src/expected/"
  # An option kind whose output is the plain `script` output (say -F trace:... on a file without
  # tracepoints) is not stored: tests/e2e/script_golden.sh falls back to NAME.script.txt.gz.
  for g in "$dst"/out/*.script-*.txt.gz; do
    [ -e "$g" ] || continue
    b=$(basename "$g"); n=${b%%.script-*}
    case $b in *.script-nomerge.txt.gz) continue ;; esac
    if [ -e "$src/expected/$n.script.txt.gz" ] &&
       cmp -s <(gzip -dc "$g") <(gzip -dc "$src/expected/$n.script.txt.gz"); then
      rm -f "$src/expected/$b"
    fi
  done
  echo "$set: $(ls "$dst"/out | grep -c '\.txt\.gz$') goldens written to $src/expected"
  grep -v ' exit=0 stderr=0:' "$dst/out/exit-status.txt" | sed "s|^|$set: |" || true
done
