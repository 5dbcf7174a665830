#!/bin/bash
# record --switch-output[=signal|SIZE|TIME], --switch-max-files, --switch-output-event: the
# output is closed as OUTPUT.<timestamp> and a new one begun on SIGUSR2, at a size, after a
# time, or when a --switch-output-event event fires; perf 7.2's lines ("dump data: Woken up",
# "Dump NAME", no sample count at the end), its refusal of a bad value (usage and the two
# options, 234), its warnings (a size under the wakeup size; pipe mode). Every file reads back
# in cperf and perf 6.1; the files after the first resolve the workload's symbols (perf's do
# not: cperf gives each new file the side band again, see Documentation/perf-record.md).
# The test waits for files and CPU time, never for a fixed time.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
dumps() { grep -c '^\[ perf record: Dump ' "$1"; }
has_dumps() { [ "$(dumps "$1")" -ge "$2" ]; }  # has_dumps ERRFILE N: N files closed so far
# every OUTPUT.* file reads back in cperf and perf 6.1 (no warnings)
check_files() {
  local f n=0
  for f in "$1".*; do
    [[ "$f" =~ \.[0-9]{16}$ ]] || { fail "$f: not OUTPUT.<timestamp>"; continue; }
    "$CPERF" script -i "$f" > "$f.txt" 2> "$f.err" && [ ! -s "$f.err" ] || { fail "$f does not read back"; cat "$f.err"; }
    if [ -x "$PERF61" ]; then "$PERF61" script -i "$f" > /dev/null 2> "$f.err61" || fail "$f: perf 6.1 cannot read it"; fi
    n=$((n+1))
  done
  echo "$n"
}
# start_endless NAME ARGS...: cperf record ARGS -o NAME.data on an endless workload, in the background
start_endless() {
  local name=$1; shift
  "$CPERF" record "$@" -e cpu-clock -o "$name.data" -- "$WL/deep" 100000000 > /dev/null 2> "$name.err" &
  REC=$!
  wait_perf_events $REC || { fail "$name: the recorder did not start"; return 1; }
  WPID=$(pgrep -P $REC | head -1)
}
stop_rec() { kill -INT "$REC"; wait "$REC"; }

# signal: two SIGUSR2, each answered by a file, then Ctrl-C: three files.
if start_endless sig --switch-output; then
  for k in 1 2; do
    wait_cpu_ticks "$WPID" 10
    kill -USR2 $REC
    wait_for 120 has_dumps sig.err $k || fail "signal: no file after SIGUSR2 #$k"
  done
  wait_cpu_ticks "$WPID" 10
  stop_rec
  n=$(check_files sig.data)
  [ "$n" = 3 ] && [ "$(dumps sig.err)" = 3 ] && [ "$(grep -c 'dump data: Woken up' sig.err)" = 2 ] || { fail "signal: $n files"; cat sig.err; }
  grep -qE '^\[ perf record: Captured and wrote [0-9.]+ MB sig\.data\.<timestamp> \]$' sig.err || { fail "signal: last line"; cat sig.err; }
  last=$(ls sig.data.* | grep -v '\.txt\|\.err' | sort | sed -n 2p)
  grep -q ' spin+0x' "$last.txt" || { fail "signal: the second file does not resolve the workload's symbols"; head -3 "$last.txt"; }
  echo "ok: --switch-output (signal): $n files"
fi
# size, with at most two files kept.
if start_endless size --switch-output=100K --switch-max-files=2 -F 4000; then
  wait_for 300 has_dumps size.err 3 || fail "size: fewer than 3 switches"
  stop_rec
  n=$(check_files size.data)
  [ "$n" = 2 ] || { fail "size: $n files kept, want 2"; ls; }
  grep -qx 'WARNING: switch-output data size lower than wakeup kernel buffer size (258K) expect bigger perf.data sizes' size.err ||
    { fail "size: perf's warning"; cat size.err; }
  echo "ok: --switch-output=100K --switch-max-files=2: $(dumps size.err) files written, $n kept"
fi
# time
if start_endless time --switch-output=1s; then
  wait_for 300 has_dumps time.err 2 || fail "time: fewer than 2 switches"
  stop_rec
  n=$(check_files time.data)
  [ "$n" -ge 3 ] || fail "time: $n files"
  echo "ok: --switch-output=1s: $n files"
fi
# event: each of the two sleeps (clock_nanosleep) switches: at least three files. As in perf,
# the events count on every CPU when the target is a workload, so another process's sleep
# switches too (more files on a busy machine).
if "$CPERF" record -q -e syscalls:sys_enter_clock_nanosleep -o probe.data -- true 2> /dev/null; then
  "$CPERF" record --switch-output-event=syscalls:sys_enter_clock_nanosleep -e cpu-clock -o ev.data -- \
    bash -c "$WL/deep 300; sleep 0.01; $WL/deep 300; sleep 0.01; $WL/deep 300" > /dev/null 2> ev.err || fail "event: status $?"
  n=$(check_files ev.data)
  [ "$n" -ge 3 ] && [ "$(dumps ev.err)" = "$n" ] || { fail "event: $n files"; cat ev.err; }
  echo "ok: --switch-output-event: $n files"
  # A workload that never sleeps: the test's own waits (sleep, another process) switch it.
  mkfifo go
  "$CPERF" record --switch-output-event=syscalls:sys_enter_clock_nanosleep -e cpu-clock -o other.data -- \
    bash -c 'read -r x < go' > /dev/null 2> other.err &
  REC=$!
  wait_perf_events $REC || fail "other: the recorder did not start"
  wait_for 120 has_dumps other.err 1 || fail "other: another process's event did not switch the output"
  echo > go; wait $REC
  n=$(check_files other.data)
  [ "$n" -ge 2 ] || fail "other: $n files"
  echo "ok: --switch-output-event fired by another process: $n files"
  # --per-thread leaves them no CPU: perf records on without them, one file.
  "$CPERF" record --per-thread --switch-output-event=syscalls:sys_enter_clock_nanosleep -e cpu-clock -o pt.data -- \
    sleep 0.01 > /dev/null 2> pt.err || { fail "--per-thread: status $?"; cat pt.err; }
  n=$(check_files pt.data)
  [ "$n" = 1 ] || fail "--per-thread: $n files"
  echo "ok: --switch-output-event with --per-thread: $n file"
else
  echo "skip: --switch-output-event (no syscalls tracepoints here: tracefs not mounted or not permitted)"
fi
# perf's refusals and warnings
want=$'\n Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]\n\n        --switch-output[=<signal or size[BKMG] or time[smhd]>]\n                          Switch output when receiving SIGUSR2 (signal) or cross a size or time threshold\n        --switch-output-event <switch output event>\n                          switch output event selector. use '"'perf list'"' to list available events'
for v in foo 0 10X 5; do
  "$CPERF" record --switch-output=$v -e cpu-clock -o bad.data -- true > /dev/null 2> bad.err; rc=$?
  [ $rc = 234 ] && [ "$(cat bad.err)" = "$want" ] || { fail "--switch-output=$v: status $rc"; cat bad.err; }
done
"$CPERF" record --switch-output -e cpu-clock -o - -- true 2> pipe.err > pipe.data
grep -qx 'WARNING: --timestamp-filename option is not available in pipe mode.' pipe.err || { fail "pipe warning"; cat pipe.err; }
[ $fails = 0 ] || exit 1
echo PASS
