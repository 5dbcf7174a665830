#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# An input that cannot be opened: every reading command prints perf 7.2's one line ("failed to
# open FILE: REASON") and exits 255, as perf 7.2.13 does (its messages and statuses, taken by
# hand from /tmp/p/p7 on 2026-11-28; data convert has perf's own extra line).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0
expect() {  # expect WANT_STDERR ARGS...
  local want=$1; shift
  "$CPERF" "$@" > "$T/out" 2> "$T/err"
  local rc=$? err
  err=$(cat "$T/err")
  if [ $rc = 255 ] && [ "$err" = "$want" ]; then echo "ok: $*"
  else echo "FAIL: $*: status $rc, stderr '$err' (perf 7.2: 255, '$want')"; fails=$((fails + 1)); fi
}
missing="failed to open $T/none: No such file or directory"
for cmd in "report --stdio" "report -D" "report --header-only" script "script -D" evlist buildid-list \
           "annotate --stdio" "inject -o $T/out.data"; do
  # shellcheck disable=SC2086  # the command's words
  expect "$missing" $cmd -i "$T/none"
done
expect "$missing"$'\n'"Failed to open $T/none" diff "$T/none" "$T/none2"  # perf's second line
[ $fails = 0 ] && echo PASS
exit $fails
