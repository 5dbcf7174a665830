#!/bin/bash
# `evlist -g` shows event groups as perf 7.2 does (checked with the oracle on the same kind of
# recording): each group on one line as "{leader,member}"; without -g the names one per line
# and perf's tip; -g with -v or -F is perf's error, exit 129. Upstream's evlist.sh checks the
# group line too.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
"$CPERF" record -q -e '{cpu-clock,task-clock}' -e page-faults -o "$T/g.data" -- "$WL/deep" 50 > /dev/null ||
  { echo "FAIL: record of a group"; exit 1; }
fails=0
expect() {  # expect WANT_STDOUT ARGS...
  local want=$1; shift
  "$CPERF" evlist "$@" -i "$T/g.data" > "$T/out" 2> "$T/err"
  printf "$want" | cmp -s - "$T/out" || { echo "FAIL: evlist $*:"; cat "$T/out"; fails=$((fails + 1)); }
}
expect '{cpu-clock,task-clock}\npage-faults\n' -g
expect "cpu-clock\ntask-clock\npage-faults\n# Tip: use 'perf evlist -g' to show group information\n"
"$CPERF" evlist -g -v -i "$T/g.data" > /dev/null 2> "$T/err"; rc=$?
[ $rc = 129 ] && head -1 "$T/err" | grep -qx '  Error: --group option is not compatible with other options' ||
  { echo "FAIL: evlist -g -v: exit $rc, $(head -1 "$T/err")"; fails=$((fails + 1)); }
# A named group (name{a,b}): the name replaces perf's {anon_group} in group_desc, and evlist -g
# shows it before the brace, as perf 7.2 does (its goldens: tests/data/groups/expected/named*).
"$CPERF" record -q -e 'g1{cpu-clock,task-clock}:u,page-faults,g2 {cs,task-clock}' -o "$T/n.data" -- "$WL/deep" 50 > /dev/null ||
  { echo "FAIL: record of named groups"; exit 1; }
"$CPERF" evlist -g -i "$T/n.data" > "$T/out" 2>&1
printf 'g1{cpu-clock,task-clock}\npage-faults\ng2{cs,task-clock}\n' | cmp -s - "$T/out" ||
  { echo "FAIL: evlist -g of named groups:"; cat "$T/out"; fails=$((fails + 1)); }
# A pipe: perf 7.2 sets no groups up from a stream (evlist lists the members, no tip), but
# prints the GROUP_DESC feature record with the members' names (checked against perf 7.2).
"$CPERF" record -q -e '{cpu-clock,task-clock}' -o - -- "$WL/deep" 50 > "$T/p.data" 2> /dev/null ||
  { echo "FAIL: pipe record of a group"; exit 1; }
"$CPERF" evlist -g -i - < "$T/p.data" > "$T/out" 2>&1
printf 'cpu-clock\ntask-clock\n' | cmp -s - "$T/out" || { echo "FAIL: pipe evlist -g:"; cat "$T/out"; fails=$((fails + 1)); }
"$CPERF" report --header-only -i - < "$T/p.data" 2>&1 | grep -qx '# group: {cpu-clock,task-clock}' ||
  { echo "FAIL: pipe header: no '# group: {cpu-clock,task-clock}'"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "evlist groups: as perf"
[ $fails -eq 0 ]
