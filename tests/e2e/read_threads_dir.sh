#!/bin/bash
# A `perf record --threads` data directory (tests/data/threads-dir: DIR/data and a data.K per
# reader thread, recorded by perf 7.2.13): report -D (the file of each record named as perf
# names it), script and report read the files together in time order, byte for byte as
# perf 7.2 (expected outputs made by gen.sh there).
cd "$(dirname "$0")/../.." || exit 1
D=tests/data/threads-dir
fails=0
cd "$D" || exit 1
check() {  # check NAME CMD...
  local name=$1; shift
  if diff "$name" <("$@" 2>/dev/null | grep -v '^# (Tip'); then echo "ok: $*"; else echo "FAIL: $* differs (< perf 7.2)"; fails=$((fails+1)); fi
}
C=../../../cperf
check report-D.txt "$C" report -D -i threads.data
check script.txt "$C" script -F comm,tid,time,event,ip -i threads.data
check report.txt "$C" report --stdio -s comm,dso -i threads.data
[ $fails = 0 ] || exit 1
echo PASS
