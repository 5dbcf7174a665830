#!/bin/bash
# Where record and inject write, as perf 7.2 does it (its lines and statuses, learned here):
#  - a second `record -o F` (or `inject -o F`) keeps the first file as F.old, replacing an older
#    F.old (a perf data directory of data* files is removed too; any other directory is not:
#    "Can't remove old data: Unknown file found (F.old)", status 255);
#  - an unprivileged user (perf_event_paranoid 2) records its own user space: the event falls
#    back to excluding the kernel, as perf names it (task-clock:uppp, cpu-clock:u);
#  - a directory that becomes unwritable mid-recording (the output's and $HOME's): the recording
#    ends normally, its file reads in cperf and perf 6.1, and no build-id cache is made;
#  - an unwritable directory at the start: perf's "Can't move data" / "failed to open" lines.
# The unprivileged part needs root (to become 'nobody') and perf_event_paranoid <= 2.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# --- F.old, as root: cperf's files and messages equal perf 7.2's (expected from perf 7.2)
backups() {  # backups PERF DIR: the same steps with either perf; prints statuses and the tree
  local p=$1 d=$2
  mkdir -p "$d" && cd "$d" || return
  "$p" record -q -o x.data -- true; echo "record 1: $?"
  cp x.data first.copy
  "$p" record -q -o x.data -- true; echo "record 2: $?"
  cmp -s x.data.old first.copy && echo "x.data.old is the first recording"
  "$p" inject -i x.data -o y.data; echo "inject 1: $?"
  "$p" inject -i x.data -o y.data; echo "inject 2: $?"
  mkdir z.data.old && touch z.data.old/data z.data.old/data.1 && cp first.copy z.data
  "$p" record -q -o z.data -- true; echo "record over a perf data directory: $?"
  mkdir u.data.old && touch u.data.old/mine && cp first.copy u.data
  "$p" record -o u.data -- true 2>&1 | grep -v '^\[ perf record\|schedstat'; echo "record over another directory: ${PIPESTATUS[0]}"
  "$p" inject -i x.data -o u.data; echo "inject over another directory: $?"
  : > e.data; "$p" record -q -o e.data -- true; echo "record over an empty file: $?"
  find . -printf '%y %p\n' | LC_ALL=C sort
  cd - > /dev/null
}
backups "$CPERF" "$T/c" > "$T/c.txt" 2>&1
cat > "$T/want.txt" <<'EOF'
record 1: 0
record 2: 0
x.data.old is the first recording
inject 1: 0
inject 2: 0
record over a perf data directory: 0
Can't remove old data: Unknown file found (u.data.old)
Perf session creation failed.
record over another directory: 255
Can't remove old data: Unknown file found (u.data.old)
failed to create output file: Not a directory
inject over another directory: 255
record over an empty file: 0
d .
d ./u.data.old
f ./e.data
f ./first.copy
f ./u.data
f ./u.data.old/mine
f ./x.data
f ./x.data.old
f ./y.data
f ./y.data.old
f ./z.data
f ./z.data.old
EOF
cmp -s "$T/want.txt" "$T/c.txt" || { fail "F.old handling differs from perf 7.2's:"; diff "$T/want.txt" "$T/c.txt"; }
if oracle_have_perf7; then
  backups perf7 "$T/p" > "$T/p.txt" 2>&1
  cmp -s "$T/p.txt" "$T/c.txt" || { fail "perf 7.2 live differs:"; diff "$T/p.txt" "$T/c.txt"; }
else
  echo "SKIP (part): live comparison with perf 7.2: $(oracle_why_not)"
fi

# --- an unprivileged user, directories made unwritable
if [ "$(id -u)" != 0 ] || ! id nobody > /dev/null 2>&1 || ! command -v setpriv > /dev/null; then
  echo "SKIP (part): unprivileged recording needs root, a user 'nobody' and setpriv(1)"
elif [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -gt 2 ]; then
  echo "SKIP (part): perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid) lets no user record"
