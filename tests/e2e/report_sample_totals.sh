#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf report` must account for every sample of a file: for each recording (defer-syswide
# included, on which upstream perf 7.2 crashes without --symfs), the per-comm sample counts of
# `report -n -s comm` add up to the PERF_RECORD_SAMPLE records of `report -D`, in --children
# and --no-children mode, merged or not, with and without --symfs.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
for f in tests/data/perf7.2-defer/data/*.data tests/data/perf6.1/data/*.data tests/data/cperf/data/*.data; do
  set_dir=$(dirname "$(dirname "$f")")
  want=$("$CPERF" report -D -i "$f" 2>/dev/null | grep -c 'PERF_RECORD_SAMPLE(IP')
  for mode in --no-children --children; do
    for opt in "" --no-merge-callchains "--symfs=$set_dir/symfs"; do
      got=$("$CPERF" report --stdio -q -n -s comm -g none $mode $opt -i "$f" 2>"$tmp/err" |
            awk 'NF {s += $(NF - 1)} END {print s + 0}')
      # children mode prints Children, Self, Samples, Command: the count is the next-to-last
      # field either way (comm has no spaces in these files).
      if [ "$got" != "$want" ]; then
        echo "FAIL: $f $mode $opt: report counts $got samples, the file has $want"; fail=1
      fi
    done
  done
done
[ $fail = 0 ] && echo "report sample totals: all files match"
exit $fail
