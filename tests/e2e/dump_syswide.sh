#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# defer-syswide.data makes upstream perf 7.2 segfault without --symfs. cperf must dump it
# completely either way: every record of the file appears, and the stats add up.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
f=tests/data/perf7.2-defer/data/defer-syswide.data
out=$(mktemp)
"$CPERF" report -D -i "$f" > "$out" 2>/dev/null || { echo "cperf report -D failed"; exit 1; }
records=$(grep -c '@.*\]: event: ' "$out")
total=$(awk '/TOTAL events:/ {print $3}' "$out")
samples=$(grep -c 'PERF_RECORD_SAMPLE(IP' "$out")
deferred=$(grep -c 'PERF_RECORD_CALLCHAIN_DEFERRED(IP' "$out")
stat_samples=$(awk '/^ *SAMPLE events:/ {print $3; exit}' "$out")
rm -f "$out"
echo "records=$records total=$total samples=$samples deferred=$deferred"
# Known content of the file (read off upstream's --symfs dump): 3435 records, 3158 samples,
# 20 CALLCHAIN_DEFERRED records.
[ "$records" = 3435 ] && [ "$total" = 3435 ] && [ "$samples" = 3158 ] && \
  [ "$stat_samples" = 3158 ] && [ "$deferred" = 20 ] || { echo "FAIL: incomplete dump"; exit 1; }
echo "defer-syswide dump complete without --symfs"
