#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# defer-syswide.data (upstream perf 7.2 segfaults on it without --symfs): cperf script must print
# every sample of the file, with and without --symfs, merged or not, and merge every deferred
# chain it can: samples printed = PERF_RECORD_SAMPLE records in `cperf report -D`, and in merged
# output, unmerged (cookie lines) + merged = samples that carried a deferred callchain.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
set_dir=tests/data/perf7.2-defer
f=$set_dir/data/defer-syswide.data
ks=$(mktemp -d); zcat $set_dir/kallsyms.gz > "$ks/kallsyms"
tmp=$(mktemp -d); trap 'rm -rf "$ks" "$tmp"' EXIT
fail=0
"$CPERF" report -D -i "$f" > "$tmp/dump" 2>/dev/null || { echo "report -D failed"; exit 1; }
samples=$(grep -c 'PERF_RECORD_SAMPLE(IP' "$tmp/dump")
deferred_samples=$(grep -c '^\.\.\.\.\.\. (deferred)' "$tmp/dump")
records=$(grep -c 'PERF_RECORD_CALLCHAIN_DEFERRED(IP' "$tmp/dump")
echo "file: samples=$samples deferred_samples=$deferred_samples deferred_records=$records"
for symfs in "" "--symfs=$set_dir/symfs"; do
  for merge in "" --no-merge-callchains; do
    "$CPERF" script $merge -i "$f" --kallsyms="$ks/kallsyms" $symfs -v > "$tmp/out" 2> "$tmp/err"
    rc=$?
    printed=$(grep -cE ' cpu-clock: ?$' "$tmp/out")
    tag="script ${merge:-(merge)} ${symfs:-(no symfs)}"
    if [ $rc -ne 0 ] || [ "$printed" != "$samples" ]; then
      echo "FAIL $tag: exit $rc, printed $printed of $samples samples"; fail=1; continue
    fi
    if [ -z "$merge" ]; then
      # -v reports: "N samples parked, M merged, X cookie mismatches, F flushed at end, E released early"
      read -r parked merged mism flushed evicted < <(sed -nE \
        's/^deferred callchains: ([0-9]+) samples parked, ([0-9]+) merged, ([0-9]+) cookie mismatches, ([0-9]+) flushed at end, ([0-9]+) released.*/\1 \2 \3 \4 \5/p' "$tmp/err")
      unmerged=$((mism + flushed + evicted))
      cookie_lines=$(grep -c '(cookie)' "$tmp/out")
      echo "$tag: printed=$printed parked=$parked merged=$merged unmerged=$unmerged (cookie lines $cookie_lines)"
      if [ "$parked" != "$deferred_samples" ] || [ $((merged + unmerged)) != "$deferred_samples" ] || \
         [ "$cookie_lines" -gt "$unmerged" ]; then
        echo "FAIL $tag: merged+unmerged != deferred samples ($deferred_samples)"; fail=1
      fi
    else
      shown=$(grep -c 'DEFERRED CALLCHAIN \[cookie' "$tmp/out")
      echo "$tag: printed=$printed deferred records shown=$shown"
      [ "$shown" = "$records" ] || { echo "FAIL $tag: $shown of $records deferred records shown"; fail=1; }
    fi
  done
done
[ $fail = 0 ] && echo "defer-syswide: every sample printed, counts add up"
exit $fail
