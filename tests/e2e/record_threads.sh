#!/bin/bash
# record --threads writes perf's data directory: OUTPUT/data (header, side band, HEADER_DIR_FORMAT
# version 1) and OUTPUT/data.K with the records of ring K (one per CPU, as perf's default
# --threads=cpu); a previous directory is kept as OUTPUT.old. The directory reads in cperf and
# perf 6.1 with the same samples, and, with the oracle, perf 7.2's script equals cperf's.
# With -o - it is refused as perf 7.2 refuses it.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
"$CPERF" record --threads -F 2000 -e cpu-clock -o t.data -- "$WL/mt" 2 200 > /dev/null 2> t.err || { fail "status $?"; cat t.err; }
[ -d t.data ] && [ -f t.data/data ] || fail "no t.data/data"
ncpu=$(nproc)
for k in $(seq 0 $((ncpu - 1))); do [ -f "t.data/data.$k" ] || fail "no t.data/data.$k"; done
"$CPERF" report --header-only -i t.data | grep -qx '# directory data version : 1' || fail "no directory data version"
n=$("$CPERF" script -i t.data 2> s.err | grep -c cpu-clock)
[ "$n" -gt 0 ] && [ ! -s s.err ] || { fail "cperf reads $n samples"; cat s.err; }
grep -q "($n samples)" t.err || { fail "record said $(grep -o '([0-9]* samples)' t.err), the files hold $n"; }
if [ -x "$PERF61" ]; then
  n61=$("$PERF61" script -i t.data 2> /dev/null | grep -c cpu-clock)
  [ "$n61" = "$n" ] || fail "perf 6.1 reads $n61 samples, cperf $n"
fi
if oracle_have_perf7; then
  diff <(perf7 script -i t.data 2>/dev/null) <("$CPERF" script -i t.data) > d.txt || { fail "perf 7.2's script differs"; head d.txt; }
fi
"$CPERF" record -q --threads -e cpu-clock -o t.data -- true 2> /dev/null || fail "second recording"
[ -d t.data.old ] && [ -f t.data.old/data.0 ] || fail "the previous directory was not kept as t.data.old"
# perf's specs are taken; others refused with perf 7.2's two lines and 234
for spec in cpu core package numa 0/0:1/1 0-1/0-1; do
  "$CPERF" record -q --threads=$spec -e cpu-clock -o s.data -- true 2> s.err || { fail "--threads=$spec refused"; cat s.err; }
done
for spec in bogus 0-1:0-1; do
  "$CPERF" record -q --threads=$spec -e cpu-clock -o s.data -- true 2> s.err; rc=$?
  [ $rc = 234 ] && [ "$(cat s.err)" = $'Invalid thread maps or affinity specs\nFailed to initialize parallel data streaming masks' ] ||
    { fail "--threads=$spec: status $rc"; cat s.err; }
done
# a stream is one file: perf 7.2 refuses --threads with -o - (status 255, silent with -q),
# after its --switch-output warning
want='Parallel trace streaming is not available in pipe mode.'
for args in "" "-q" "--switch-output"; do
  # shellcheck disable=SC2086
  "$CPERF" record --threads $args -e cpu-clock -o - -- true > /dev/null 2> p.err; rc=$?
  case $args in
    -q) expect="" ;;
    --switch-output) expect=$(printf 'WARNING: --switch-output option is not available in parallel streaming mode.\n%s' "$want") ;;
    *) expect=$want ;;
  esac
  [ $rc = 255 ] && [ "$(cat p.err)" = "$expect" ] || fail "--threads $args -o -: status $rc, said: $(cat p.err)"
done
[ $fails = 0 ] || exit 1
echo "ok: --threads: $n samples in t.data/data.0..$((ncpu - 1))"
echo PASS
