#!/bin/bash
# `cperf record` stopped by a signal at a random moment leaves a valid file: SIGINT, SIGTERM and
# SIGHUP (perf 7.2 dies of SIGHUP with a file of data size 0; cperf finishes it, see
# Documentation/differences.md), sent from 0 to 0.6 s after the start, that is during option
# parsing, event setup, synthesis or sampling. The file must read without warnings in cperf (and
# perf 6.1 when present), or, for a signal that came before cperf could catch it, not exist.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
RANDOM=$$
# Job control: a background job of a shell without it starts with SIGINT ignored, so a SIGINT
# sent before cperf installs its handler would be lost (a terminal's Ctrl-C is not).
set -m
runs=0
for sig in INT TERM HUP INT TERM HUP INT TERM HUP INT TERM HUP; do
  delay=$(printf '0.%03d' $((RANDOM % 600)))
  f=$T/s$runs.data; runs=$((runs + 1))
  "$CPERF" record -q -g -e cpu-clock -o "$f" -- "$WL/deep" 100000000 > /dev/null 2> "$T/rec.err" & rec=$!
  # The delay counts from cperf's start: a signal that reaches the shell's child before it
  # has exec'd cperf is the shell's, and is lost (seen once on a busy machine).
  wait_for 120 is_exec_of "$rec" "$CPERF" || { fail "cperf record did not start within 2 minutes"; continue; }
  sleep "$delay"
  kill -"$sig" $rec
  # It must stop by itself: a recorder still running after 2 minutes ignored the signal.
  for i in $(seq 1 1200); do kill -0 $rec 2>/dev/null || break; sleep 0.1; done
  if kill -0 $rec 2>/dev/null; then
    fail "SIG$sig after ${delay}s: cperf record did not stop"; kill -KILL $rec; wait $rec; pkill -f "$WL/deep"; continue
  fi
  wait $rec; rc=$?
  pkill -f "$WL/deep" 2> /dev/null
  if [ ! -e "$f" ]; then
    # Only a signal that came before cperf handled signals may leave no file.
    [ $rc -ge 128 ] || fail "SIG$sig after ${delay}s: no file, exit $rc"
    continue
  fi
  if ! "$CPERF" report -D -i "$f" > "$T/dump" 2> "$T/err" || [ -s "$T/err" ]; then
    fail "SIG$sig after ${delay}s: cperf report -D: $(head -2 "$T/err")"; continue
  fi
  grep -q 'PERF_RECORD_FINISHED_ROUND\|PERF_RECORD_MMAP' "$T/dump" || fail "SIG$sig after ${delay}s: no records"
  if [ -x "$PERF61" ]; then
    "$PERF61" script -i "$f" > /dev/null 2> "$T/p.err" || fail "SIG$sig after ${delay}s: perf 6.1 script failed"
    grep -qiE "warning|data size|properly terminated" "$T/p.err" && fail "SIG$sig after ${delay}s: perf 6.1: $(head -1 "$T/p.err")"
  fi
done
[ $fails -eq 0 ] && echo "PASS: $runs recordings stopped by SIGINT/SIGTERM/SIGHUP at random moments, every file valid"
[ $fails -eq 0 ]
