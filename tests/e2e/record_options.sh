#!/bin/bash
# What record's options do, end to end (their attrs are checked against perf 7.2 in
# record_attrs_perf72.sh). The expected lines and statuses are perf 7.2's, learned here, and
# compared live with perf 7.2 when the oracle is present:
#  - -D MS starts sampling MS ms after the workload starts ("Events disabled", "Events enabled");
#    -D -1 never does (side band only); -n writes no samples (the "Captured" line then has no
#    count); --dry-run writes nothing; --strict-freq refuses a rate over the kernel's limit;
#  - -I and --user-regs: perf's register names and messages, and samples that carry the
#    registers (cperf script -F iregs,uregs equals perf 7.2's on the same file);
#  - --namespaces: a NAMESPACES record for the workload, as perf synthesizes it;
#  - -r: the recorder runs SCHED_FIFO, its workload (forked first) does not.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
have7=0; oracle_have_perf7 && have7=1
[ $have7 = 1 ] || echo "SKIP (part): live comparison with perf 7.2: $(oracle_why_not)"
chmod 755 "$T"; mkdir -p "$T/flag"

# -D 2000: the workload spins until told to stop, which the test does once sampling is on.
rm -f "$T/flag/stop"
"$CPERF" record -D 2000 -e cpu-clock -o "$T/d.data" -- sh -c "while [ ! -e $T/flag/stop ]; do :; done" \
  > /dev/null 2> "$T/d.err" &
rec=$!
wait_for 600 grep -q '^Events enabled' "$T/d.err" || fail "-D 2000: never said 'Events enabled'"
child=$(pgrep -P $rec -x sh | head -1)
[ -n "$child" ] && wait_cpu_ticks "$child" 10
touch "$T/flag/stop"; wait $rec || fail "-D 2000: exit $?"
[ "$(head -2 "$T/d.err" | tr '\n' ' ')" = "Events disabled Events enabled " ] || fail "-D 2000 said: $(head -2 "$T/d.err")"
exec_t=$("$CPERF" script --show-task-events -i "$T/d.data" | awk '/PERF_RECORD_COMM exec/ {sub(":", "", $3); print $3; exit}')
first_t=$("$CPERF" script -F time -i "$T/d.data" | head -1 | tr -d ' :')
# Sampling starts 2 s after the recorder started the workload; the exec follows that start
# closely, so even on a busy machine the first sample comes over 1 s after the exec.
if [ -z "$exec_t" ] || [ -z "$first_t" ]; then
  fail "-D 2000: no exec ($exec_t) or no sample ($first_t)"
elif ! awk -v a="$exec_t" -v b="$first_t" 'BEGIN {exit !(b - a >= 1.0)}'; then
  fail "-D 2000: first sample at $first_t, exec at $exec_t: sampled too early"
fi

# -D -1, -n: side band, no samples
"$CPERF" record -D -1 -e cpu-clock -o "$T/d1.data" -- "$WL/deep" 100 > /dev/null 2> "$T/d1.err" || fail "-D -1: exit $?"
printf 'Events disabled\n[ perf record: Woken up 1 times to write data ]\n' | cmp -s - <(head -2 "$T/d1.err") ||
  fail "-D -1 said: $(head -2 "$T/d1.err")"
grep -q '^\[ perf record: Captured and wrote [0-9.]* MB .*d1.data \]$' "$T/d1.err" || fail "-D -1: $(tail -1 "$T/d1.err")"
[ "$("$CPERF" script -i "$T/d1.data" | wc -l)" = 0 ] || fail "-D -1 recorded samples"
"$CPERF" script --show-task-events -i "$T/d1.data" | grep -q 'PERF_RECORD_COMM exec: deep' || fail "-D -1: no side band"
"$CPERF" record -n -e cpu-clock -o "$T/n.data" -- "$WL/deep" 100 > /dev/null 2> "$T/n.err" || fail "-n: exit $?"
[ "$("$CPERF" script -i "$T/n.data" | wc -l)" = 0 ] || fail "-n recorded samples"
grep -q '^\[ perf record: Captured and wrote [0-9.]* MB .*n.data \]$' "$T/n.err" || fail "-n: $(tail -1 "$T/n.err")"

# -q silences -vv (perf 7.2 prints no attr blocks then), in either order
for args in "-q -vv" "-vv -q"; do
  # shellcheck disable=SC2086
  n=$("$CPERF" record $args -e cpu-clock -o "$T/q.data" -- true 2>&1 | grep -c 'perf_event_attr:')
  [ "$n" = 0 ] || fail "record $args printed $n attr blocks"
