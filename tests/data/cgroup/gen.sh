#!/bin/bash
# all-cgroups.data: `perf record --all-cgroups -e cpu-clock -- deep 100` by perf 7.2.13 here
# (the deep workload of tests/workloads). The expected outputs are perf 7.2's, tips left out:
set -e
cd "$(dirname "$0")"
P=${PERF7:-../../../../shared/oracle/perf7}
for s in cgroup cgroup,comm comm,cgroup,pid; do
  "$P" report --stdio -s $s -i all-cgroups.data 2>/dev/null | grep -v "^# (Tip" > report-$s.txt
done
"$P" script -F comm,pid,cgroup -i all-cgroups.data > script-cgroup.txt
