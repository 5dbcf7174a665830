#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# report -v and diff -v: the Symbol column starts with the entry's address and the letter of
# where the dso's symbols came from ('d' the file itself, 'b' /usr/lib/debug/.build-id, 'k'
# kallsyms, '!' none, ...), the Shared Object column has long names, diff lists its data files.
# cperf's stdout and exit status against perf 7.2's (tests/data/verbose/gen-golden.sh); perf's
# -v stderr is its debug log and is not compared.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
. tests/data/verbose/run-cases.sh
command -v xz >/dev/null || { echo "SKIP: no xz to unpack the real-system corpus"; exit 77; }
G=tests/data/verbose/expected
T=$(mktemp -d /tmp/cperf-verbose-out.XXXXXX); trap 'rm -rf "$T"' EXIT
run_verbose_cases "$CPERF" "$T" || { echo "FAIL: cannot set the inputs up"; exit 1; }
compare_case_outputs verbose "$G" "$T" --no-stderr
golden_summary "-v goldens ($(wc -l < "$G/exit-status.txt") cases, stdout and exit status)"
