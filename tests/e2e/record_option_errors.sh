#!/bin/bash
# record's answers to bad or conflicting options, and -h: each line of
# tests/data/record-errors/cases run as `cperf record ARGS -o x.data -- true` prints what perf
# 7.2 prints (its usage head and the option's own usage lines, its messages) and returns its
# status (tests/data/record-errors/expected.txt, made by gen.sh from perf 7.2.13).
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
D=$PWD/tests/data/record-errors
cd "$T" || exit 1
while IFS= read -r args; do
  case "$args" in *sched:no_such*)
    # perf names the tracefs path it looked in: the same only where tracefs is where it was
    [ -d /sys/kernel/tracing/events ] || { echo "skip: record $args (tracefs is not at /sys/kernel/tracing)"; continue; } ;;
  esac
  echo "### record $args"
  # shellcheck disable=SC2086
  "$CPERF" record $args -o x.data -- true 2>&1 | grep -v '^\[ perf record: '
  # shellcheck disable=SC2086
  "$CPERF" record $args -o x.data -- true > /dev/null 2>&1 && rc=0 || rc=$?
  echo "### status $rc"
done < "$D/cases" > got.txt
if [ -d /sys/kernel/tracing/events ]; then want=$D/expected.txt; else
  want=want.txt
  awk '/^### record / { skip = ($0 ~ /sched:no_such/) } !skip' "$D/expected.txt" > "$want"
fi
if diff "$want" got.txt > d.txt; then
  echo "ok: $(grep -c '^### record' got.txt) option errors as perf 7.2 gives them"
  echo PASS
else
  echo "FAIL: cperf differs from perf 7.2 (< perf 7.2, > cperf):"; head -60 d.txt; exit 1
fi
