#!/bin/bash
# cperf record under stress: system-wide, with call graphs, at the kernel's highest rate
# (-F max), for 5 s (CPERF_STRESS_SECONDS) while a busy loop runs on every CPU. The kernel then drops samples
# (PERF_RECORD_LOST, LOST_SAMPLES). Checked:
#  - record says "info: Using a maximum frequency rate of N Hz" and, when the file lost events,
#    the same lost-events warnings that `report` prints for it (perf reads its file back);
#  - the file is valid: report -D reads it without a word on stderr, and perf 6.1 reads as
#    many samples as cperf;
#  - with the oracle: perf 7.2's `report --stdio` stderr (its warnings) equals cperf's.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
"$CPERF" record -q -a -e cpu-clock -o "$T/a.data" -- true 2> /dev/null ||
  { echo "SKIP: system-wide recording is not permitted here"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
busy=()
for i in $(seq "$(nproc)"); do (while :; do :; done) & busy+=($!); done
trap 'kill "${busy[@]}" 2>/dev/null; rm -rf "$T"; oracle_cleanup' EXIT
"$CPERF" record -a -g -F max -o "$T/max.data" -- sleep "${CPERF_STRESS_SECONDS:-5}" > /dev/null 2> "$T/rec.err" || fail "record exited $?"
kill "${busy[@]}" 2>/dev/null; wait "${busy[@]}" 2>/dev/null

max=$(cat /proc/sys/kernel/perf_event_max_sample_rate)
[ "$(head -1 "$T/rec.err")" = "info: Using a maximum frequency rate of $max Hz" ] ||
  fail "record's first line: $(head -1 "$T/rec.err")"
# record's warnings are report's, between its "Woken up" and "Captured" lines
lossy_file_is_valid "$T/max.data" "$T/rec.err" max
n=$("$CPERF" script -i "$T/max.data" -F event 2>/dev/null | grep -c cpu-clock)
[ "$n" -gt 0 ] || fail "no samples"
if [ -x "$PERF61" ]; then
  n61=$("$PERF61" script -i "$T/max.data" -F event 2>/dev/null | grep -c cpu-clock)
  [ "$n61" = "$n" ] || fail "perf 6.1 reads $n61 samples, cperf $n"
fi
if oracle_have_perf7; then
  perf7_report_warnings_are "$T/max.data" "$T/max.rep.err" || fail "perf 7.2's report warnings differ (above)"
else
  echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
fi
# A rate over the kernel's limit is lowered to it with perf's warning (not refused).
"$CPERF" record -e cpu-clock -F $((max * 2)) -o "$T/over.data" -- true > /dev/null 2> "$T/over.err" ||
  fail "record -F $((max * 2)) exited $?"
printf '%s\n' "warning: Maximum frequency rate ($max Hz) exceeded, throttling from $((max * 2)) Hz to $max Hz." \
  "         The limit can be raised via /proc/sys/kernel/perf_event_max_sample_rate." \
  "         The kernel will lower it when perf's interrupts take too long." \
  "         Use --strict-freq to disable this throttling, refusing to record." | cmp -s - <(head -4 "$T/over.err") ||
  fail "record -F over the limit says: $(head -2 "$T/over.err")"
"$CPERF" evlist -v -i "$T/over.data" | grep -q "sample_freq }: $max," || fail "record -F over the limit: sample_freq is not $max"
[ $fails = 0 ] && echo "PASS: -a -g -F max under load: $n samples, $lost loss records; warnings as perf 7.2's"
[ $fails = 0 ]
