#!/bin/bash
# Writes tests/data/buildid-list.golden: perf 7.2's `buildid-list` and `buildid-list -H` of
# every fixture (tests/oracle.sh: perf7, run with an empty HOME; buildid-list reads nothing of
# the machine but the file). Sections "== SET/data/NAME.data [OPT]" followed by perf's lines.
set -euo pipefail
cd "$(dirname "$0")/../.."
. tests/oracle.sh
oracle_have_perf7 || { echo "gen-buildid-golden: $(oracle_why_not)" >&2; exit 1; }
home=$(mktemp -d); trap 'rm -rf "$home"' EXIT
for f in tests/data/*/data/*.data; do
  for opt in "" "-H"; do
    echo "== $f $opt"
    # shellcheck disable=SC2086
    HOME=$home perf7 buildid-list $opt -i "$f" 2>/dev/null
  done
done > tests/data/buildid-list.golden
echo "$(grep -c '^==' tests/data/buildid-list.golden) sections written"
