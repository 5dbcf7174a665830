#!/bin/bash
# record -s (per-thread counts): the events read time enabled/running too, inherit_stat is set,
# and the kernel writes a PERF_RECORD_READ as each inherited thread exits; `report -D` prints
# them as perf 7.2 does (": pid tid event value" and the read_format lines), compared byte for
# byte with perf 7.2's dump of the same file when the oracle is there.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
"$CPERF" record -q -s -e cpu-clock -o "$T/s.data" -- "$WL/mt" 2 5 > /dev/null 2>&1 || { echo "FAIL: record -s"; exit 1; }
"$CPERF" report -D -i "$T/s.data" > "$T/d.txt" 2>&1
n=$(grep -c 'PERF_RECORD_READ: [0-9]* [0-9]* cpu-clock [0-9]*$' "$T/d.txt")
[ "$n" -gt 0 ] || { echo "FAIL: no READ records in the dump"; fails=$((fails + 1)); }
grep -q '^\.\.\. time enabled : [0-9]*$' "$T/d.txt" || { echo "FAIL: no 'time enabled' line"; fails=$((fails + 1)); }
if oracle_have_perf7; then
  perf7 report -D -i "$T/s.data" > "$T/d7.txt" 2>&1
  cmp -s "$T/d7.txt" "$T/d.txt" || { echo "FAIL: report -D differs from perf 7.2's:"; diff "$T/d7.txt" "$T/d.txt" | head -6; fails=$((fails + 1)); }
else
  echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
fi
[ $fails -eq 0 ] && echo "record -s: $n READ records, dumped as perf"
[ $fails -eq 0 ]
