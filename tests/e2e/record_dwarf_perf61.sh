#!/bin/bash
# perf 6.1 unwinds cperf's --call-graph dwarf recordings like its own: cperf sets mmap_data on
# the tracking event, as perf does, so the data mappings are recorded and perf 6.1's unwinder
# (libunwind) finds a map for the stack. Without it every stack stops at its leaf. Recorded on a
# dynamic program (qs), so the unwind crosses into libc; at least 90% of the samples must reach
# __libc_start_call_main under perf 6.1, as in perf 6.1's own recording of the same program.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
[ -x "$PERF61" ] || { echo "SKIP: no perf 6.1 at $PERF61 to read the recording"; exit 77; }
command -v gcc >/dev/null || { echo "SKIP: no gcc to build the workload"; exit 77; }
gcc -O2 -g -fno-omit-frame-pointer -o "$T/qs" tests/data/realsys/src/qs.c || { echo "SKIP: cannot build qs"; exit 77; }
reach() {  # reach FILE: "SAMPLES REACHED"
  "$PERF61" script -i "$1" 2>/dev/null |
    awk '/^qs /{n++} /__libc_start_call_main/{m++} END {print n + 0, m + 0}'
}
fails=0
for who in cperf perf61; do
  if [ $who = cperf ]; then rec=("$CPERF" record); else rec=("$PERF61" record); fi
  "${rec[@]}" -q --call-graph dwarf -e cpu-clock -F 499 -o "$T/$who.data" -- "$T/qs" 10 > /dev/null 2>&1 ||
    { echo "FAIL: $who record"; fails=$((fails + 1)); continue; }
  read -r n m < <(reach "$T/$who.data")
  if [ "$n" -lt 10 ] || [ $((m * 10)) -lt $((n * 9)) ]; then
    echo "FAIL: $who's recording: perf 6.1 unwinds $m of $n samples to __libc_start_call_main"; fails=$((fails + 1))
  else
    echo "ok: $who's recording: perf 6.1 unwinds $m of $n samples to __libc_start_call_main"
  fi
done
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
