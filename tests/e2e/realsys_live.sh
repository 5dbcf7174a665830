#!/bin/bash
# A real program recorded here and now (not from the corpus) reads exactly as upstream perf 7.2
# reads it on this machine: tests/data/realsys/src/qs.c is built (dynamic, -O2 -g: libc with
# whatever debug files this machine has, inline frames of its own), recorded by cperf (-g and
# --call-graph dwarf) and by perf 6.1 when present, and `cperf script` and `cperf report
# --stdio` must equal perf 7.2's (tests/oracle.sh: perf7, run natively) byte for byte.
# Skips without the oracle, since every check here is a comparison with it.
. "$(dirname "$0")/_record_lib.sh"
oracle_have_perf7 || { echo "SKIP: $(oracle_why_not)"; exit 77; }
need_perf_events
command -v gcc >/dev/null || { echo "SKIP: no gcc to build the workload"; exit 77; }
gcc -O2 -g -fno-omit-frame-pointer -o "$T/qs" tests/data/realsys/src/qs.c ||
  { echo "SKIP: cannot build qs"; exit 77; }
mkdir -p "$T/home"; export HOME=$T/home  # no build-id cache from elsewhere, for both tools
fails=0
check() {  # check LABEL FILE
  local kind
  for kind in "script" "report --stdio" "report --stdio --no-children -g caller"; do
    # shellcheck disable=SC2086
    perf7 $kind -i "$2" 2>/dev/null | grep -v '^# (Tip:' > "$T/p7.txt"
    # shellcheck disable=SC2086
    "$CPERF" $kind -i "$2" > "$T/c.txt" 2>/dev/null
    if [ "$(wc -l < "$T/p7.txt")" -lt 10 ]; then
      echo "FAIL: $1 $kind: perf 7.2 printed almost nothing"; fails=$((fails + 1))
    elif cmp -s "$T/p7.txt" "$T/c.txt"; then
      echo "ok: $1: $kind identical to perf 7.2 ($(wc -l < "$T/c.txt") lines, $(grep -c '(inlined)' "$T/c.txt") inlined)"
    else
      echo "FAIL: $1: $kind differs from perf 7.2 (< perf 7.2, > cperf):"
      diff "$T/p7.txt" "$T/c.txt" | head -8; fails=$((fails + 1))
    fi
  done
}
"$CPERF" record -q -g -e cpu-clock -F 999 -o "$T/g.data" -- "$T/qs" 30 > /dev/null || { echo "FAIL: record -g"; exit 1; }
check "cperf -g" "$T/g.data"
"$CPERF" record -q --call-graph dwarf,4096 -e cpu-clock -F 499 -o "$T/dw.data" -- "$T/qs" 15 > /dev/null ||
  { echo "FAIL: record dwarf"; exit 1; }
check "cperf dwarf" "$T/dw.data"
if [ -x "$PERF61" ]; then
  "$PERF61" record -q -g -e cpu-clock -F 999 -o "$T/p61.data" -- "$T/qs" 30 > /dev/null 2>&1 &&
    check "perf 6.1 -g" "$T/p61.data"
else
  echo "SKIP (part): no perf 6.1 at $PERF61"
fi
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
