#!/bin/bash
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
for exp in "$G"/*.out.gz; do
  name=$(basename "$exp" .out.gz)
  compare_golden "diff.$name" "$exp" "$T/$name.out"
  # stderr and the exit status too
  if cmp -s "$G/$name.err" "$T/$name.err"; then GOLDEN_PASSES=$((GOLDEN_PASSES + 1)); else
    GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "MISMATCH diff.$name stderr:"; diff "$G/$name.err" "$T/$name.err" | head -4
  fi
done
if ! cmp -s "$G/exit-status.txt" "$T/exit-status.txt"; then
  GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "MISMATCH diff exit statuses:"; diff "$G/exit-status.txt" "$T/exit-status.txt"
fi
golden_summary "diff goldens (stdout and stderr of $(wc -l < "$G/exit-status.txt") cases, and their exit statuses)"