done

# --dry-run, --strict-freq
(cd "$T" && "$CPERF" record --dry-run -e cpu-clock -o dry.data -- true > out 2> err); rc=$?
[ $rc = 0 ] && [ ! -e "$T/dry.data" ] && [ ! -s "$T/err" ] || fail "--dry-run: exit $rc, file $(ls "$T"/dry.data 2>&1), '$(cat "$T/err")'"
max=$(cat /proc/sys/kernel/perf_event_max_sample_rate)
"$CPERF" record --strict-freq -F $((max + 1)) -o "$T/s.data" -- true > /dev/null 2> "$T/s.err"; rc=$?
printf '%s\n' "error: Maximum frequency rate ($max Hz) exceeded." \
  "       Please use -F freq option with a lower value or consider" \
  "       tweaking /proc/sys/kernel/perf_event_max_sample_rate." | cmp -s - "$T/s.err" || fail "--strict-freq said: $(cat "$T/s.err")"
[ $rc = 234 ] && [ ! -e "$T/s.data" ] || fail "--strict-freq: exit $rc (want 234), or a file was written"

# register options: messages (perf 7.2's, live) and the registers in the samples
same7() {  # same7 ARGS...: cperf record ARGS says and exits as perf 7.2 does
  (cd "$T" && "$CPERF" record "$@" > c.out 2>&1); local rc=$?
  if [ $have7 = 1 ]; then
    (cd "$T" && perf7 record "$@" > p.out 2>&1); local rc7=$?
    [ $rc = $rc7 ] && cmp -s "$T/c.out" "$T/p.out" || { fail "record $*: exit $rc vs perf's $rc7"; diff "$T/p.out" "$T/c.out" | head -6; }
  fi
  echo $rc
}
[ "$(same7 -I?)" = 129 ] || fail "-I?: not perf's status 129"
head -1 "$T/c.out" | grep -qx 'available registers: AX BX CX DX SI DI BP SP IP FLAGS CS SS R8 R9 R10 R11 R12 R13 R14 R15' ||
  fail "-I? lists: $(head -1 "$T/c.out")"
same7 --user-regs=? > /dev/null
[ "$(same7 --user-regs=foo)" = 129 ] || fail "--user-regs=foo: not 129"
grep -q 'Unknown register "foo", check man page or run "perf record --user-regs=?"' "$T/c.out" || fail "--user-regs=foo said: $(head -2 "$T/c.out")"
same7 -Ifoo > /dev/null
"$CPERF" record -q -Iax,sp --user-regs=ip -e cpu-clock -o "$T/r.data" -- "$WL/deep" 200 > /dev/null || fail "-I: exit $?"
"$CPERF" script -F ip,iregs,uregs -i "$T/r.data" > "$T/r.txt" 2>&1
grep -q 'ABI:2 *AX:0x[0-9a-f]* *SP:0x[0-9a-f]*' "$T/r.txt" || fail "-I: no registers in the samples: $(head -2 "$T/r.txt")"
if [ $have7 = 1 ]; then
  perf7 script -F ip,iregs,uregs -i "$T/r.data" 2>&1 | cmp -s - "$T/r.txt" || fail "-I: perf 7.2 reads other registers"
fi

# --namespaces
"$CPERF" record -q --namespaces -e cpu-clock -o "$T/ns.data" -- "$WL/deep" 50 > /dev/null || fail "--namespaces: exit $?"
ino=$(stat -L -c %i /proc/self/ns/net)
"$CPERF" report -D -i "$T/ns.data" | grep -A1 'PERF_RECORD_NAMESPACES .* nr_namespaces: 7' | grep -q "0/net: [0-9]*/$(printf '%#x' "$ino")," ||
  fail "--namespaces: no NAMESPACES record with this net namespace ($ino)"

# -r: SCHED_FIFO for the recorder, not for its workload
if "$CPERF" record -q -r 1 -e cpu-clock -o "$T/rt.data" -- sh -c 'chrt -p $$' > "$T/rt.out" 2>&1; then
  grep -q 'policy: SCHED_OTHER' "$T/rt.out" || fail "-r: the workload runs $(head -1 "$T/rt.out")"
else
  grep -q 'Could not set realtime priority.' "$T/rt.out" && echo "SKIP (part): -r: SCHED_FIFO not permitted here" ||
    fail "-r: $(cat "$T/rt.out")"
fi
[ $fails = 0 ] && echo "PASS: -D, -D -1, -n, -q -vv, --dry-run, --strict-freq, -I/--user-regs, --namespaces, -r as perf 7.2"
[ $fails = 0 ]
