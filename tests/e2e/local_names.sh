#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# perf 7.2 names tracepoint ids and PMU types from the tracefs and sysfs of the machine it runs
# on (TRACEFS_PATH and SYSFS_PATH say where they are): "config: 0x174 (sched:sched_switch)",
# "type: 9 (msr)", "(msr/PERF_COUNT_HW_CPU_CYCLES/)". With the small tracefs and sysfs of
# tests/data/local-names/make-fs.sh, cperf prints what perf 7.2 printed with them
# (tests/data/local-names/gen-golden.sh); without them (the other golden tests), what perf
# prints where there are none.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/data/local-names/cases.sh
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
sh tests/data/local-names/make-fs.sh "$T"
export TRACEFS_PATH=$T/tracefs SYSFS_PATH=$T/sysfs
fails=0 n=0
while read -r set name kind; do
  [ -n "$set" ] || continue
  n=$((n + 1))
  g=tests/data/local-names/expected/$set.$name.$kind.txt.gz
  if ! run_case "$CPERF" "$set" "$name" "$kind" | cmp -s - <(zcat "$g"); then
    fails=$((fails + 1)); echo "MISMATCH $set/$name $kind"
    diff <(zcat "$g") <(run_case "$CPERF" "$set" "$name" "$kind") | head -6
  fi
done <<< "$LOCAL_NAME_CASES"
# A tracefs that names the id otherwise: the name follows this machine, not the recording.
mv "$T/tracefs/events/sched/sched_switch" "$T/tracefs/events/sched/other_event"
run_case "$CPERF" perf6.1 tracepoint evlist | grep -q "config: 0x174 (sched:other_event)" ||
  { fails=$((fails + 1)); echo "MISMATCH: the tracepoint id not named from TRACEFS_PATH"; }
echo "local names: $n cases, $fails mismatches with perf 7.2"
[ $fails -eq 0 ]
