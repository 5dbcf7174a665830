#!/bin/bash
# report --mmaps (and --tasks) on every fixture, compared live with perf 7.2 run natively (the
# goldens come from a chroot without /proc, where perf drops [vdso] maps the build-id table does
# not name; report_golden.sh compares the rest of them). Skipped without the oracle.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
oracle_have_perf7 || { echo "SKIP: report --mmaps live comparison needs perf 7.2: $(oracle_why_not)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"; oracle_cleanup' EXIT
n=0 fails=0
for f in tests/data/{perf6.1,cperf,perf7.2-defer,synthetic,generations,arch,groups,fields}/data/*.data; do
  for opt in --mmaps --tasks; do
    perf7 report $opt -i "$f" > "$T/p" 2> /dev/null; echo "exit $?" >> "$T/p"
    "$CPERF" report $opt -i "$f" > "$T/c" 2> /dev/null; echo "exit $?" >> "$T/c"
    n=$((n + 1))
    cmp -s "$T/p" "$T/c" || { echo "DIFF: report $opt -i $f"; diff "$T/p" "$T/c" | head -5; fails=$((fails + 1)); }
  done
done
echo "report --mmaps/--tasks: $n runs, $fails different from perf 7.2"
[ $fails = 0 ]
