#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# The fast DWARF unwinder (lib/unwind/fast_unwind.cpp) against libdw: with CPERF_UNWIND_CHECK=1
# cperf unwinds every sample both ways and counts the samples and frames the fast path gave and
# the samples where the two differ. Over the --call-graph dwarf recordings of the real-system
# corpus (with and without the debug files) and the perf 6.1 fixture: no sample may differ, and
# the fast path must have given most frames (a fast path that always hands the sample to libdw
# fails too). Hermetic: everything comes from tests/data.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v xz >/dev/null || { echo "SKIP: no xz to unpack tests/data/realsys/corpus.tar.xz"; exit 77; }
W=$(mktemp -d /tmp/cperf-unwind-check.XXXXXX); trap 'rm -rf "$W"' EXIT
xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$W" || { echo "FAIL: cannot unpack the corpus"; exit 1; }
zcat "$W/kallsyms.gz" > "$W/kallsyms"
mkdir -p "$W/home"
cp -al "$W/symfs" "$W/symfs-nodbg" && rm -rf "$W/symfs-nodbg/usr/lib/debug"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
# check NAME DIR FILE ARGS...: runs cperf script in check mode; the summary must show no
# mismatch and at least 95% of the frames from the fast path.
check() {
  local name=$1 dir=$2 file=$3; shift 3
  (cd "$dir" && CPERF_UNWIND_CHECK=1 HOME=$W/home "$CPERF" script -i "$file" "$@" 2> "$W/err" > /dev/null)
  local line; line=$(grep '^cperf unwind check: [0-9]* samples' "$W/err")
  grep 'differ' "$W/err" | head -3
  [[ $line =~ ([0-9]+)\ samples,\ ([0-9]+)\ by\ the\ fast\ path,\ ([0-9]+)\ frames,\ ([0-9]+)\ by\ the\ fast\ path,\ ([0-9]+)\ mismatches ]] ||
    { fail "$name: no check summary: $(head -3 "$W/err")"; return; }
  local frames=${BASH_REMATCH[3]} fast=${BASH_REMATCH[4]} mismatches=${BASH_REMATCH[5]}
  [ "$mismatches" = 0 ] || fail "$name: $mismatches samples unwound differently by the fast path"
  [ "$frames" -gt 0 ] || fail "$name: no frames unwound"
  [ $((fast * 100)) -ge $((frames * 95)) ] || fail "$name: only $fast of $frames frames by the fast path"
  echo "$name: $line"
}
for name in qs-dwarf mt-dwarf python-dwarf; do
  for symfs in symfs symfs-nodbg; do
    check "$name.$symfs" "$W/data" "$name.data" --symfs="$W/$symfs" --kallsyms="$W/kallsyms"
  done
done
check perf6.1-dwarf tests/data/perf6.1/data dwarf.data --symfs=../symfs --kallsyms=/dev/null
[ $fails -eq 0 ] && echo "unwind fast check: the fast path unwinds as libdw does"
[ $fails -eq 0 ]
