#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject's symbol, guest and trace options, as perf 7.2 answers them on a file without
# instruction-trace data (messages and statuses taken from perf 7.2.13): -k/--vmlinux and
# --kallsyms must name an existing file ("Invalid file: X", 255) and otherwise change nothing,
# nor do --ignore-vmlinux, --guestmount and --known-build-ids; --strip needs --itrace;
# --itrace reorders as perf's decoding pass does; --vm-time-correlation updates in place (perf's
# three refusals; then cperf says it cannot: perf 7.2 crashes there, SIGSEGV with or without
# dry-run, on every file tried, the input left unchanged).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cp tests/data/perf6.1/data/g.data "$T/in.data"
"$CPERF" inject -i "$T/in.data" -o "$T/plain.data" || { echo "FAIL: plain inject"; exit 1; }
fails=0
# expect STATUS STDERR ARGS...
expect() {
  local want_rc=$1 want_err=$2; shift 2
  rm -f "$T/out.data"
  "$CPERF" inject "$@" > "$T/stdout" 2> "$T/stderr"
  local rc=$? err
  err=$(cat "$T/stderr")
  if [ "$rc" = "$want_rc" ] && [ "$err" = "$want_err" ]; then
    echo "ok: inject $* -> $rc${want_err:+ ($want_err)}"
  else
    echo "FAIL: inject $*: status $rc, stderr '$err' (perf 7.2: $want_rc, '$want_err')"; fails=$((fails+1))
  fi
}
same_as_plain() {
  if cmp -s "$T/out.data" "$T/plain.data"; then echo "ok:   output equals plain inject's"
  else echo "FAIL: inject $*: output differs from plain inject's"; fails=$((fails+1)); fi
}
expect 255 "Invalid file: $T/none" -k "$T/none" -i "$T/in.data" -o "$T/out.data"
expect 255 "Invalid file: $T/none" --kallsyms="$T/none" -i "$T/in.data" -o "$T/out.data"
expect 0 "" --vmlinux="$T/plain.data" -i "$T/in.data" -o "$T/out.data"; same_as_plain --vmlinux
expect 0 "" --kallsyms=/proc/kallsyms --ignore-vmlinux -i "$T/in.data" -o "$T/out.data"; same_as_plain --kallsyms
expect 0 "" --guestmount="$T/none" -i "$T/in.data" -o "$T/out.data"; same_as_plain --guestmount
expect 0 "" --known-build-ids=zz -i "$T/in.data" -o "$T/out.data"; same_as_plain --known-build-ids
expect 255 "--strip option requires --itrace option" --strip -i "$T/in.data" -o "$T/out.data"
expect 255 "Output file name must not be specified for in-place updating" \
  --vm-time-correlation -i "$T/in.data" -o "$T/out.data"
expect 255 "Input file name required for in-place updating" --vm-time-correlation
expect 255 "The input file would be updated in place, the --force option is required." \
  --vm-time-correlation -i "$T/in.data"
expect 1 "cperf inject: --vm-time-correlation is not supported (cperf decodes no instruction trace)" \
  --vm-time-correlation -f -i "$T/in.data"
expect 1 "cperf inject: --vm-time-correlation is not supported (cperf decodes no instruction trace)" \
  --vm-time-correlation=dry-run -i "$T/in.data"
expect 1 "cperf inject: --vm-time-correlation is not supported (cperf decodes no instruction trace)" \
  "--vm-time-correlation=dry-run 1000" -i "$T/in.data"
expect 255 "Output file name must not be specified for in-place updating" \
  --vm-time-correlation=dry-run -i "$T/in.data" -o "$T/out.data"
# --itrace and --guest-data: perf's checks of their strings (messages and statuses of perf 7.2).
usage=$'\n Usage: perf inject [<options>]'
expect 129 "Bad Instruction Tracing options 'i10x'"$'\n'"$usage" --itrace=i10x -i "$T/in.data" -o "$T/out.data"
expect 129 "--guest-data option requires guest perf.data file name, guest machine PID, and optionally guest timestamp offset, and guest timestamp scale factor, separated by commas."$'\n'"$usage" \
  --guest-data=x,abc -i "$T/in.data" -o "$T/out.data"
expect 255 "failed to open $T/none: No such file or directory"$'\n'"Failed to process $T/none, error -1" \
  --guest-data="$T/none,1" -i "$T/in.data" -o "$T/out.data"
# --itrace on a file without instruction trace: perf's pass (tests/e2e/inject_itrace.sh has
# the goldens): ID_INDEX dropped, the data moved to 12288; any option string perf accepts.
for it in --itrace --itrace=il --itrace=i100us; do
  expect 0 "" $it -i "$T/in.data" -o "$T/out.data"
  if "$CPERF" report --header-only -i "$T/out.data" 2>/dev/null | grep -qx '# data offset    : 12288' &&
     ! "$CPERF" report -D -i "$T/out.data" 2>/dev/null | grep -q PERF_RECORD_ID_INDEX; then
    echo "ok:   data at 12288, no ID_INDEX"
  else echo "FAIL: inject $it: not perf's --itrace output"; fails=$((fails+1)); fi
done
expect 0 "" --itrace --strip -i "$T/in.data" -o "$T/out.data"
n=$("$CPERF" report -D -i "$T/out.data" 2>/dev/null | grep -c 'PERF_RECORD_SAMPLE(')
if [ "$n" = 0 ]; then echo "ok:   --strip: no samples"; else echo "FAIL: --strip left $n samples"; fails=$((fails+1)); fi
# Modes cperf does not have: a refusal, not another file.
# -j on a file without a jitdump changes nothing (tests/e2e/inject_jit.sh does the rest)
expect 0 "" -j -i "$T/in.data" -o "$T/out.data"; same_as_plain -j
# -s on a file without sched events changes nothing (tests/e2e/inject_sched_stat.sh does the rest)
expect 0 "" -s -i "$T/in.data" -o "$T/out.data"; same_as_plain -s
cmp -s "$T/in.data" tests/data/perf6.1/data/g.data || { echo "FAIL: the input changed"; fails=$((fails+1)); }
[ $fails = 0 ] && echo PASS || exit 1
