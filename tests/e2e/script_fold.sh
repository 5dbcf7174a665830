#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# Consumers keep working: folding cperf script's output with stackcollapse-perf.pl's rules
# (tests/e2e/fold_stacks.py) gives the same stacks and weights as folding upstream's golden.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v python3 >/dev/null || { echo "no python3: skipped"; exit 77; }
fail=0; n=0
for set in perf7.2-defer perf6.1; do
  dir=tests/data/$set
  ks=$(mktemp -d); zcat $dir/kallsyms.gz > "$ks/kallsyms"
  for exp in $dir/expected/*.script.txt.gz; do
    name=$(basename "$exp" .script.txt.gz)
    case $name in dwarf|tracepoint) continue ;; esac  # not reproduced yet
    a=$(cd $dir/data && "$CPERF" script -i $name.data --kallsyms="$ks/kallsyms" --symfs=../symfs 2>/dev/null \
        | python3 ../../../e2e/fold_stacks.py 2>/dev/null | md5sum)
    b=$(zcat "$exp" | python3 tests/e2e/fold_stacks.py 2>/dev/null | md5sum)
    lines=$(zcat "$exp" | python3 tests/e2e/fold_stacks.py 2>/dev/null | wc -l)
    n=$((n+1))
    if [ "$a" != "$b" ]; then echo "FOLD MISMATCH $set/$name"; fail=1; else echo "fold ok $set/$name ($lines stacks)"; fi
  done
  rm -rf "$ks"
done
[ $fail = 0 ] && echo "folded stacks equal on $n files"
exit $fail
