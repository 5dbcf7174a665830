#!/bin/bash
# expected.txt: what perf 7.2 (the oracle's perf7, run natively here) prints and returns for
# each line of `cases` as `perf record ARGS -o x.data -- true`, in a scratch folder. The
# "[ perf record: ...]" lines (sizes and wakeups vary) and perf 7.2's "/proc/schedstat" noise
# are left out; tests/e2e/record_option_errors.sh runs cperf the same way.
set -e
here=$(cd "$(dirname "$0")" && pwd)
PERF7=${PERF7:-$here/../../../../shared/oracle/perf7}
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
cd "$d"
while IFS= read -r args; do
  echo "### record $args"
  # shellcheck disable=SC2086
  "$PERF7" record $args -o x.data -- true 2>&1 | grep -v '^\[ perf record: \|/proc/schedstat' || true
  # shellcheck disable=SC2086
  "$PERF7" record $args -o x.data -- true > /dev/null 2>&1 && rc=0 || rc=$?
  echo "### status $rc"
done < "$here/cases" > "$here/expected.txt"
