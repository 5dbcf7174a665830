#!/bin/bash
# The side band record writes for processes that run before it starts, in perf 7.2's layout
# (read from perf 7.2's own files of the same kind of target, `report -D`):
#  - a thread list (-p, -t): per thread its COMM (with --namespaces its NAMESPACES after it),
#    the leader's MMAP2s right after the leader's COMM, no FORK; a thread given without its
#    leader brings the leader's COMM and MMAP2s; the workload's "perf-exec" COMM comes after;
#  - CPU-wide (-a): per thread a FORK (misc FORK_EXEC: 0x2000; a leader's parent is its PPid,
#    another thread's its leader), NAMESPACES with --namespaces, COMM, and the leader's MMAP2s
#    after its COMM; the forked workload is named perf-exec there too;
#  - --synth: task (threads without maps), mmap (with maps), cgroup (none of them), in a list;
#  - script --show-namespace-events names the workload's NAMESPACES record perf-exec, as perf.
# With the oracle, perf 7.2's record -p of the same process gives the same records for it
# (its MMAP2s carry build ids where cperf's carry device and inode: Documentation/perf-record.md).
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
"$WL/mt" 3 1000000 > /dev/null & mt=$!
trap 'kill $mt 2> /dev/null; rm -rf "$T"; oracle_cleanup' EXIT
nthreads() { [ "$(ls "/proc/$mt/task" 2> /dev/null | wc -l)" -ge 4 ]; }
wait_for 120 nthreads || { echo "FAIL: the workload did not start its threads"; exit 1; }
tids=$(ls "/proc/$mt/task" | sort -n)
second=$(echo "$tids" | sed -n 2p)
fails=0
# The time-0 records of the workload's process, one line each: kind and pids (addresses cut).
synth() {  # synth FILE
  "$CPERF" report -D -i "$1" 2> /dev/null | awk -v pid="$mt" '
    /^\.  0000:/ { misc = $7 $8 }
    /^0 (0 )?0x[0-9a-f]+ \[0x[0-9a-f]+\]: PERF_RECORD_/ {
      line = substr($0, index($0, "PERF_RECORD_"))
      sub(/ \[0x.*/, "", line); sub(/ - nr_namespaces.*/, "", line)
      if (line ~ ("[ :(]" pid "[/:)]") || line ~ /perf-exec:/) {
        sub(/perf-exec:.*/, "perf-exec:", line)
        if (line ~ /FORK/) line = line " misc=" misc
        print line
      }
    }'
}
expect() {  # expect NAME FILE WANT
  if [ "$(synth "$2")" = "$3" ]; then echo "ok: $1"; else
    echo "FAIL: $1: got"; synth "$2"; echo "want"; echo "$3"; fails=$((fails + 1)); fi
}
nmaps=$(awk '$2 ~ /x/' "/proc/$mt/maps" | wc -l)
maps() { for _ in $(seq "$nmaps"); do echo "PERF_RECORD_MMAP2 $mt/$mt:"; done; }

"$CPERF" record -q -p "$mt" --namespaces -e cpu-clock -o p.data -- true > /dev/null 2>&1 || { echo "FAIL: record -p"; exit 1; }
want=$(for t in $tids; do
  echo "PERF_RECORD_COMM: mt:$mt/$t"; echo "PERF_RECORD_NAMESPACES $mt/$t"; [ "$t" = "$mt" ] && maps; done
  echo "PERF_RECORD_COMM: perf-exec:")
expect "record -p --namespaces" p.data "$want"

"$CPERF" record -q -t "$second" -e cpu-clock -o t.data -- true > /dev/null 2>&1 || { echo "FAIL: record -t"; exit 1; }
expect "record -t (a thread without its leader)" t.data "$(echo "PERF_RECORD_COMM: mt:$mt/$second"
  echo "PERF_RECORD_COMM: mt:$mt/$mt"; maps; echo "PERF_RECORD_COMM: perf-exec:")"

# --synth: task (no maps), mmap (tasks and maps), cgroup or no (nothing of the process); any case
"$CPERF" record -q -p "$mt" --synth=TASK -e cpu-clock -o s.data -- true > /dev/null 2>&1 || { echo "FAIL: record --synth=TASK"; exit 1; }
expect "record -p --synth=TASK" s.data "$(for t in $tids; do echo "PERF_RECORD_COMM: mt:$mt/$t"; done; echo "PERF_RECORD_COMM: perf-exec:")"
"$CPERF" record -q -p "$mt" --synth=cgroup,mmap -e cpu-clock -o s.data -- true > /dev/null 2>&1 || { echo "FAIL: record --synth=cgroup,mmap"; exit 1; }
expect "record -p --synth=cgroup,mmap" s.data "$(for t in $tids; do echo "PERF_RECORD_COMM: mt:$mt/$t"; [ "$t" = "$mt" ] && maps; done
  echo "PERF_RECORD_COMM: perf-exec:")"
