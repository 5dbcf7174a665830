#!/bin/bash
# record --all-cgroups (PERF_SAMPLE_CGROUP on every event, the tracking event's cgroup bit,
# a PERF_RECORD_CGROUP for each cgroup of the perf_event cgroup file system) with report
# -s cgroup and script -F cgroup naming the workload's cgroup; -G/--cgroup: perf 7.2's
# refusals (messages taken from perf 7.2.13) and, where we may make a cgroup, a system-wide
# recording that counts only the tasks in it. With the oracle, report -s cgroup equals perf
# 7.2's on cperf's file.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
mount=$(awk '$3 == "cgroup" && ("," $4 ",") ~ /,perf_event,/ {print $2; exit}' /proc/self/mounts)
v1=1
[ -n "$mount" ] || { mount=$(awk '$3 == "cgroup2" {print $2; exit}' /proc/self/mounts); v1=0; }
if [ -z "$mount" ]; then
  echo "SKIP: no perf_event cgroup file system mounted here"; exit 77
fi
# The workload's cgroup, as the kernel names it in that hierarchy.
if [ $v1 = 1 ]; then mine=$(awk -F: '$2 ~ /(^|,)perf_event(,|$)/ {print $3}' /proc/self/cgroup)
else mine=$(awk -F: '$1 == "0" {print $3}' /proc/self/cgroup); fi
"$CPERF" record --all-cgroups -e cpu-clock -o all.data -- "$WL/deep" 300 > /dev/null 2> all.err || { fail "--all-cgroups: status $?"; cat all.err; }
"$CPERF" evlist -v -i all.data | grep -q 'sample_type: .*CGROUP.*cgroup: 1' || fail "--all-cgroups: attrs"
"$CPERF" report -D -i all.data | grep -q "PERF_RECORD_CGROUP cgroup: [0-9]* $mine\$" || fail "--all-cgroups: no CGROUP record for $mine"
names=$("$CPERF" script -F comm,cgroup -i all.data | awk '{print $2}' | sort -u)
[ "$names" = "$mine" ] || fail "script -F cgroup: '$names', want '$mine'"
"$CPERF" report --stdio -s cgroup -i all.data > rep.txt 2> rep.err
grep -qE "^ +100\.00%  $mine\$" rep.txt || { fail "report -s cgroup"; cat rep.txt rep.err; }
compare_61 "$T/all.data" cpu-clock
if oracle_have_perf7; then
  for s in cgroup cgroup,comm,sym; do
    diff <(perf7 report --stdio -s $s -i all.data 2>&1 | grep -v Tip) <("$CPERF" report --stdio -s $s -i all.data 2>&1 | grep -v Tip) > d.txt ||
      { fail "report -s $s differs from perf 7.2's:"; cat d.txt; }
  done
fi
echo "ok: --all-cgroups: samples in $mine"
# perf 7.2's refusals
usage=$'\n Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]\n'
ghelp=$'    -G, --cgroup <name>   monitor event in cgroup name only'
expect() {  # expect TEXT ARGS...
  local want=$1; shift
  "$CPERF" record "$@" -o x.data -- true > /dev/null 2> x.err; local rc=$?
  [ $rc = 129 ] && [ "$(cat x.err)" = "$want" ] && echo "ok: record $* refused" || { fail "record $*: status $rc:"; cat x.err; }
}
expect "must define events before cgroups"$'\n'"$usage"$'\n'"$ghelp" -G / -e cpu-clock
expect "must define events before cgroups"$'\n'"${usage%$'\n'}" --cgroup=/ -a -e cpu-clock
expect "no access to cgroup $mount/cperf-nonexistent"$'\n'"$usage"$'\n'"$ghelp" -a -e cpu-clock -G cperf-nonexistent
"$CPERF" record -e cpu-clock -G / -o x.data -- true > /dev/null 2> x.err; rc=$?
[ $rc = 129 ] && [ "$(head -1 x.err)" = "  Error: cgroup monitoring only available in system-wide mode" ] || { fail "-G without -a: $rc"; cat x.err; }
# -G on a cgroup of our own: only its task is counted.
cg="cperf-test-$$"
if [ "$(id -u)" = 0 ] && mkdir "$mount/$cg" 2> /dev/null; then
  trap 'kill $W 2>/dev/null; wait $W 2>/dev/null; rmdir "$mount/$cg" 2>/dev/null; rm -rf "$T"; oracle_cleanup' EXIT
  bash -c "echo \$\$ > '$mount/$cg/cgroup.procs' && exec '$WL/deep' 100000000" > /dev/null &
  W=$!
  wait_for 60 grep -qx "$W" "$mount/$cg/cgroup.procs" || fail "-G: the workload did not move to $cg"
  "$CPERF" record -a -e cpu-clock -G "$cg" -o g.data -- bash -c "wait_cpu_ticks $W 20" > /dev/null 2> g.err || { fail "-G: status $?"; cat g.err; }
  kill $W; wait $W 2>/dev/null
  comms=$("$CPERF" script -F pid -i g.data | sort -u | tr -d ' ')
  [ "$comms" = "$W" ] || fail "-G $cg: samples of pids '$comms', want only $W"
  echo "ok: -a -G $cg counts only the task in it ($("$CPERF" script -i g.data | wc -l) samples)"
  rmdir "$mount/$cg"
else
  echo "skip: -G with a cgroup of our own (cannot create one in $mount here)"
fi
[ $fails = 0 ] || exit 1
echo PASS
