#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# perf's warning about a file without HEADER_NRCPUS ("WARNING: perf.data is missing
# HEADER_NRCPUS, using MAX_NR_CPUS (4096) as CPU bound"): once per command that reads such a
# file, as perf 7.2 prints it (checked by hand against it for each command below), even when the
# command reads its input more than once (inject -b); never for a file that has the feature.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0
count() { "$CPERF" "$@" 2>&1 >/dev/null | grep -c "^WARNING: perf.data is missing HEADER_NRCPUS, using MAX_NR_CPUS (4096) as CPU bound$"; }
without=tests/data/synthetic/data/cpu-map.data   # no feature sections
with=tests/data/arch/data/x86_64.data            # NRCPUS among its features
for cmd in "script" "report --stdio" "report -D" "evlist" "report --header-only" \
           "buildid-list" "inject -b -o $T/inj.data"; do
  read -ra a <<< "$cmd"
  n=$(count "${a[@]}" -i "$without")
  [ "$n" = 1 ] || { echo "FAIL: $cmd: the warning $n times for a file without NRCPUS (perf: once)"; fails=$((fails + 1)); }
  n=$(count "${a[@]}" -i "$with")
  [ "$n" = 0 ] || { echo "FAIL: $cmd: the warning for a file that has NRCPUS"; fails=$((fails + 1)); }
done
[ $fails -eq 0 ] && echo "header warnings: as perf 7.2"
[ $fails -eq 0 ]
