#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# report -v's stderr lines that come from the file, as perf 7.2 prints them while reading its
# header (or a pipe's build-id records): "build id event received for NAME: ID [SIZE]" per
# build-id entry, and "pmu capabilities not available" for an empty PMU_CAPS feature. Checked
# against the stderr of every report -v golden (tests/data/*/expected/NAME.report-a--v*.stderr.txt):
# the same lines in the same order. perf's other -v lines describe the machine it ran on
# (Documentation/differences.md).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
from_file() { grep -E '^(build id event received for |(cpu )?pmu capabilities not available$)' || true; }
checked=0 fails=0 with_lines=0
for set_dir in tests/data/*/; do
  set_dir=${set_dir%/}
  [ -d "$set_dir/data" ] || continue
  ls "$set_dir"/expected/*.report-a--v*.stderr.txt > /dev/null 2>&1 || continue
  ks=$(kallsyms_dir "$set_dir")
  for exp in "$set_dir"/expected/*.report-a--v*.stderr.txt; do
    base=$(basename "$exp" .stderr.txt)   # NAME.report-a-ARGS
    name=${base%%.*} kind=${base#*.}
    [ -e "$set_dir/data/$name.data" ] || continue
    args=$(echo "${kind#report-a-}" | tr '+~' ' ,')
    # shellcheck disable=SC2086
    got=$(cd "$set_dir/data" && "$CPERF" report --stdio $args -i "$name.data" --kallsyms="$ks/kallsyms" \
            --symfs=../symfs 2>&1 >/dev/null | from_file)
    want=$(from_file < "$exp")
    checked=$((checked+1))
    [ -n "$want" ] && with_lines=$((with_lines+1))
    if [ "$got" != "$want" ]; then
      echo "FAIL: $set_dir $base"; diff <(echo "$want") <(echo "$got") | head -10; fails=$((fails+1))
    fi
  done
  rm -rf "$ks"
done
echo "report -v stderr from the file: $checked goldens ($with_lines with such lines), $fails different"
[ $checked -gt 0 ] && [ $with_lines -gt 0 ] && [ $fails = 0 ] && echo PASS || exit 1
