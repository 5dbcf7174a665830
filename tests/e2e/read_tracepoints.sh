#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# report on tracepoint recordings (tests/data/tracepoint, perf 7.2.13's, goldens made by its
# gen.sh): the default sort of a file of tracepoints only is perf's `trace` (the events' text
# from their print formats), and `-s trace` combines with other keys.
cd "$(dirname "$0")/../.." || exit 1
D=tests/data/tracepoint
fails=0
check() {  # check GOLDEN ARGS...
  local g=$1; shift
  if diff "$D/$g" <(./cperf report --stdio "$@" 2>/dev/null | grep -v '^# (Tip'); then echo "ok: report $*"; else
    echo "FAIL: report $* differs (< perf 7.2)"; fails=$((fails+1)); fi
}
check report.txt -i $D/tp.data
check report-trace-comm.txt -s trace,comm -i $D/tp.data
check report-comm-trace.txt -s comm,trace -i $D/tp.data
[ $fails = 0 ] || exit 1
echo PASS
