#!/bin/bash
# cperf record when the output cannot be written:
#  - a disk that fills up mid-recording (a 256 KiB tmpfs): perf 7.2's message and exit status
#    (255), and, unlike perf 7.2 (whose file then reads as empty), a file that keeps the whole
#    records written before, with its header features, read alike by cperf, perf 6.1 and 7.2;
#  - an output on a read-only file system: perf 7.2's two lines and exit status (none with -q).
# Needs root for the mounts, made in a private mount namespace.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
[ "$(id -u)" = 0 ] && command -v unshare > /dev/null || { echo "SKIP: needs root and unshare(1) to mount a small tmpfs"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$T/full" "$T/ro"
unshare -m --propagation private bash -c '
  mount -t tmpfs -o size=256k tmpfs "$1/full" && mount -t tmpfs -o ro,size=64k tmpfs "$1/ro" || exit 99
  "$2" record -g -e cpu-clock -o "$1/full/x.data" -- "$3/deep" 3000 > /dev/null 2> "$1/full.err"; echo $? > "$1/full.rc"
  cp "$1/full/x.data" "$1/x.data"
  "$2" record -o "$1/ro/x.data" -- true > /dev/null 2> "$1/ro.err"; echo $? > "$1/ro.rc"
  "$2" record -q -o "$1/ro/x.data" -- true > /dev/null 2> "$1/roq.err"; echo $? > "$1/roq.rc"
' bash "$T" "$CPERF" "$WL"
[ $? = 99 ] && { echo "SKIP: cannot mount a tmpfs here"; exit 77; }

[ "$(cat "$T/full.rc")" = 255 ] || fail "full disk: exit $(cat "$T/full.rc"), want 255"
grep -qx 'failed to write perf data, error: No space left on device' "$T/full.err" ||
  fail "full disk: no perf line: $(cat "$T/full.err")"
"$CPERF" script -i "$T/x.data" > "$T/c.txt" 2> "$T/c.err" || fail "full disk: cperf cannot read the file: $(cat "$T/c.err")"
[ -s "$T/c.err" ] && fail "full disk: cperf script warns: $(head -2 "$T/c.err")"
n=$(grep -c ' cpu-clock:' "$T/c.txt")
[ "$n" -gt 0 ] || fail "full disk: no samples kept"
"$CPERF" report --header-only -i "$T/x.data" | grep -q '^# nrcpus online' || fail "full disk: the header features were not kept"
if [ -x "$PERF61" ]; then
  [ "$("$PERF61" script -i "$T/x.data" 2>/dev/null | grep -c ' cpu-clock:')" = "$n" ] || fail "full disk: perf 6.1 reads another sample count"
fi
if oracle_have_perf7; then
  perf7 script -i "$T/x.data" > "$T/p7.txt" 2> "$T/p7.err"
  [ -s "$T/p7.err" ] && fail "full disk: perf 7.2 warns: $(head -1 "$T/p7.err")"
  [ "$(grep -c ' cpu-clock:' "$T/p7.txt")" = "$n" ] || fail "full disk: perf 7.2 reads another sample count"
fi

printf 'failed to open %s : Read-only file system\nPerf session creation failed.\n' "$T/ro/x.data" |
  cmp -s - "$T/ro.err" || fail "read-only: stderr is '$(cat "$T/ro.err")'"
[ "$(cat "$T/ro.rc")" = 255 ] || fail "read-only: exit $(cat "$T/ro.rc"), want 255"
[ -s "$T/roq.err" ] && fail "read-only with -q: perf prints nothing, cperf: $(cat "$T/roq.err")"
[ "$(cat "$T/roq.rc")" = 255 ] || fail "read-only with -q: exit $(cat "$T/roq.rc"), want 255"
[ $fails = 0 ] && echo "PASS: full disk: $n samples kept, read alike; read-only output: perf's lines and status"
[ $fails = 0 ]
