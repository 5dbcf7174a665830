#!/bin/bash
# C++ template code inlined into main (tests/data/cxx/README.md): cperf's script and report of
# the stored recording, with --symfs, against perf 7.2's goldens (also with --no-demangle).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
T=$(mktemp -d /tmp/cperf-cxx.XXXXXX); trap 'rm -rf "$T"' EXIT
for kind in script report report-children report-no-demangle script-no-demangle; do
  case $kind in
    script) args=(script) ;;
    report) args=(report --stdio --no-children) ;;
    report-children) args=(report --stdio) ;;
    report-no-demangle) args=(report --stdio --no-demangle) ;;  # the symbols' mangled names
    script-no-demangle) args=(script --no-demangle) ;;
  esac
  (cd tests/data/cxx/data && HOME=$T "$CPERF" "${args[@]}" -i cxx-g.data --symfs ../symfs 2>/dev/null |
     grep -v '^# (Tip:' > "$T/$kind.out")
  compare_golden "cxx.$kind" "tests/data/cxx/expected/cxx-g.$kind.txt.gz" "$T/$kind.out"
done
golden_summary "C++ inline goldens"
