#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# perf's warnings on stderr after a file with lost events (tests/data/cperf/data/lost.data:
# PERF_RECORD_LOST chunks and 11.63% of samples lost): `cperf report --stdio` must print the
# stderr of upstream's golden (expected/lost.*.stderr.txt), minus the "cannot open maps" lines
# that only the chroot without /proc produced; under -q, nothing.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
set=tests/data/cperf
gzip -dc $set/kallsyms.gz > "$tmp/kallsyms"
fail=0
check() {  # check KIND ARGS...
  local kind=$1; shift
  (cd $set/data && "$CPERF" report --stdio "$@" -i lost.data --kallsyms="$tmp/kallsyms" \
     --symfs=../symfs > /dev/null 2> "$tmp/err")
  { grep -v '^cannot open maps$' "$set/expected/lost.$kind.stderr.txt" || true; } > "$tmp/want"
  cmp -s "$tmp/want" "$tmp/err" || { echo "FAIL: report $* (golden $kind): stderr"; diff "$tmp/want" "$tmp/err"; fail=1; }
}
grep -q '^Warning:' $set/expected/lost.report-children.stderr.txt || { echo "FAIL: golden has no warning"; exit 1; }
check report-children
check report --no-children
check report-sym-q --no-children -S do_syscall_64 -q
# --time leaving no sample: the warnings, then perf's "no samples" error
check report-time -n --time 359.3,359.4
[ $fail = 0 ] && echo "report lost-event warnings: as perf"
exit $fail
