#!/bin/bash
# threads.data/: `perf record --threads -F 2000 -e cpu-clock -- mt 2 200` by perf 7.2.13 here
# (mt from tests/workloads): DIR/data with the header and side band, DIR/data.K per reader
# thread. The expected outputs are perf 7.2's, on views that need no symbol files (so they
# hold on any machine): the raw dump, script without symbols, report by comm and dso.
set -e
cd "$(dirname "$0")"
P=${PERF7:-../../../../shared/oracle/perf7}
"$P" report -D -i threads.data > report-D.txt 2>/dev/null
"$P" script -F comm,tid,time,event,ip -i threads.data > script.txt 2>/dev/null
"$P" report --stdio -s comm,dso -i threads.data 2>/dev/null | grep -v '^# (Tip' > report.txt
