# Shared helpers for the record_*.sh end-to-end tests (sourced).
# Provides: $CPERF, $WL (built workloads), $T (scratch dir), need_perf_events, compare_61.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
T=$(mktemp -d); trap 'rm -rf "$T"; oracle_cleanup' EXIT
PERF61=/usr/bin/perf
WL=$T/wl
bash tests/workloads/build.sh "$WL" >/dev/null 2>&1 || { echo "SKIP: cannot build test workloads"; exit 77; }

# Skips (77) when this machine does not let us open a sampling software event.
need_perf_events() {
  if ! "$CPERF" record -q -e cpu-clock -o "$T/probe.data" -- true 2>"$T/probe.err"; then
    if grep -qi "permission\|paranoid" "$T/probe.err"; then
      echo "SKIP: perf_event_open is not permitted here ($(cat /proc/sys/kernel/perf_event_paranoid 2>/dev/null))"
      exit 77
    fi
    echo "FAIL: cperf record cannot record at all:"; cat "$T/probe.err"; exit 1
  fi
}

# compare_61 FILE EVENT: cperf script and (if present) perf 6.1 read FILE without warnings
# and agree on the number of EVENT samples (at least one).
compare_61() {
  local f=$1 ev=$2 n_c n_p
  if [ "$f" = - ]; then
    "$CPERF" script -i - < "$T/pipe.data" > "$T/c.txt" 2> "$T/c.err" || { echo "FAIL: cperf script"; cat "$T/c.err"; exit 1; }
  else
    "$CPERF" script -i "$f" > "$T/c.txt" 2> "$T/c.err" || { echo "FAIL: cperf script"; cat "$T/c.err"; exit 1; }
  fi
  n_c=$(grep -c " $ev" "$T/c.txt")
  [ "$n_c" -gt 0 ] || { echo "FAIL: no $ev samples read by cperf"; exit 1; }
  if [ -x "$PERF61" ]; then
    # perf 6.1 (the reference) was seen to abort twice on busy machines ("assertion failed at
    # util/build-id.c:1010", "stack smashing detected") and not again on the same kind of file:
    # a crash is retried, and the file kept in tests/out with its stderr.
    local try rc
    for try in 1 2 3; do
      if [ "$f" = - ]; then
        "$PERF61" script -i - < "$T/pipe.data" > "$T/p.txt" 2> "$T/p.err"
      else
        "$PERF61" script -i "$f" > "$T/p.txt" 2> "$T/p.err"
      fi
      rc=$?
      [ $rc -le 128 ] && break
      mkdir -p tests/out && cp "$T/p.err" tests/out/perf61-crash.err &&
        { [ "$f" = - ] && cp "$T/pipe.data" tests/out/perf61-crash.data || cp "$f" tests/out/perf61-crash.data; }
      echo "note: perf 6.1 died of signal $((rc - 128)) (try $try; file and stderr in tests/out/perf61-crash.*)"
    done
    [ $rc -eq 0 ] || { echo "FAIL: perf 6.1 script failed"; cat "$T/p.err"; exit 1; }
    # Events lost to a busy machine (the recorder not scheduled in time to drain its buffers)
    # are the machine's doing: perf reports them, and that warning alone is no failure.
    local lost
    lost=$(grep -m1 "^Processed [0-9]* \(events\|samples\) and lost" "$T/p.err")
    if [ -n "$lost" ]; then
      echo "note: perf 6.1: $lost"
      sed -i -e '/^Warning:$/{N;/\nProcessed [0-9]* \(events\|samples\) and lost .*!$/d}' -e '/^Check IO\/CPU overload!$/d' "$T/p.err"
    fi
    if grep -qiE "warning|failed|invalid|incompatible|mismatch" "$T/p.err"; then
      echo "FAIL: perf 6.1 warns:"; cat "$T/p.err"; exit 1
    fi
    n_p=$(grep -c " $ev" "$T/p.txt")
    [ "$n_c" = "$n_p" ] || { echo "FAIL: $ev samples: cperf $n_c, perf 6.1 $n_p"; exit 1; }
  fi
  echo "ok: $f: $n_c $ev samples (perf 6.1 agrees)"
}

