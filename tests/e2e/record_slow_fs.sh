#!/bin/bash
# cperf record onto a slow file system (issue 32's stress rows): a FUSE pass-through that
# sleeps 50 ms before every write and fsync (tests/e2e/slowfs.py), like a slow disk or a
# network file system. A -g recording there must end normally and leave a valid file: cperf
# reads it without a warning, perf 6.1 reads as many samples; with the oracle, perf 7.2 reads
# cperf's file alike, and cperf reads perf 7.2's own recording made on the same file system.
# Then with small rings (-m 4) at 10 kHz, where the writes cannot keep up and the kernel drops
# events: the file stays valid, and record's loss warnings are report's (and perf 7.2's).
# Needs root, /dev/fuse and Debian's python3-fusepy (the test command's dependencies).
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
[ "$(id -u)" = 0 ] && [ -c /dev/fuse ] || { echo "SKIP: needs root and /dev/fuse for a FUSE file system"; exit 77; }
/usr/bin/python3 -c 'import fusepy' 2>/dev/null || { echo "SKIP: needs python3-fusepy (Debian) for the slow file system"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$T/back" "$T/mnt"
/usr/bin/python3 tests/e2e/slowfs.py "$T/back" "$T/mnt" 0.05 > "$T/fs.log" 2>&1 &
fs=$!
trap 'umount "$T/mnt" 2>/dev/null; kill $fs 2>/dev/null; wait $fs 2>/dev/null; rm -rf "$T"; oracle_cleanup' EXIT
wait_for 60 mountpoint -q "$T/mnt" || { echo "SKIP: the FUSE file system did not mount: $(head -2 "$T/fs.log")"; exit 77; }

"$CPERF" record -g -e cpu-clock -F 2000 -o "$T/mnt/c.data" -- "$WL/deep" 2000 > /dev/null 2> "$T/rec.err" ||
  fail "record exited $?: $(tail -2 "$T/rec.err")"
grep -q '^\[ perf record: Captured and wrote ' "$T/rec.err" || fail "record's last lines: $(tail -2 "$T/rec.err")"
"$CPERF" report -D -i "$T/mnt/c.data" > /dev/null 2> "$T/dump.err" || fail "report -D exit $?"
[ -s "$T/dump.err" ] && fail "report -D: $(head -2 "$T/dump.err")"
n=$("$CPERF" script -F event -i "$T/mnt/c.data" 2> "$T/s.err" | grep -c cpu-clock)
[ "$n" -gt 0 ] || fail "no samples in cperf's file"
[ -s "$T/s.err" ] && fail "cperf script warns: $(head -2 "$T/s.err")"
if [ -x "$PERF61" ]; then
  n61=$("$PERF61" script -F event -i "$T/mnt/c.data" 2>/dev/null | grep -c cpu-clock)
  [ "$n61" = "$n" ] || fail "perf 6.1 reads $n61 samples, cperf $n"
fi
if oracle_have_perf7; then
  n7=$(perf7 script -F event -i "$T/mnt/c.data" 2>/dev/null | grep -c cpu-clock)
  [ "$n7" = "$n" ] || fail "perf 7.2 reads $n7 samples of cperf's file, cperf $n"
  perf7 record -g -e cpu-clock -F 2000 -o "$T/mnt/p.data" -- "$WL/deep" 2000 > /dev/null 2> "$T/p7rec.err" ||
    fail "perf 7.2's own recording there exited $?"
  p7=$(perf7 script -F event -i "$T/mnt/p.data" 2>/dev/null | grep -c cpu-clock)
  pc=$("$CPERF" script -F event -i "$T/mnt/p.data" 2>/dev/null | grep -c cpu-clock)
  [ "$p7" -gt 0 ] && [ "$pc" = "$p7" ] || fail "perf 7.2's recording: perf 7.2 reads $p7 samples, cperf $pc"
  echo "perf 7.2 beside it: its recording on the same file system has $p7 samples, read alike"
else
  echo "SKIP (part): perf 7.2 beside it: $(oracle_why_not)"
fi

"$CPERF" record -m 4 -g -e cpu-clock -F 10000 -o "$T/mnt/m4.data" -- "$WL/deep" 3000 > /dev/null 2> "$T/m4rec.err" ||
  fail "record -m 4 exited $?: $(tail -2 "$T/m4rec.err")"
lossy_file_is_valid "$T/mnt/m4.data" "$T/m4rec.err" m4
m4=$("$CPERF" script -F event -i "$T/mnt/m4.data" 2>/dev/null | grep -c cpu-clock)
[ "$m4" -gt 0 ] || fail "no samples with -m 4"
if oracle_have_perf7; then
  perf7_report_warnings_are "$T/mnt/m4.data" "$T/m4.rep.err" || fail "perf 7.2's report warnings (-m 4) differ (above)"
fi
[ $fails = 0 ] && echo "PASS: record -g onto a slow file system: $n samples, a valid file read alike; -m 4 at 10 kHz: $m4 samples, $lost loss records, warnings as report's"
[ $fails = 0 ]
