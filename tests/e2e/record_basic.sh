#!/bin/bash
# cperf record on real workloads: -g, --call-graph dwarf, -o -, -a, -p, a tracepoint.
# Each file must be readable by cperf script and by perf 6.1 with the same sample count. The
# event is named (-e cpu-clock): the default one depends on the machine (cycles:P with a PMU,
# else task-clock:ppp or cpu-clock:ppp).
source "$(dirname "$0")/_record_lib.sh"
need_perf_events

"$CPERF" record -q -e cpu-clock -g -o "$T/g.data" -- "$WL/deep" >/dev/null || { echo "FAIL: record -g"; exit 1; }
compare_61 "$T/g.data" cpu-clock
"$CPERF" evlist -v -i "$T/g.data" | grep -q "CALLCHAIN" || { echo "FAIL: -g without CALLCHAIN"; exit 1; }

"$CPERF" record -q -e cpu-clock --call-graph dwarf -o "$T/d.data" -- "$WL/deep" >/dev/null || { echo "FAIL: record dwarf"; exit 1; }
compare_61 "$T/d.data" cpu-clock
"$CPERF" evlist -v -i "$T/d.data" | grep -q "sample_stack_user: 8192" || { echo "FAIL: dwarf attr"; exit 1; }

"$CPERF" record -q -e cpu-clock -g -o - -- "$WL/deep" > "$T/pipe.data" || { echo "FAIL: record -o -"; exit 1; }
compare_61 - cpu-clock

"$CPERF" record -q -e cpu-clock -a -o "$T/a.data" -- sleep 1 || { echo "FAIL: record -a"; exit 1; }
compare_61 "$T/a.data" cpu-clock

# --synth=no: no COMM/MMAP records for the processes already running (-a synthesizes them all).
"$CPERF" record -q -e cpu-clock -a --synth=no --threads -o "$T/ns.data" -- sleep 0.2 || { echo "FAIL: record --synth=no"; exit 1; }
n_no=$("$CPERF" report -D -i "$T/ns.data" | grep -c "PERF_RECORD_COMM")
n_all=$("$CPERF" report -D -i "$T/a.data" | grep -c "PERF_RECORD_COMM")
[ "$n_no" -lt "$n_all" ] || { echo "FAIL: --synth=no kept $n_no COMM records (-a alone: $n_all)"; exit 1; }
echo "ok: --synth=no: $n_no COMM records, -a: $n_all"

# The workload runs until killed; the recorder is stopped once it samples and the workload has
# used 20 clock ticks of CPU since (however busy the machine, there are samples then).
"$WL/deep" 100000000 >/dev/null & pid=$!
"$CPERF" record -q -e cpu-clock -g -p $pid -o "$T/p.data" & rec=$!
wait_perf_events $rec && wait_cpu_ticks $pid 20 || echo "note: -p: the recorder or the workload ended early"
kill -INT $rec; wait $rec; rc=$?
kill $pid 2>/dev/null; wait $pid 2>/dev/null
[ $rc -eq 0 ] || { echo "FAIL: record -p exited $rc"; exit 1; }
compare_61 "$T/p.data" cpu-clock

# Tracepoints. Like perf, cperf mounts tracefs itself when it is not mounted (root only): shown
# in a private mount namespace where it is unmounted first.
if [ "$(id -u)" = 0 ] && command -v unshare >/dev/null; then
  unshare -m --propagation private sh -c 'umount /sys/kernel/tracing 2>/dev/null
    [ -d /sys/kernel/tracing/events ] && { echo "tracefs could not be unmounted"; exit 0; }
    "$0" record -q -e sched:sched_switch -o "$1" -- true >/dev/null' "$CPERF" "$T/mnt.data" > "$T/mnt.out" 2>&1 ||
    { echo "FAIL: record of a tracepoint without tracefs mounted:"; cat "$T/mnt.out"; exit 1; }
  [ -s "$T/mnt.out" ] && echo "note: $(cat "$T/mnt.out"): the tracefs mount case was not exercised"
fi
if [ -d /sys/kernel/tracing/events/sched ] || [ "$(id -u)" = 0 ]; then
  "$CPERF" record -q -e sched:sched_switch -o "$T/tp.data" -- "$WL/mt" >/dev/null || { echo "FAIL: record tracepoint"; exit 1; }
  compare_61 "$T/tp.data" sched:sched_switch
  "$PERF61" script -i "$T/tp.data" 2>/dev/null | grep -q "prev_comm=" || { echo "FAIL: perf 6.1 cannot decode the tracepoint fields"; exit 1; }
else
  echo "SKIP (part): tracefs is not mounted and mounting it needs root: tracepoint case not run"
fi

# The workload's exit status is cperf's.
"$CPERF" record -q -o "$T/x.data" -- sh -c 'exit 3'; rc=$?
[ $rc -eq 3 ] || { echo "FAIL: exit status $rc, want 3"; exit 1; }
echo "PASS"
