#!/bin/bash
# Fixed-period events (-c N) carry no PERF_SAMPLE_PERIOD: perf takes the attr's sample_period as
# every sample's period, so `script` prints it in the period column, `report -D` shows
# "period: N" and report weighs samples by it. A recording made here with -c 1000000 (cperf's,
# and perf 6.1's when present) must show that; with the oracle, script, report --stdio and
# report -D must equal perf 7.2's byte for byte.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
check() {  # check LABEL FILE
  local f=$2 n
  if "$CPERF" evlist -v -i "$f" | grep -q 'sample_type:[^,]*PERIOD'; then
    echo "FAIL: $1: the recording has PERF_SAMPLE_PERIOD; nothing to test"; fails=$((fails + 1)); return
  fi
  n=$("$CPERF" script -i "$f" 2>/dev/null | grep -c ' 1000000 cpu-clock:')
  if [ "$n" -eq 0 ] || [ "$n" -ne "$("$CPERF" script -i "$f" 2>/dev/null | grep -c ' cpu-clock:')" ]; then
    echo "FAIL: $1: not every sample shows the period 1000000"; fails=$((fails + 1))
  fi
  "$CPERF" report -D -i "$f" 2>/dev/null | grep -q 'period: 1000000 ' ||
    { echo "FAIL: $1: report -D shows no 'period: 1000000'"; fails=$((fails + 1)); }
  if oracle_have_perf7; then
    local kind
    for kind in "script" "report --stdio" "report -D"; do
      # shellcheck disable=SC2086
      perf7 $kind -i "$f" 2>/dev/null | grep -v '^# (Tip:' > "$T/p7"
      # shellcheck disable=SC2086
      "$CPERF" $kind -i "$f" > "$T/c" 2>/dev/null
      cmp -s "$T/p7" "$T/c" || { echo "FAIL: $1: $kind differs from perf 7.2:"; diff "$T/p7" "$T/c" | head -4; fails=$((fails + 1)); }
    done
  fi
  echo "ok: $1: $n samples of period 1000000$(oracle_have_perf7 && echo ', identical to perf 7.2')"
}
"$CPERF" record -q -c 1000000 -e cpu-clock -o "$T/c.data" -- "$WL/deep" 300 > /dev/null || { echo "FAIL: record -c"; exit 1; }
check "cperf -c" "$T/c.data"
if [ -x "$PERF61" ]; then
  "$PERF61" record -q -c 1000000 -e cpu-clock -o "$T/p.data" -- "$WL/deep" 300 > /dev/null 2>&1 && check "perf 6.1 -c" "$T/p.data"
fi
oracle_have_perf7 || echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
