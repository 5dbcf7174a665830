#!/bin/bash
# record -b/--branch-any and -j/--branch-filter: perf's filter words (any case; privilege
# levels alone mean "any"), its refusals (an unknown word, -b with -j: usage and 129), and,
# where the events cannot sample branch stacks (software events; a machine without LBR/BRS),
# perf 7.2's fallback and messages (taken from perf 7.2.13 here): the event is retried for
# host samples only (":H"), then dropped ("Failure to open event ... which will be removed"),
# and with no event left the recording fails (255). Where the machine can sample them, the
# file's attrs carry the filter.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
usage=$'\n Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]\n'
jhelp=$'    -j, --branch-filter <branch filter mask>\n                          branch stack filter modes'
bhelp=$'    -b, --branch-any      sample any taken branches'
expect() {  # expect STATUS TEXT ARGS...
  local want_rc=$1 want=$2; shift 2
  "$CPERF" record "$@" -o b.data -- true > /dev/null 2> b.err; local rc=$?
  [ $rc = "$want_rc" ] && [ "$(cat b.err)" = "$want" ] && echo "ok: record $*" ||
    { fail "record $*: status $rc (want $want_rc):"; cat b.err; }
}
expect 129 "unknown branch filter foo, check man page"$'\n'"$usage"$'\n'"$jhelp" -j any,foo -e cpu-clock
expect 129 "unknown branch filter , check man page"$'\n'"$usage"$'\n'"$jhelp" -j any, -e cpu-clock
expect 129 "Error: Can't use --branch-any (-b) with --branch-filter (-j)."$'\n'"$usage"$'\n'"$jhelp" -b -j any -e cpu-clock
expect 129 "Error: Can't use --branch-any (-b) with --branch-filter (-j)."$'\n'"$usage"$'\n'"$bhelp" -j any -b -e cpu-clock
removed() {  # the two lines of a dropped event
  printf "Error:\nFailure to open event '%s' on PMU '%s' which will be removed.\n%s: PMU Hardware or event type doesn't support branch stack sampling." "$1" "$2" "$1"
}
none=$'\nError:\nFailure to open any events for recording.'
# Software events never sample branch stacks.
expect 255 "$(removed cpu-clock:H software)$none" -b -e cpu-clock
expect 255 "$(removed cpu-clock:H software)$none" -j ANY_call,u -e cpu-clock
expect 255 "$(removed cpu-clock:uH software)$none" -j any -e cpu-clock:u
expect 255 "$(removed cpu-clock:G software)$none" -b -e cpu-clock:G
expect 255 "$(removed cpu-clock/period=1000/H software)$none" -b -e cpu-clock/period=1000/
expect 255 "$(removed cpu-clock:H software)"$'\n'"$(removed task-clock:H software)$none" -j any,u -e cpu-clock,task-clock
expect 255 "$(removed cpu-clock:H software)$none" -a -b -e cpu-clock
expect 255 "$(removed cpu-clock:H software)$none" -b -e cpu-clock,dummy
# Only events that were dropped fail the recording: a dummy event alone records (perf 7.2: 0).
"$CPERF" record -q -e dummy -o d.data -- true && [ -s d.data ] || fail "-e dummy alone does not record"
"$CPERF" record -q -b -e dummy -o d.data -- true || fail "-b -e dummy does not record (a dummy gets no branch stack)"
# A hardware event: recorded with its filter where the PMU has branch stacks, else dropped.
if "$CPERF" record -q -b -e cycles -o hw.data -- true 2> /dev/null; then
  "$CPERF" evlist -v -i hw.data | grep -q 'branch_sample_type: ANY' || fail "-b: no branch_sample_type in the file"
  echo "ok: this machine samples branch stacks: -b recorded"
else
  echo "skip: recording branch stacks (no PMU here that samples them)"
fi
[ $fails = 0 ] || exit 1
echo PASS
