#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# The progress line of `cperf report` (cperf only: perf's stdio UI prints none) appears on stderr
# only when stderr is a terminal, never under -q or on a pipe, and never for a run shorter than
# the delay. CPERF_PROGRESS_DELAY_MS=0 makes it show at once; `script` gives us a pty.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v script > /dev/null || { echo "skip: no script(1) to make a pty"; exit 77; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
f=$PWD/tests/data/cperf/data/lost.data   # 2559 records: enough for a few ticks
fail=0
on_tty() {  # on_tty ENV ARGS... : cperf report on a pty, stdout discarded; prints the terminal
  local env=$1; shift
  script -qec "env $env '$CPERF' report --stdio $* -i '$f' > /dev/null" /dev/null < /dev/null
}
on_tty CPERF_PROGRESS_DELAY_MS=0 > "$tmp/tty"
grep -q 'Processing events: *[0-9]*%' "$tmp/tty" || { echo "FAIL: no progress on a tty:"; od -c "$tmp/tty" | head -5; fail=1; }
# the line is erased before anything else is written: "\r" ESC "[K" after the last update
python3 -c 'import sys; t = open(sys.argv[1], "rb").read(); i = t.rfind(b"Processing events");
sys.exit(0 if t.find(b"\r\x1b[K", i) > i else 1)' "$tmp/tty" ||
  { echo "FAIL: progress line not erased at the end"; od -c "$tmp/tty" | tail -5; fail=1; }
on_tty CPERF_PROGRESS_DELAY_MS=0 -q > "$tmp/tty-q"
if grep -q Processing "$tmp/tty-q"; then echo "FAIL: progress under -q"; fail=1; fi
on_tty CPERF_PROGRESS_DELAY_MS=60000 > "$tmp/tty-slow"
if grep -q Processing "$tmp/tty-slow"; then echo "FAIL: progress before the delay"; fail=1; fi
CPERF_PROGRESS_DELAY_MS=0 "$CPERF" report --stdio -i "$f" > /dev/null 2> "$tmp/err"
if grep -q Processing "$tmp/err"; then echo "FAIL: progress on a pipe"; fail=1; fi
[ $fail = 0 ] && echo "report progress: tty only"
exit $fail