# Waiting for conditions instead of sleeping: a busy machine may run a workload or a recorder
# much later or slower than an idle one.
# cpu_ticks PID: the CPU time PID has used so far (utime + stime, in clock ticks).
cpu_ticks() { sed 's/.*) //' "/proc/$1/stat" 2>/dev/null | awk 'NF {print $12 + $13; ok=1} END {exit !ok}'; }
# wait_cpu_ticks PID N: until PID has used N more clock ticks of CPU (fails if it ends first,
# or after 10 minutes). Exported, so that a recorded command can be `bash -c 'wait_cpu_ticks ..'`.
wait_cpu_ticks() {
  local start now i
  start=$(cpu_ticks "$1") || return 1
  for i in $(seq 1 6000); do
    now=$(cpu_ticks "$1") || return 1
    [ $((now - start)) -ge "$2" ] && return 0
    sleep 0.1
  done
  return 1
}
export -f cpu_ticks wait_cpu_ticks
# wait_perf_events PID: until process PID holds an open perf event (a recorder has started
# sampling); fails if it ends first or after 2 minutes.
wait_perf_events() {
  local i fd
  for i in $(seq 1 1200); do
    [ -d "/proc/$1" ] || return 1
    for fd in /proc/"$1"/fd/*; do
      [ "$(readlink "$fd" 2>/dev/null)" = "anon_inode:[perf_event]" ] && return 0
    done
    sleep 0.1
  done
  return 1
}
# wait_for TIMEOUT_S CMD...: until CMD succeeds (polled every 0.1 s), at most TIMEOUT_S seconds.
wait_for() {
  local i n=$(($1 * 10)); shift
  for i in $(seq 1 "$n"); do "$@" && return 0; sleep 0.1; done
  return 1
}
# is_exec_of PID FILE: process PID runs FILE (it has exec'd it), or has already ended.
is_exec_of() {
  [ -d "/proc/$1" ] || return 0
  [ "$(readlink "/proc/$1/exe" 2>/dev/null)" = "$(readlink -f "$2")" ]
}

# record_warnings_are_reports REC_ERR REP_ERR: record's loss warnings (between its "Woken up"
# and "Captured" lines) equal report's stderr on the file; prints the difference otherwise.
record_warnings_are_reports() {
  sed -n '/^\[ perf record: Woken up/,/^\[ perf record: Captured/p' "$1" | sed '1d;$d' > "$T/rec.warn"
  cmp -s "$T/rec.warn" "$2" && return 0
  diff "$T/rec.warn" "$2" | head -8
  return 1
}

# perf7_report_warnings_are FILE REP_ERR: perf 7.2's `report --stdio` warnings on FILE equal
# cperf's (REP_ERR); perf 7.2's own complaint about /proc/schedstat aside.
perf7_report_warnings_are() {
  perf7 report --stdio -i "$1" > /dev/null 2> "$T/p7.err"
  grep -v 'Failed to open /proc/schedstat' "$T/p7.err" | cmp -s - "$2" && return 0
  diff "$T/p7.err" "$2" | head -6
  return 1
}

# lossy_file_is_valid FILE REC_ERR TAG: a recording that may have lost events is valid (report -D
# reads it without a word on stderr), report --stdio reads it, and record's loss warnings
# (REC_ERR) are report's. Sets $lost (its LOST and LOST_SAMPLES records) and leaves report's
# stderr in $T/TAG.rep.err. Failures go through the caller's fail().
lossy_file_is_valid() {
  local f=$1 rec_err=$2 tag=$3
  "$CPERF" report -D -i "$f" > "$T/$tag.dump" 2> "$T/$tag.dump.err" || fail "report -D ($tag) exit $?"
  [ -s "$T/$tag.dump.err" ] && fail "report -D ($tag): $(head -2 "$T/$tag.dump.err")"
  lost=$(grep -c 'PERF_RECORD_LOST\b\|PERF_RECORD_LOST_SAMPLES' "$T/$tag.dump")
  "$CPERF" report --stdio -i "$f" > /dev/null 2> "$T/$tag.rep.err" || fail "report ($tag) exit $?"
  record_warnings_are_reports "$rec_err" "$T/$tag.rep.err" || fail "record's warnings ($tag) differ from report's (above)"
}
