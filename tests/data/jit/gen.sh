#!/bin/bash
# jit.data: `perf record -e cpu-clock:u -F 1000 -- jit 100` by perf 7.2.13 here (jit from
# tests/workloads: code run from an anonymous executable mapping); perf-13240.map is the
# /tmp/perf-PID.map it wrote. Expected outputs are perf 7.2's, with the map file in /tmp and
# without it, on views of the JIT dso alone (they need no other symbol files).
set -e
cd "$(dirname "$0")"
P=${PERF7:-../../../../shared/oracle/perf7}
map=/tmp/perf-13240.map
if [ -e $map ] && ! cmp -s $map perf-13240.map; then echo "$map exists and is not ours" >&2; exit 1; fi
views() {  # views SUFFIX
  "$P" script -F comm,tid,ip,sym,symoff,dso --dsos $map -i jit.data > script$1.txt 2>/dev/null
  "$P" report --stdio --sort dso,sym --dsos $map -i jit.data 2>/dev/null | grep -v '^# (Tip' > report$1.txt
  "$P" report --stdio --sort dso,sym -i jit.data 2>/dev/null | grep -v '^# (Tip' | grep 'JIT' > report-all$1.txt
}
cp perf-13240.map $map
views ""
rm -f $map
views -nomap
