#!/bin/bash
# record --filter and --exclude-perf, as perf 7.2 (messages and statuses from perf 7.2.13): a
# tracepoint filter binds to the -e before it and is set on every counter of that event
# (samples the filter rejects never come); --exclude-perf adds "common_pid != <recorder>";
# without a tracepoint before them, perf's errors and usage lines (129; a filter on another
# event is perf's BPF filter, which cperf has not); a filter the kernel rejects: 255.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
if ! [ -d /sys/kernel/tracing/events/sched ] && [ "$(id -u)" != 0 ]; then
  echo "SKIP: tracefs is not mounted and mounting it needs root"; exit 77
fi
fails=0
ok() { echo "ok: $*"; }
bad() { echo "FAIL: $*"; fails=$((fails+1)); }
usage=$'\n Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]\n'
# expect STATUS STDERR ARGS...: the refusals.
expect() {
  local rc want=$2 st=$1; shift 2
  "$CPERF" record "$@" -o f.data -- true > /dev/null 2> err.txt; rc=$?
  if [ $rc = "$st" ] && [ "$(cat err.txt)" = "$want" ]; then ok "record $* -> $rc"; else bad "record $*: $rc, '$(cat err.txt)'"; fi
}
expect 129 "--filter option should follow a -e tracepoint or HW tracer option
$usage
        --filter <filter>
                          event filter" --filter x
expect 129 "Error: BPF filter is requested but perf is not built with BPF.
	Please make sure to build with libbpf and BPF skeleton.
$usage
        --filter <filter>
                          event filter" -e cpu-clock --filter x
expect 129 "--exclude-perf option should follow a -e tracepoint option
$usage
        --exclude-perf    don't record events from perf itself" --exclude-perf
"$CPERF" record -q -e sched:sched_switch --filter 'bogus == 1' -o f.data -- true 2> err.txt; rc=$?
[ $rc = 255 ] && grep -qx 'failed to set filter "bogus == 1" on event sched:sched_switch: Invalid argument' err.txt &&
  ok "a filter the kernel rejects: perf's line, 255" || bad "rejected filter: $rc, $(cat err.txt)"
# A filter no switch passes, then none: the workload (mt) switches plenty.
"$CPERF" record -q -e sched:sched_switch -o all.data -- "$WL/mt" > /dev/null || bad "record"
"$CPERF" record -q -e sched:sched_switch --filter 'prev_pid == 0 && next_pid == 0' -o none.data -- "$WL/mt" > /dev/null || bad "record --filter"
n_all=$("$CPERF" script -i all.data | grep -c sched_switch) n_none=$("$CPERF" script -i none.data | grep -c sched_switch)
[ "$n_all" -gt 0 ] && [ "$n_none" = 0 ] && ok "--filter: $n_all switches without it, $n_none with it" || bad "--filter: $n_all / $n_none"
# --exclude-perf system-wide: no switch of the recorder itself (its pid is in the COMM records).
"$CPERF" record -q -a -e sched:sched_switch --exclude-perf -o ex.data -- "$WL/mt" > /dev/null &
rec=$!
wait $rec || bad "record --exclude-perf"
n_self=$("$CPERF" script -F pid -i ex.data | awk -v p=$rec '$1 == p' | wc -l)
n_ex=$("$CPERF" script -i ex.data | grep -c sched_switch)
[ "$n_ex" -gt 0 ] && [ "$n_self" = 0 ] && ok "--exclude-perf: $n_ex switches, none of the recorder ($rec)" || bad "--exclude-perf: $n_ex switches, $n_self of the recorder"
[ $fails = 0 ] && echo PASS || exit 1