else
  as_nobody() { setpriv --reuid nobody --regid nogroup --clear-groups env HOME="$T/u/home" "$@"; }
  chmod 755 "$T"; mkdir -p "$T/u/home" "$T/u/out" "$T/u/flag" "$T/u/bin"; chown -R nobody "$T/u"
  # The checkout may sit where 'nobody' cannot reach (a mktemp -d clone is 0700): run a copy.
  cp "$CPERF" "$T/u/bin/cperf" && chmod 755 "$T/u/bin/cperf"; UCPERF=$T/u/bin/cperf
  cp "$T/c/first.copy" "$T/u/out/keep.data"; chown nobody "$T/u/out/keep.data"
  # Recording: the workload spins until told to stop, so it has samples whatever the load.
  setpriv --reuid nobody --regid nogroup --clear-groups env HOME="$T/u/home" "$UCPERF" record -g -o "$T/u/out/x.data" -- \
    sh -c "while [ ! -e $T/u/flag/stop ]; do :; done" > "$T/u.out" 2> "$T/u.err" &
  rec=$!
  wait_perf_events $rec || fail "the unprivileged recorder never opened its events: $(cat "$T/u.err")"
  child=$(wait_for 120 pgrep -P $rec -x sh > /dev/null && pgrep -P $rec -x sh | head -1)
  [ -n "$child" ] && wait_cpu_ticks "$child" 5
  chmod 555 "$T/u/out" "$T/u/home"          # mid-recording: neither can take a new file
  touch "$T/u/flag/stop"
  wait $rec; rc=$?
  chmod 755 "$T/u/out" "$T/u/home"
  [ $rc = 0 ] || fail "unprivileged recording: exit $rc: $(cat "$T/u.err")"
  grep -v '^\[ perf record: \(Woken up\|Captured and wrote\)' "$T/u.err" > "$T/u.rest"
  [ -s "$T/u.rest" ] && fail "unprivileged recording said: $(head -3 "$T/u.rest")"
  [ -e "$T/u/home/.debug" ] && fail "a build-id cache was made in an unwritable HOME"
  as_nobody "$UCPERF" evlist -i "$T/u/out/x.data" > "$T/u.evlist" 2>&1
  [ "$(cat "$T/u.evlist")" = task-clock:uppp ] || [ "$(cat "$T/u.evlist")" = cycles:Pu ] ||
    fail "unprivileged event: $(cat "$T/u.evlist"), want perf's task-clock:uppp (cycles:Pu on a PMU)"
  as_nobody "$UCPERF" evlist -v -i "$T/u/out/x.data" | grep -q 'exclude_kernel: 1, exclude_hv: 1' ||
    fail "the unprivileged event does not exclude the kernel and hypervisor"
  n=$(as_nobody "$UCPERF" script -F comm -i "$T/u/out/x.data" 2> "$T/u.serr" | awk '$1 == "sh"' | wc -l)
  [ "$n" -gt 0 ] || fail "no samples of the workload: $(head -2 "$T/u.serr")"
  if [ -x "$PERF61" ]; then
    n61=$(as_nobody "$PERF61" script -F comm -i "$T/u/out/x.data" 2>/dev/null | awk '$1 == "sh"' | wc -l)
    [ "$n61" = "$n" ] || fail "perf 6.1 reads $n61 samples of the workload, cperf $n"
  fi
  as_nobody "$UCPERF" record -e cpu-clock -o "$T/u/out/y.data" -- true > /dev/null 2>&1
  [ "$(as_nobody "$UCPERF" evlist -i "$T/u/out/y.data" 2>&1)" = cpu-clock:u ] ||
    fail "unprivileged -e cpu-clock is named '$(as_nobody "$UCPERF" evlist -i "$T/u/out/y.data" 2>&1)', perf: cpu-clock:u"
  # unwritable at the start: the older file cannot be moved, or the new one made
  chmod 555 "$T/u/out"
  as_nobody "$UCPERF" record -o "$T/u/out/keep.data" -- true > /dev/null 2> "$T/k.err"; rc=$?
  printf "Can't move data: Permission denied (%s to %s)\nPerf session creation failed.\n" \
    "$T/u/out/keep.data" "$T/u/out/keep.data.old" | cmp -s - "$T/k.err" || fail "unwritable, file kept: '$(cat "$T/k.err")'"
  [ $rc = 255 ] || fail "unwritable, file kept: exit $rc, want 255"
  cmp -s "$T/u/out/keep.data" "$T/c/first.copy" || fail "the older file was changed"
  as_nobody "$UCPERF" record -o "$T/u/out/new.data" -- true > /dev/null 2> "$T/n.err"; rc=$?
  printf "failed to open %s : Permission denied\nPerf session creation failed.\n" "$T/u/out/new.data" |
    cmp -s - "$T/n.err" || fail "unwritable, new file: '$(cat "$T/n.err")'"
  [ $rc = 255 ] || fail "unwritable, new file: exit $rc, want 255"
  as_nobody "$UCPERF" inject -i "$T/u/out/keep.data" -o "$T/u/out/i.data" > /dev/null 2> "$T/i.err"; rc=$?
  printf "failed to open %s : Permission denied\nfailed to create output file: Permission denied\n" \
    "$T/u/out/i.data" | cmp -s - "$T/i.err" || fail "inject into an unwritable directory: '$(cat "$T/i.err")'"
  [ $rc = 255 ] || fail "inject into an unwritable directory: exit $rc, want 255"
  chmod 755 "$T/u/out"
  [ $fails = 0 ] && echo "ok: unprivileged recording ($n samples, user space only), directories unwritable mid-way and at the start"
fi
[ $fails = 0 ] && echo "PASS: F.old kept as perf 7.2 keeps it; unwritable directories handled as perf 7.2"
[ $fails = 0 ]
