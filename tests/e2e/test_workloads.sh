#!/bin/bash
# `cperf test`: perf's built-in workloads (-w) that upstream's shell tests profile, and
# `-vv -F Symbols`, which those tests grep for a workload's function name in the perf binary.
# A `-g` recording of `cperf test -w inlineloop` shows the inlined helpers the way upstream's
# addr2line_inlines.sh expects (inlineloop.c:2x (inlined) above inlineloop.c:3x), and, with the
# oracle, reads exactly as perf 7.2 reads it.
. "$(dirname "$0")/_record_lib.sh"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
start=$(date +%s%N)
"$CPERF" test -w noploop 0.2 || fail "test -w noploop exit $?"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
[ "$ms" -ge 150 ] && [ "$ms" -lt 5000 ] || fail "noploop 0.2 ran $ms ms"
"$CPERF" test -w thloop 0.1 3 || fail "test -w thloop exit $?"
for sym in noploop test_loop thfunc leafloop sqrtloop inlineloop; do
  "$CPERF" test -vv -F Symbols | grep -q "[[:space:]]$sym$" || fail "-F Symbols does not list $sym"
done
need_perf_events
"$CPERF" record -q -g -e task-clock:u -o "$T/i.data" -- "$CPERF" test -w inlineloop 0.5 || fail "record inlineloop"
"$CPERF" script -i "$T/i.data" --fields +srcline > "$T/s.txt" 2>/dev/null
grep -q "inlineloop.c:2. (inlined)" "$T/s.txt" && grep -q "inlineloop.c:3.$" "$T/s.txt" ||
  fail "no inlined helper lines (inlineloop.c:2x (inlined) / inlineloop.c:3x) in script -F +srcline"
if oracle_have_perf7; then
  perf7 script -i "$T/i.data" --fields +srcline > "$T/p7.txt" 2>/dev/null
  cmp -s "$T/p7.txt" "$T/s.txt" || { fail "script -F +srcline differs from perf 7.2:"; diff "$T/p7.txt" "$T/s.txt" | head -4; }
else
  echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
fi
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
