#!/bin/bash
# JIT code: an anonymous executable mapping is perf's /tmp/perf-PID.map dso, "[JIT] tid PID" in
# report, its symbols read from that file when it is there (JITs such as Node, Java, .NET and
# LuaJIT write it), its addresses the map's own. On a perf 7.2 recording of tests/workloads/jit
# (tests/data/jit, goldens made by its gen.sh) with the map file in /tmp and without it, and on
# a live recording here, compared with perf 7.2 when the oracle is there.
. "$(dirname "$0")/_record_lib.sh"
D=$PWD/tests/data/jit
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
map=/tmp/perf-13240.map
cleanup_map=0
views() {  # views SUFFIX: the fixture's views against perf 7.2's
  diff "$D/script$1.txt" <("$CPERF" script -F comm,tid,ip,sym,symoff,dso --dsos $map -i "$D/jit.data" 2>&1) > "$T/d.txt" || { fail "script$1"; cat "$T/d.txt"; }
  diff "$D/report$1.txt" <("$CPERF" report --stdio --sort dso,sym --dsos $map -i "$D/jit.data" 2>&1 | grep -v '^# (Tip') > "$T/d.txt" || { fail "report$1"; cat "$T/d.txt"; }
  diff "$D/report-all$1.txt" <("$CPERF" report --stdio --sort dso,sym -i "$D/jit.data" 2>&1 | grep JIT) > "$T/d.txt" || { fail "report-all$1"; cat "$T/d.txt"; }
}
# The map's path is fixed (the fixture's pid): a run of this test in another runner waits here.
exec 9> /tmp/cperf-test-jit-map.lock && flock 9
if [ -e $map ] && ! cmp -s $map "$D/perf-13240.map"; then
  echo "skip: the fixture's views with its map ($map belongs to another process here)"
else
  cp "$D/perf-13240.map" $map && cleanup_map=1
  views ""
  rm -f $map
  echo "ok: fixture with its map file"
fi
[ -e $map ] || { views -nomap; echo "ok: fixture without its map file"; }
exec 9>&-
# Live: cperf records the JIT workload; the map file it wrote names the code.
if "$CPERF" record -q -e cpu-clock -o "$T/probe.data" -- true 2> /dev/null && [ -x "$WL/jit" ]; then
  "$CPERF" record -e cpu-clock:u -o "$T/j.data" -- "$WL/jit" 200 > /dev/null 2>&1; rc=$?
  if [ $rc = 77 ]; then echo "skip: live JIT (the jit workload runs on x86-64 only)"; else
    pid=$("$CPERF" script -F pid -i "$T/j.data" | head -1 | tr -d ' ')
    "$CPERF" script -F ip,sym,dso -i "$T/j.data" | grep -q "jit_spin (/tmp/perf-$pid.map)" || fail "live: no jit_spin from /tmp/perf-$pid.map"
    "$CPERF" report --stdio -i "$T/j.data" 2> /dev/null | grep -q "\[JIT\] tid $pid .*jit_spin" || fail "live: report has no [JIT] tid $pid jit_spin"
    if oracle_have_perf7; then
      diff <(perf7 script -i "$T/j.data" 2>/dev/null) <("$CPERF" script -i "$T/j.data") > "$T/d.txt" || { fail "live: perf 7.2's script differs"; head "$T/d.txt"; }
    fi
    rm -f "/tmp/perf-$pid.map"
    echo "ok: live JIT recording (pid $pid)"
  fi
else
  echo "skip: live JIT recording (cannot record here, or no jit workload)"
fi
[ $cleanup_map = 1 ] && rm -f $map
[ $fails = 0 ] || exit 1
echo PASS
