#!/bin/bash
# perf's ownership rule for input files: a perf.data owned by another user than the caller (and
# not root) is refused with perf's message and exit status 255 by every command that reads one,
# unless -f/--force is given; a pipe and the caller's own files are read. The expected line and
# status are perf 7.2's (also compared live when the oracle is here).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root to make a file owned by another user"; exit 77; }
id nobody > /dev/null 2>&1 || { echo "SKIP: no user 'nobody' to own the file"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"; oracle_cleanup' EXIT
cp tests/data/perf7.2-defer/data/fp.data "$T/own.data" && chown nobody "$T/own.data"
cp tests/data/perf7.2-defer/data/defer-pipe.data "$T/pipe.data" && chown nobody "$T/pipe.data"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
have7=0; oracle_have_perf7 && have7=1
[ $have7 = 1 ] || echo "SKIP (part): live comparison with perf 7.2: $(oracle_why_not)"

refused() {  # refused FILE CMD...: cperf refuses FILE as perf 7.2 does
  local f=$1; shift
  (cd "$T" && "$CPERF" "$@" -i "$f" > out 2> err); local rc=$?
  [ $rc = 255 ] || fail "cperf $* -i $f: exit $rc, want 255"
  printf 'File %s not owned by current user or root (use -f to override)\n' "$f" | cmp -s - "$T/err" ||
    fail "cperf $* -i $f: stderr is '$(cat "$T/err")'"
  [ -s "$T/out" ] && fail "cperf $* -i $f printed to stdout"
  if [ $have7 = 1 ]; then
    (cd "$T" && perf7 "$@" -i "$f" > out7 2> err7); local rc7=$?
    [ $rc7 = $rc ] && cmp -s "$T/err" "$T/err7" || fail "perf 7.2 on $* -i $f: exit $rc7, '$(cat "$T/err7")'"
  fi
}
for cmd in "report --stdio" "report -D" "report --header-only" "script" "evlist" "buildid-list" \
           "inject -o $T/x.data"; do
  refused own.data $cmd
done
refused pipe.data script
refused "$T/own.data" script

# -f / --force reads it; the caller's own copy and a pipe need nothing.
(cd "$T" && "$CPERF" script -f -i own.data > forced.txt 2> forced.err) || fail "script -f: exit $?"
[ -s "$T/forced.txt" ] || fail "script -f printed nothing"
(cd "$T" && "$CPERF" report --force --stdio -i own.data > /dev/null 2>&1) || fail "report --force: exit $?"
(cd "$T" && "$CPERF" evlist -f -i own.data > /dev/null 2>&1) || fail "evlist -f: exit $?"
(cd "$T" && "$CPERF" inject -f -i own.data -o mine.data 2>/dev/null) || fail "inject -f: exit $?"
(cd "$T" && "$CPERF" script -i mine.data > mine.txt 2>/dev/null) || fail "script of the caller's own file: exit $?"
cmp -s "$T/forced.txt" "$T/mine.txt" || fail "the forced read and the caller's copy differ"
"$CPERF" script -i - < "$T/pipe.data" > /dev/null 2>&1 || fail "script from a pipe: exit $?"
[ $fails = 0 ] && echo "PASS: another user's file refused by every reader (exit 255), read with -f"
[ $fails = 0 ]
