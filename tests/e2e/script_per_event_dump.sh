#!/bin/bash
# script --per-event-dump: each event's samples go to INPUT.EVENT.dump, the other records
# (--show-task-events) to stdout, followed by one "[ perf script: Wrote N MB FILE (N samples) ]"
# line per event. The dump files must equal perf 7.2's (goldens: the event's lines of the
# plain script golden, which perf 7.2 writes there), and with the oracle, cperf's whole output
# perf 7.2's but for the MB figure (Documentation/differences.md).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
T=$(mktemp -d); trap 'rm -rf "$T"; oracle_cleanup' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
S=$PWD/tests/data/perf6.1/symfs
ks=$T/kallsyms; gzip -dc tests/data/perf6.1/kallsyms.gz > "$ks"
for f in two-events mt; do
  mkdir -p "$T/c.$f"; cp tests/data/perf6.1/data/$f.data "$T/c.$f/"
  (cd "$T/c.$f" && "$CPERF" script --per-event-dump --show-task-events -i $f.data --kallsyms="$ks" --symfs="$S" > out 2> err) ||
    fail "$f: exit $?"
  # Every sample line went to its event's file, and together they are the plain script output.
  "$CPERF" script -i tests/data/perf6.1/data/$f.data --kallsyms="$ks" --symfs="$S" > "$T/all.$f" 2>/dev/null
  names=$("$CPERF" evlist -i tests/data/perf6.1/data/$f.data)
  total=0
  for ev in $names; do
    d=$T/c.$f/$f.data.$ev.dump
    [ -e "$d" ] || { fail "$f: no $d"; continue; }
    n=$(grep -c " $ev: *$\| $ev: " "$d")
    total=$((total + n))
    grep -q "^\[ perf script: Wrote [0-9.]* MB $f.data.$ev.dump ($n samples) \]$" "$T/c.$f/out" ||
      fail "$f: no 'Wrote' line for $ev ($n samples): $(grep Wrote "$T/c.$f/out")"
  done
  [ "$(cat "$T/c.$f"/*.dump | wc -c)" = "$(wc -c < "$T/all.$f")" ] || fail "$f: the dumps do not add up to the script output"
  grep -q 'PERF_RECORD_COMM' "$T/c.$f/out" || fail "$f: task events did not go to stdout"
  if oracle_have_perf7; then
    mkdir -p "$T/p.$f"; cp tests/data/perf6.1/data/$f.data "$T/p.$f/"
    (cd "$T/p.$f" && perf7 script --per-event-dump --show-task-events -i $f.data --kallsyms="$ks" --symfs="$S" > out 2> err)
    for d in "$T/p.$f"/*.dump; do
      cmp -s "$d" "$T/c.$f/$(basename "$d")" || fail "$f: $(basename "$d") differs from perf 7.2's"
    done
    diff <(sed -E 's/Wrote [0-9.]+ MB/Wrote N MB/' "$T/p.$f/out") <(sed -E 's/Wrote [0-9.]+ MB/Wrote N MB/' "$T/c.$f/out") > /dev/null ||
      fail "$f: stdout differs from perf 7.2's"
  fi
done
oracle_have_perf7 || echo "SKIP (part): comparison with perf 7.2: $(oracle_why_not)"
[ $fails = 0 ] && echo "PASS: --per-event-dump writes perf 7.2's files and lines"
[ $fails = 0 ]
