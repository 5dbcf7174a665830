#!/bin/bash
# record -z (perf 7.2's zstd compression): the data goes out as COMPRESSED2 records (zstd frames
# of whole records), HEADER_COMPRESSED says "Zstd, level = N, ratio = R", and every reader sees
# the same records as in the plain file: cperf's script of it equals script of its inject-ed
# (decompressed) copy, and perf 7.2 reads it alike when the oracle is there. Also -m with a size
# (32M -> pages, rounded to a power of two), which upstream's zstd tests use.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
"$CPERF" record -q -g -z -m 1M -o "$T/z.data" -- "$WL/deep" 200 > /dev/null || { echo "FAIL: record -z"; exit 1; }
"$CPERF" report --header-only -i "$T/z.data" | grep -qE '^# compressed : Zstd, level = 1, ratio = [0-9]+$' ||
  fail "no '# compressed : Zstd, level = 1' header line"
n=$("$CPERF" report --stats -i "$T/z.data" | awk '/COMPRESSED2 events:/ {print $3}')
[ "${n:-0}" -gt 0 ] || fail "no COMPRESSED2 records"
"$CPERF" inject -i "$T/z.data" -o "$T/plain.data" || fail "inject (decompress)"
"$CPERF" script -i "$T/z.data" > "$T/z.txt" 2>&1
"$CPERF" script -i "$T/plain.data" > "$T/plain.txt" 2>&1
[ -s "$T/z.txt" ] && cmp -s "$T/z.txt" "$T/plain.txt" || fail "script of the compressed file differs from the plain copy's"
"$CPERF" record -q -z3 -o "$T/z3.data" -- "$WL/deep" 20 > /dev/null &&
  "$CPERF" report --header-only -i "$T/z3.data" | grep -q 'level = 3' || fail "-z3: level 3 not recorded"
# perf's last line names the size before compression and the ratio
"$CPERF" record -z -o "$T/zl.data" -- "$WL/deep" 20 2>&1 > /dev/null | tail -1 |
  grep -qE '^\[ perf record: Captured and wrote [0-9.]+ MB .*zl\.data \([0-9]+ samples\), compressed \(original [0-9.]+ MB, ratio is [0-9.]+\) \]$' ||
  fail "-z: perf's 'compressed (original ..., ratio is ...)' line"
"$CPERF" record --threads -z -o "$T/zt.data" -- "$WL/deep" 200 > /dev/null 2>&1 &&
  "$CPERF" script -i "$T/zt.data" > "$T/zt.txt" 2> "$T/zt.err" && [ ! -s "$T/zt.err" ] && grep -q deep "$T/zt.txt" ||
  fail "--threads -z does not read back"
[ -n "$(find "$T/zt.data" -name 'data.*' -size +0)" ] || fail "--threads -z: empty data.K files"
if oracle_have_perf7; then
  perf7 script -i "$T/z.data" > "$T/z7.txt" 2>/dev/null
  cmp -s "$T/z.txt" "$T/z7.txt" || fail "perf 7.2's script of the compressed file differs from cperf's"
else
  echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
fi
[ $fails -eq 0 ] && echo "record -z: $n COMPRESSED2 records, read alike"
[ $fails -eq 0 ]
