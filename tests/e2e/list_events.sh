#!/bin/bash
# `cperf list`: the software events in perf 6.1's classic layout (compared with Debian's perf
# 6.1 when it is installed), kind words and globs, -j as valid JSON (what upstream's list.sh
# checks) written with -o, and perf's exit 129 on an unknown option.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$CPERF" list sw > "$tmp/sw" || { echo "FAIL: list sw exited $?"; fail=1; }
grep -qx '  context-switches OR cs                             \[Software event\]' "$tmp/sw" ||
  { echo "FAIL: list sw lacks the cs line:"; cat "$tmp/sw"; fail=1; }
grep -v '\[Software event\]' "$tmp/sw" && { echo "FAIL: list sw shows other kinds"; fail=1; }
if [ -x /usr/bin/perf ] && /usr/bin/perf version 2>/dev/null | grep -q '^perf version 6\.1'; then
  /usr/bin/perf list sw 2>/dev/null | grep '\[Software event\]' > "$tmp/sw61"
  diff "$tmp/sw61" "$tmp/sw" > /dev/null || { echo "FAIL: list sw differs from perf 6.1:"; diff "$tmp/sw61" "$tmp/sw"; fail=1; }
else
  echo "note: no perf 6.1 here; list sw checked on its own"
fi
"$CPERF" list 'task-*' | grep -q '^  task-clock ' || { echo "FAIL: glob task-*"; fail=1; }
"$CPERF" list -j -o "$tmp/l.json" || { echo "FAIL: list -j -o exited $?"; fail=1; }
python3 -c 'import json,sys; d=json.load(open(sys.argv[1])); assert any(e["EventName"]=="cpu-clock" for e in d)' "$tmp/l.json" ||
  { echo "FAIL: list -j is not JSON with cpu-clock"; fail=1; }
if [ -d /sys/kernel/tracing/events/sched ] || [ -d /sys/kernel/debug/tracing/events/sched ]; then
  "$CPERF" list sched_switch | grep -q '^  sched:sched_switch  *\[Tracepoint event\]$' ||
    { echo "FAIL: list sched_switch"; fail=1; }
else
  echo "note: tracefs not mounted; tracepoints not checked"
fi
"$CPERF" list --bogus > /dev/null 2>&1; rc=$?
[ $rc = 129 ] || { echo "FAIL: unknown option exit $rc, want 129"; fail=1; }
[ $fail = 0 ] && echo "list: as perf"
exit $fail
