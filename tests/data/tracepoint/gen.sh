#!/bin/bash
# tp.data: `perf record -e sched:sched_switch,sched:sched_wakeup -- mt 2 50` by perf 7.2.13 here. Expected: perf 7.2's
# report, whose default sort for a file of tracepoints only is `trace` (the Trace output
# column), alone and with other keys. Views need no symbol files.
set -e
cd "$(dirname "$0")"
P=${PERF7:-../../../../shared/oracle/perf7}
"$P" report --stdio -i tp.data 2>/dev/null | grep -v '^# (Tip' > report.txt
"$P" report --stdio -s trace,comm -i tp.data 2>/dev/null | grep -v '^# (Tip' > report-trace-comm.txt
"$P" report --stdio -s comm,trace -i tp.data 2>/dev/null | grep -v '^# (Tip' > report-comm-trace.txt
