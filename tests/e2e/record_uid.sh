#!/bin/bash
# cperf record -u/--uid: records the threads of the user's processes (as perf 6.1 does; perf 7.2
# needs a BPF-enabled build for -u, which Debian's is not). A workload given too only bounds the
# recording's length and is not itself recorded (it runs as root here).
# Needs root, useradd and a way to start a process as another user (setpriv or su); skips otherwise.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root to start a process as another user"; exit 77; }
# A user of this run's own: -u records every process of the user, and another test run on the
# machine would otherwise run its workload as the same user at the same time.
user=cperf-uid-$$
if ! useradd --system --no-create-home --shell /usr/sbin/nologin "$user" 2>/dev/null; then
  echo "SKIP: cannot add a user for the test (useradd)"; exit 77
fi
chmod 711 "$T" && mkdir -m 755 "$T/pub" && cp "$WL/mt" "$T/pub/mt" && chmod 755 "$T/pub/mt"
if command -v setpriv > /dev/null; then
  as_user=(setpriv --reuid="$(id -u "$user")" --regid="$(id -g "$user")" --clear-groups)
elif command -v su > /dev/null; then
  as_user=(su "$user" -s /bin/sh -c)
else
  userdel "$user" 2>/dev/null; echo "SKIP: neither setpriv nor su"; exit 77
fi
if [ "${as_user[0]}" = su ]; then
  "${as_user[@]}" "exec $T/pub/mt 2 100000" > /dev/null & bg=$!
else
  "${as_user[@]}" "$T/pub/mt" 2 100000 > /dev/null & bg=$!
fi
trap 'kill $bg 2>/dev/null; wait $bg 2>/dev/null; userdel "$user" 2>/dev/null; rm -rf "$T"' EXIT
mt_started() { mt_pid=$(pgrep -u "$user" -f "$T/pub/mt" | head -1); [ -n "$mt_pid" ]; }
wait_for 60 mt_started || { echo "FAIL: the workload did not start as $user"; exit 1; }

"$CPERF" record -q -u "$user" -e cpu-clock -o "$T/u.data" -- bash -c "wait_cpu_ticks $mt_pid 20" 2> "$T/err" ||
  { echo "FAIL: record -u $user"; cat "$T/err"; exit 1; }
"$CPERF" script -F pid,comm -i "$T/u.data" > "$T/pids.txt" || { echo "FAIL: script"; exit 1; }
n=$(wc -l < "$T/pids.txt")
[ "$n" -gt 10 ] || { echo "FAIL: $n samples of $user's mt"; exit 1; }
others=$(awk -v p="$mt_pid" '$2 != p' "$T/pids.txt" | sort | uniq -c)
[ -z "$others" ] || { echo "FAIL: samples of other processes (want only mt, pid $mt_pid):"; echo "$others"; exit 1; }
echo "ok: $n samples, all of $user's mt (pid $mt_pid)"
compare_61 "$T/u.data" cpu-clock
# The uid as a number selects the same processes.
"$CPERF" record -q -u "$(id -u "$user")" -e cpu-clock -o "$T/n.data" -- bash -c "wait_cpu_ticks $mt_pid 10" 2> /dev/null ||
  { echo "FAIL: record -u <number>"; exit 1; }
[ "$("$CPERF" script -F pid -i "$T/n.data" | sort -u | tr -d ' ')" = "$mt_pid" ] ||
  { echo "FAIL: -u $(id -u "$user") recorded other processes"; exit 1; }

check_err() {  # check_err USER MESSAGE
  if "$CPERF" record -q -u "$1" -o "$T/x.data" -- true 2> "$T/e.txt"; then echo "FAIL: -u $1 accepted"; exit 1; fi
  grep -qx "$2" "$T/e.txt" || { echo "FAIL: -u $1 says:"; cat "$T/e.txt"; exit 1; }
}
check_err no-such-user-here "Invalid User: no-such-user-here"
check_err 54321 "Invalid User: 54321"  # perf 7.2's words for a uid no user has
echo "PASS"
