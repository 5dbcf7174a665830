#!/bin/bash
# Unknown -s/--sort and -F/--fields keys and `-s parent` without callchains fail as perf 7.2
# does (checked with the oracle): perf's "Error:" lines on stderr, exit status 0 (perf also
# prints its option help after an unknown key; cperf does not).
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check WANT_STDERR ARGS...
  local want=$1; shift
  "$CPERF" report --stdio "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  [ $rc = 0 ] || { echo "FAIL: report $*: exit $rc, want 0"; fail=1; }
  printf "$want" | cmp -s - "$tmp/err" || { echo "FAIL: report $*: stderr:"; cat "$tmp/err"; fail=1; }
}
g=tests/data/perf6.1/data/g.data
check "Error:\nUnknown --sort key: \`xyz'\n" -s comm,xyz -i $g
check "Error:\nUnknown --fields key: \`xyz'\n" -F overhead,xyz -i $g
check "Error:\nSelected --sort parent, but no callchain data. Did you call 'perf record' without -g?\n" \
  -s parent -i tests/data/perf6.1/data/tracepoint.data
printf '# To display the perf.data header info, please use --header/--header-only options.\n#\n' |
  cmp -s - "$tmp/out" || { echo "FAIL: -s parent: stdout:"; head -5 "$tmp/out"; fail=1; }
[ $fail = 0 ] && echo "report key errors: as perf"
exit $fail
