#!/bin/bash
# gen-golden.sh — perf 7.2's stdout for cases.txt, run natively (tests/oracle.sh: perf7), into
# expected/: NAME.out.gz and exit-status.txt.
set -euo pipefail
cd "$(dirname "$0")"
. ../../oracle.sh
. ./run-cases.sh
oracle_have_perf7 || { echo "gen-golden: $(oracle_why_not)" >&2; exit 1; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
rm -rf expected && mkdir expected
run_verbose_cases perf7 "$T"
for f in "$T"/*.out; do gzip -9n < "$f" > "expected/$(basename "$f").gz"; done
cp "$T/exit-status.txt" expected/
echo "wrote $(ls expected | wc -l) files"
