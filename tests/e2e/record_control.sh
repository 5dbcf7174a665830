#!/bin/bash
# record --control=fifo:CTL,ACK: the commands a driving tool sends (enable/disable, by event
# name too, evlist with -v/-g/-F, ping, snapshot, stop; an unknown word gets no ack), each
# acked with perf's "ack\n\0", perf 7.2's messages on stderr (taken from perf 7.2.13 with the
# same commands: tests/data/record-control/expected.err), and "stop": the workload gets SIGTERM, the recorder ends by
# the same signal after writing a whole file. Bad --control values: perf's usage and 129.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
EXP=$PWD/tests/data/record-control
cd "$T" || exit 1
fails=0
mkdir c1
# `sleep` would end on its own: only "stop" ends this workload.
python3 "$OLDPWD/tests/e2e/control_driver.py" c1 -- "$CPERF" -D -1 -e cpu-clock -o c1/c.data -- sleep 100000 \
  < "$EXP/commands" > c1/acks.txt
if diff "$EXP/expected.acks" c1/acks.txt; then echo "ok: acks and status"; else echo "FAIL: acks differ (< perf 7.2)"; fails=$((fails+1)); fi
grep -vE "^\[ perf record: (Captured|Woken)" c1/rec.err > c1/err.txt
if diff "$EXP/expected.err" c1/err.txt; then echo "ok: messages"; else echo "FAIL: messages differ (< perf 7.2)"; fails=$((fails+1)); fi
"$CPERF" script -i c1/c.data > /dev/null 2> c1/script.err && [ ! -s c1/script.err ] ||
  { echo "FAIL: the stopped recording does not read back"; cat c1/script.err; fails=$((fails+1)); }
for v in foo fd:abc fifo: fifo:/nonexistent/ctl; do
  "$CPERF" record --control=$v -e cpu-clock -o b.data -- true > /dev/null 2> b.err; rc=$?
  want=$'\n Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]'
  [ "$v" = fifo:/nonexistent/ctl ] && want="Failed to open '/nonexistent/ctl': No such file or directory"$'\n'"$want"
  if [ $rc = 129 ] && [ "$(cat b.err)" = "$want" ]; then echo "ok: --control=$v refused"; else
    echo "FAIL: --control=$v: status $rc"; cat b.err; fails=$((fails+1)); fi
done
[ $fails = 0 ] || exit 1
echo PASS
