#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# report -s cgroup (alone, first and between other keys) and script -F cgroup on a perf 7.2
# recording with --all-cgroups: perf 7.2's bytes (tests/data/cgroup, made by its gen.sh).
cd "$(dirname "$0")/../.." || exit 1
D=tests/data/cgroup
fails=0
for s in cgroup cgroup,comm comm,cgroup,pid; do
  if diff "$D/report-$s.txt" <(./cperf report --stdio -s $s -i $D/all-cgroups.data 2>/dev/null | grep -v '^# (Tip'); then
    echo "ok: report -s $s"; else echo "FAIL: report -s $s differs (< perf 7.2)"; fails=$((fails+1)); fi
done
if diff "$D/script-cgroup.txt" <(./cperf script -F comm,pid,cgroup -i $D/all-cgroups.data 2>/dev/null); then
  echo "ok: script -F comm,pid,cgroup"; else echo "FAIL: script -F cgroup differs"; fails=$((fails+1)); fi
[ $fails = 0 ] || exit 1
echo PASS
