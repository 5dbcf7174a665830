#!/bin/bash
# The attrs cperf record opens are perf 7.2's: perf 7.2 (from the oracle's sid root, started
# through that root's loader on this machine) and cperf record the same command lines, and
# `evlist -v` of the two files must agree, apart from one known difference (see
# Documentation/perf-record.md): the attr size (cperf keeps files readable by perf 6.1). The
# build_id bit (perf 7.2's build-id-mmap default, off with --no-buildid-mmap) must agree.
# Covers modifiers (u, H, G, GH, p), -a with its tracking dummy:u,
# -F given or not, -g, --call-graph fp,defer (both tools fall back alike on a kernel without
# it), two events with equal and with different sample fields (ID vs IDENTIFIER), -k, event
# groups (leader and members, group modifiers, the group_desc feature, named groups), --sample-cpu,
# --switch-events, -d, --aio, -s, --latency (and its refusal of -a, checked below), the S
# modifier, terms on software and tracepoint events (period, freq, name, call-graph,
# max-stack), the default event, and the sample-field, context and side-band options (-T, -P,
# -R, -n, -W, --phys-data, --data/code-page-size, --sample-identifier, --running-time, -I,
# --user-regs, --all-user/--all-kernel, --kernel/user-callchains, --namespaces, --data-mmap,
# --no-buffering, -D, -r, --strict-freq, -p, -t (no inherit, as perf; both override -a and -C), --overwrite, --tail-synthesize, --all-cgroups, -G and the options that
# change no attr).
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
oracle_have_perf7 || { echo "SKIP: $(oracle_why_not)"; exit 77; }
perf7 record -q -e cpu-clock -o "$T/probe7.data" -- true > /dev/null 2>&1 ||
  { echo "SKIP: perf 7.2 cannot record on this machine"; exit 77; }

