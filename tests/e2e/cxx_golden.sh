#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# C++ template code inlined into main (tests/data/cxx/README.md): cperf's script and report of
# the stored recordings, with --symfs, against perf 7.2's goldens (one per line of
# tests/data/cxx/cases.txt).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
T=$(mktemp -d /tmp/cperf-cxx.XXXXXX); trap 'rm -rf "$T"' EXIT
while read -r rec kind args; do
  # shellcheck disable=SC2086  # ARGS are words
  (cd tests/data/cxx/data && HOME=$T "$CPERF" $args -i "$rec.data" --symfs ../symfs 2>/dev/null |
     grep -v '^# (Tip:' > "$T/$rec.$kind.out")
  compare_golden "cxx.$rec.$kind" "tests/data/cxx/expected/$rec.$kind.txt.gz" "$T/$rec.$kind.out"
done < <(grep -v '^#' tests/data/cxx/cases.txt)
golden_summary "C++ inline goldens"