"$CPERF" record -q -p "$mt" --synth=cgroup -e cpu-clock -o s.data -- true > /dev/null 2>&1 || { echo "FAIL: record --synth=cgroup"; exit 1; }
expect "record -p --synth=cgroup" s.data "PERF_RECORD_COMM: perf-exec:"

"$CPERF" record -q -a -e cpu-clock -o a.data -- true > /dev/null 2>&1 || { echo "FAIL: record -a"; exit 1; }
ppid=$(awk '/^PPid:/ {print $2}' "/proc/$mt/status")
want=$(for t in $tids; do
  if [ "$t" = "$mt" ]; then echo "PERF_RECORD_FORK($mt:$mt):($ppid:$ppid) misc=0020"; else
    echo "PERF_RECORD_FORK($mt:$t):($mt:$mt) misc=0020"; fi
  echo "PERF_RECORD_COMM: mt:$mt/$t"; [ "$t" = "$mt" ] && maps; done)
got=$(synth a.data | grep -v perf-exec)
if [ "$got" = "$want" ]; then echo "ok: record -a"; else echo "FAIL: record -a: got"; echo "$got"; echo "want"; echo "$want"; fails=$((fails + 1)); fi
# the forked workload, waiting for its exec, is perf-exec in /proc (and then in its COMM)
wl=$("$CPERF" report -D -i a.data 2> /dev/null | sed -n 's/^0 0 0x.*PERF_RECORD_COMM: perf-exec:\([0-9]*\)\/.*/\1/p' | tail -1)
walked=$("$CPERF" report -D -i a.data 2> /dev/null | grep -E '^0 0 0x' |
  grep -A1 -F "PERF_RECORD_FORK($wl:$wl)" | grep -o 'PERF_RECORD_COMM: .*')  # the walk's COMM, after its FORK
case $walked in
  "PERF_RECORD_COMM: perf-exec:$wl/$wl") echo "ok: record -a: the waiting workload is perf-exec in the /proc walk" ;;
  *) echo "FAIL: record -a: the workload's COMM in the /proc walk: '$walked'"; fails=$((fails + 1)) ;;
esac

# The workload's NAMESPACES follows its perf-exec COMM; script names the record's thread by the
# record's own pid/tid, as perf does (its sample id is zero): "perf-exec", not "swapper".
"$CPERF" record -q --namespaces -e cpu-clock -o ns.data -- true > /dev/null 2>&1 || { echo "FAIL: record --namespaces"; exit 1; }
first=$("$CPERF" script --show-namespace-events -i ns.data 2> /dev/null | head -1)
case $first in
  *perf-exec*PERF_RECORD_NAMESPACES*) echo "ok: script names the workload's NAMESPACES perf-exec" ;;
  *) echo "FAIL: script --show-namespace-events: $first"; fails=$((fails + 1)) ;;
esac

if oracle_have_perf7; then
  if diff <(perf7 script --show-namespace-events -i ns.data 2>&1) <("$CPERF" script --show-namespace-events -i ns.data 2>&1) > ns.diff; then
    echo "ok: perf 7.2's script --show-namespace-events prints the same"; else
    echo "FAIL: script --show-namespace-events differs from perf 7.2's:"; head ns.diff; fails=$((fails + 1)); fi
  perf7 record -q -p "$mt" --namespaces -e cpu-clock -o p7.data -- true > /dev/null 2>&1 || { echo "FAIL: perf 7.2 record -p"; exit 1; }
  if [ "$(synth p7.data)" = "$(synth p.data)" ]; then echo "ok: perf 7.2's record -p writes the same"; else
    echo "FAIL: record -p differs from perf 7.2's (< perf 7.2):"; diff <(synth p7.data) <(synth p.data); fails=$((fails + 1)); fi
  perf7 record -q -a -e cpu-clock -o a7.data -- true > /dev/null 2>&1 || { echo "FAIL: perf 7.2 record -a"; exit 1; }
  if [ "$(synth a7.data | grep -v perf-exec)" = "$got" ]; then echo "ok: perf 7.2's record -a writes the same"; else
    echo "FAIL: record -a differs from perf 7.2's (< perf 7.2):"; diff <(synth a7.data | grep -v perf-exec) <(echo "$got"); fails=$((fails + 1)); fi
else
  echo "note: perf 7.2 comparison skipped: $(oracle_why_not)"
fi
[ $fails -eq 0 ] || exit 1
echo PASS
