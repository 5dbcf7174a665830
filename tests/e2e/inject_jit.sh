#!/bin/bash
# inject -j/--jit as perf 7.2: a recording (-k mono) of a program that runs JIT code and
# describes it in a jitdump (tests/workloads/jitdump.c) is injected: the jitdump's mapping
# becomes an MMAP2 per function of an ELF file cperf writes beside the dump
# (jitted-PID-N.so), the process's later anonymous maps go, and samples in the JIT code are
# named by those files. Checked: script names the functions and their files; perf 6.1 reads
# the output alike; a recording without -k mono gets perf's two lines and status 255; with
# the oracle, perf 7.2's own inject -j of the same recording gives the same script text and
# the same records (inode numbers and FINISHED_ROUND aside: the files differ, and cperf keeps
# the input's rounds).
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
[ "$(uname -m)" = x86_64 ] || { echo "SKIP: the jitdump workload is x86-64 only"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
mkdir -p "$T/jd"
"$CPERF" record -q -k mono -g -o "$T/jit.data" -- "$WL/jitdump" 200 "$T/jd" > /dev/null 2> "$T/rec.err" ||
  { echo "FAIL: record exited $?: $(head -2 "$T/rec.err")"; exit 1; }
"$CPERF" inject -j -i "$T/jit.data" -o "$T/inj.data" 2> "$T/inj.err" || fail "inject -j exited $?: $(head -2 "$T/inj.err")"
pid=$(ls "$T/jd" | sed -n 's/^jit-\([0-9]*\)\.dump$/\1/p')
for n in 1 2; do [ -s "$T/jd/jitted-$pid-$n.so" ] || fail "no $T/jd/jitted-$pid-$n.so"; done
"$CPERF" script -F ip,sym,dso -G -i "$T/inj.data" > "$T/c.txt" 2>/dev/null
a=$(grep -c "jit_spin_a (.*/jitted-$pid-1.so)" "$T/c.txt")
b=$(grep -c "jit_spin_b (.*/jitted-$pid-2.so)" "$T/c.txt")
[ "$a" -gt 0 ] && [ "$b" -gt 0 ] && echo "ok: samples named in the jitted files ($a in jit_spin_a, $b in jit_spin_b)" ||
  fail "JIT samples not named: $a, $b"
"$CPERF" report -D -i "$T/inj.data" > "$T/dump" 2>&1
grep -q "PERF_RECORD_MMAP2.*jit-$pid.dump\|//anon" "$T/dump" && fail "the marker or an anonymous map is left"
grep -q "@ 0x80 .*--xs $T/jd/jitted-$pid-1.so" "$T/dump" && echo "ok: perf's MMAP2 of a jitted file" ||
  fail "no MMAP2 of jitted-$pid-1.so as perf writes it"
if [ -x "$PERF61" ]; then
  n61=$("$PERF61" script -F ip,sym,dso -G -i "$T/inj.data" 2>/dev/null | grep -c "jit_spin_")
  [ "$n61" = $((a + b)) ] && echo "ok: perf 6.1 reads it alike" || fail "perf 6.1 names $n61 JIT samples, cperf $((a + b))"
fi
# without -k mono: perf's refusal
"$CPERF" record -q -g -o "$T/nok.data" -- "$WL/jitdump" 20 "$T/jd" > /dev/null 2>&1
"$CPERF" inject -j -i "$T/nok.data" -o "$T/nok-inj.data" > /dev/null 2> "$T/nok.err"; rc=$?
[ $rc = 255 ] && grep -q "^error, jitted code must be sampled with perf record -k 1$" "$T/nok.err" &&
  grep -q "ordered event processing failed (-1) for event of type: MMAP2 (10)" "$T/nok.err" &&
  echo "ok: a recording without -k mono is refused as perf does" || fail "without -k mono: status $rc, $(cat "$T/nok.err")"
if oracle_have_perf7; then
  # perf 7.2 writes its jitted files where cperf's are; cperf then writes them again
  perf7 inject -j -i "$T/jit.data" -o "$T/p7.data" 2> "$T/p7.err" || fail "perf 7.2 inject -j failed: $(head -2 "$T/p7.err")"
  perf7 script -i "$T/p7.data" > "$T/p7.txt" 2>/dev/null
  "$CPERF" inject -j -i "$T/jit.data" -o "$T/inj2.data" 2>/dev/null
  perf7 script -i "$T/inj2.data" > "$T/c7.txt" 2>/dev/null
  cmp -s "$T/p7.txt" "$T/c7.txt" && echo "ok: perf 7.2's script of both injected files is the same" ||
    { fail "perf 7.2's script differs"; diff "$T/p7.txt" "$T/c7.txt" | head -4; }
  strip_dump() { grep -v '^\.\|^0x\|^$\|FINISHED_ROUND\| events:' | sed -E 's/ 0x[0-9a-f]+ \[/ [/; s/(@ 0x80 [0-9a-f]+:[0-9a-f]+) [0-9]+/\1 INO/'; }
  perf7 report -D -i "$T/p7.data" 2>/dev/null | strip_dump > "$T/p7.dump"
  perf7 report -D -i "$T/inj2.data" 2>/dev/null | strip_dump > "$T/c7.dump"
  cmp -s "$T/p7.dump" "$T/c7.dump" && echo "ok: the same records as perf 7.2's" ||
    { fail "records differ from perf 7.2's"; diff "$T/p7.dump" "$T/c7.dump" | head -6; }
else
  echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
fi
[ $fails = 0 ] && echo "PASS: inject -j"
[ $fails = 0 ]
