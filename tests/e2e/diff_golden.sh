#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# cperf diff against perf 7.2 (issue 29): every case of tests/data/diff/cases.txt — pairs and
# triples of the real-system corpus, perf 6.1, perf 7.2 deferred and synthetic recordings, with
# each computation (-c delta, delta-abs, ratio, wdiff), -o, -p, -F, -b, -q, -t, -s, the filters,
# --time forms, --cpu, and perf's errors — prints perf 7.2's stdout and stderr and exits with
# its status (goldens made by tests/data/diff/gen-golden.sh). Hermetic: the inputs are the
# project's, copied to a scratch directory, with --symfs, --kallsyms and an empty HOME.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
. tests/data/diff/run-cases.sh
command -v xz >/dev/null || { echo "SKIP: no xz to unpack the real-system corpus"; exit 77; }
G=tests/data/diff/expected
T=$(mktemp -d /tmp/cperf-diff-out.XXXXXX); trap 'rm -rf "$T"' EXIT
run_diff_cases "$CPERF" "$T" || { echo "FAIL: cannot set the inputs up"; exit 1; }
compare_case_outputs diff "$G" "$T"
golden_summary "diff goldens (stdout and stderr of $(wc -l < "$G/exit-status.txt") cases, and their exit statuses)"