norm() {  # the attrs, and the groups of the group_desc feature
  "$CPERF" evlist -v -i "$1" | sed -E 's/size: [0-9]+, //'
  "$CPERF" report --header-only -i "$1" | grep '^# group:'
}
fails=0
# -p/-t cases name PID: a sleeping process that lives through the loop (the workload bounds each run).
sleep 600 & bg_pid=$!
trap 'kill $bg_pid 2> /dev/null; rm -rf "$T"; oracle_cleanup' EXIT
while IFS= read -r args; do
  [ -z "$args" ] && continue
  args=${args//PID/$bg_pid}
  # shellcheck disable=SC2086  # the argument lists are meant to split
  perf7 record -q $args -o "$T/p7.data" -- "$WL/mt" 1 5 > /dev/null 2>&1 || { echo "FAIL: perf 7.2 record $args"; fails=$((fails + 1)); continue; }
  # shellcheck disable=SC2086
  "$CPERF" record -q $args -o "$T/c.data" -- "$WL/mt" 1 5 > /dev/null 2>&1 || { echo "FAIL: cperf record $args"; fails=$((fails + 1)); continue; }
  if diff <(norm "$T/p7.data") <(norm "$T/c.data") > "$T/d.txt"; then
    echo "ok: record $args"
  else
    echo "FAIL: record $args: attrs differ (< perf 7.2, > cperf):"; cat "$T/d.txt"; fails=$((fails + 1))
  fi
done <<'EOF'
-e cpu-clock
-g -e cpu-clock
--call-graph fp,defer -e cpu-clock
--call-graph dwarf -e cpu-clock
--call-graph dwarf,4096 -e cpu-clock:u
-a --call-graph dwarf,1024 -F 99 -e cpu-clock
-e cpu-clock:u,task-clock:H,page-faults:G,cs:GH,cpu-clock:p
-e cpu-clock,task-clock -g
-e cpu-clock,dummy
-a -e cpu-clock
-a -F 999 -g -e cpu-clock
-a -c 100000 -e cpu-clock
-C 0 -e cpu-clock
-k mono -e cpu-clock
-e {cpu-clock,task-clock}
-g -e {cpu-clock,task-clock}:u,page-faults
-e cs,{cpu-clock:k,task-clock}:u
--sample-cpu -e cpu-clock
--switch-events -e cpu-clock
-a --switch-events -e cpu-clock
-d -e cpu-clock,task-clock
-a -d -e cpu-clock
--aio -e cpu-clock
-s -e cpu-clock
--latency -e cpu-clock
--latency -g
-C 0 --latency -e cpu-clock
-C 0 -g
-e {cpu-clock,task-clock}:S
-e foo{cpu-clock,task-clock}:S
-e g1{cpu-clock,task-clock},g2{page-faults,cs}:u
-e task-clock/period=1000/
-e cpu-clock/freq=99,name=foo/u
-e cs/call-graph=dwarf,max-stack=8/ -g
-e sched:sched_switch/call-graph=dwarf,max-stack=8/
-T -e cpu-clock
--no-timestamp -e cpu-clock
--no-timestamp -R -e cpu-clock
-P -e cpu-clock
-P -c 100000 -e cpu-clock
-R -e cpu-clock
-a -R -e cpu-clock
-n -e cpu-clock
-a -n -e cpu-clock
-W -e cpu-clock
--phys-data --data-page-size --code-page-size -e cpu-clock
--sample-identifier -e cpu-clock
-a --sample-identifier -e cpu-clock
--running-time -e cpu-clock
--transaction -e cpu-clock
--sample-mem-info -e cpu-clock
-I -e cpu-clock
-Iax,r15 -e cpu-clock
--intr-regs=sp,ip --user-regs=ax,bx -e cpu-clock
-a -I -e cpu-clock
--all-user -e cpu-clock,task-clock
--all-kernel -e cpu-clock
-a --all-user -e cpu-clock
--kernel-callchains -g -e cpu-clock
--user-callchains -g -e cpu-clock
-a --kernel-callchains -g -e cpu-clock
--namespaces -e cpu-clock
-a --namespaces -e cpu-clock
--data-mmap -e cpu-clock
--no-buffering -e cpu-clock
-a --no-buffering -e cpu-clock
-D 10 -e cpu-clock
-D -1 -g -e cpu-clock
-a -D 10 -e cpu-clock
--strict-freq -F 999 -e cpu-clock
-r 1 -e cpu-clock
--mmap-flush 4 --affinity=node --proc-map-timeout 100 --num-thread-synthesize 2 --timestamp-boundary -e cpu-clock
--overwrite -e cpu-clock
-a --overwrite -g -e cpu-clock
--tail-synthesize -e cpu-clock
--off-cpu-thresh=10 --debuginfod -e cpu-clock
--all-cgroups -e cpu-clock
-a --all-cgroups -e cpu-clock
-a -e cpu-clock,task-clock -G /
-i -e cpu-clock
--per-thread -e cpu-clock
--per-thread -T -e cpu-clock
-a --per-thread -e cpu-clock
--no-bpf-event -e cpu-clock
--buildid-mmap -e cpu-clock
--no-buildid-mmap -e cpu-clock
-a --no-buildid-mmap -e cpu-clock
-B -N --buildid-all -e cpu-clock
--synth=no -e cpu-clock
-z -e cpu-clock
--threads -e cpu-clock
-e dummy
-p PID -e cpu-clock
-t PID -e cpu-clock
-t PID -i -e cpu-clock
-p PID -g -e cpu-clock,task-clock
-a -p PID -e cpu-clock
-C 0 -t PID -e cpu-clock
EOF
# --latency with -a: perf 7.2 refuses it (exit 234, one line) before recording anything.
for tool in perf7 "$CPERF"; do
  out=$($tool record --latency -a -o "$T/l.data" -- true 2>&1); rc=$?
  if [ $rc -ne 234 ] || [ "$out" != "Failed: latency profiling is not supported with system-wide collection." ]; then
    echo "FAIL: $tool record --latency -a: exit $rc, said: $out"; fails=$((fails + 1))
  fi
done
# Where the events cannot open here (branch stacks on software events), the attrs perf would
# have opened, as -vv prints them, and the calls: the same in both (perf's size field aside;
# perf's own BPF side-band counter, which cperf does not open, is left out).
vv_blocks() {
  grep -E "^(-{60}|perf_event_attr:|  [a-z_{].*|sys_perf_event_open.*|Failure to open.*)$" |
    grep -vE "^\s+size " | sed -E 's/pid [0-9]+ /pid PID /; s/ = [0-9]+$/ = FD/'
}
# (The default event is not among them: perf first tries cycles at each precise level, which
# cperf does not try on a machine whose PMU has no cycles event.)
for args in "-b -e cpu-clock" "-j any_call,u -e cpu-clock,task-clock" "-a -b -e cpu-clock" "-b -e task-clock:u,cs"; do
  # shellcheck disable=SC2086
  perf7 record -vv $args -o "$T/v7.data" -- true 2>&1 | vv_blocks > "$T/v7.txt"
  # shellcheck disable=SC2086
  "$CPERF" record -vv $args -o "$T/vc.data" -- true 2>&1 | vv_blocks > "$T/vc.txt"
  if [ -s "$T/v7.txt" ] && diff "$T/v7.txt" "$T/vc.txt" > "$T/d.txt"; then echo "ok: record -vv $args"; else
    echo "FAIL: record -vv $args: attrs differ (< perf 7.2, > cperf):"; cat "$T/d.txt"; fails=$((fails + 1)); fi
done
[ $fails -eq 0 ] || { echo "$fails case(s) differ"; exit 1; }
echo "PASS"
