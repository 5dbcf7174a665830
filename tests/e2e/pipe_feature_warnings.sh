#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# A pipe's FEATURE records are read as they come, as perf 7.2 reads them, by every command that
# processes the records (script, report, annotate, data convert to JSON and CTF; perf 7.2 here
# has no CTF writer, so that one is by analogy): what perf says is wrong with
# one is said once. perf 6.1's pipe ends its features with a marker whose id perf 7.2 takes for
# CPU_DOMAIN_INFO, with no payload: perf 7.2 prints (checked with it on this file)
#   Invalid HEADER_CPU_DOMAIN_INFO: section too small (0) for 2 CPUs
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
T=$(mktemp -d /tmp/cperf-pipefeat.XXXXXX); trap 'rm -rf "$T"' EXIT
want='Invalid HEADER_CPU_DOMAIN_INFO: section too small (0) for 2 CPUs'
fails=0
cd tests/data/perf6.1/data || exit 1
while IFS= read -r cmd; do
  # shellcheck disable=SC2086
  HOME=$T "$CPERF" $cmd -i pipe.data > /dev/null 2> "$T/err"; rc=$?
  n=$(grep -cxF "$want" "$T/err")
  if [ "$rc" != 0 ] || [ "$n" != 1 ]; then
    echo "FAIL: cperf $cmd: status $rc, the warning $n times"; fails=$((fails + 1))
  fi
done <<C
script --symfs=../symfs
report --stdio --symfs=../symfs
annotate --stdio --symfs=../symfs
data convert --force --to-json $T/out.json
data convert --force --to-ctf $T/ctf
C
# a file's header is read whole beforehand: no such line for perf 6.1's g.data
HOME=$T "$CPERF" script -i g.data --symfs=../symfs 2>&1 >/dev/null | grep -q CPU_DOMAIN && { echo "FAIL: warned on a file"; fails=$((fails + 1)); }
echo "pipe feature warnings: $fails failures"
[ $fails = 0 ]
