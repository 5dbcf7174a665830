#!/bin/bash
# Makes the goldens of tests/e2e/local_names.sh with perf 7.2 run natively (tests/oracle.sh),
# with the tracefs and sysfs of make-fs.sh as TRACEFS_PATH and SYSFS_PATH.
#   tests/data/local-names/gen-golden.sh
set -eu
cd "$(dirname "$0")/../../.."
. tests/oracle.sh
oracle_have_perf7 || { echo "no perf 7.2: $(oracle_why_not)" >&2; exit 1; }
. tests/data/local-names/cases.sh
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
sh tests/data/local-names/make-fs.sh "$T"
export TRACEFS_PATH=$T/tracefs SYSFS_PATH=$T/sysfs
P7=$T/perf7; oracle_perf7_exe "$P7"
out=tests/data/local-names/expected; mkdir -p "$out"
echo "$LOCAL_NAME_CASES" | while read -r set name kind; do
  [ -n "$set" ] || continue
  run_case "$P7" "$set" "$name" "$kind" | gzip -9n > "$out/$set.$name.$kind.txt.gz"
done
ls "$out"
