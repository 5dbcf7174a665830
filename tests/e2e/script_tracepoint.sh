#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# Tracepoint fields in `cperf script` beyond the file-mode golden (script_golden.sh):
#  1. pipe mode: the formats come from a PERF_RECORD_HEADER_TRACING_DATA record (the file is
#     turned into a stream by `cperf inject -o -`); the output must still equal upstream's golden.
#  2. a damaged HEADER_TRACING_DATA section (bad magic, then a cut-short format size) is a one-line
#     error naming the file and the section, with a non-zero exit — never a crash.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
set=tests/data/perf6.1
[ -e "$set/data/tracepoint.data" ] || { echo "skip: no $set/data/tracepoint.data"; exit 77; }
work=$(mktemp -d /tmp/cperf-tp.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail=0

(cd "$set/data" && "$CPERF" inject -i tracepoint.data -o - 2>/dev/null |
   "$CPERF" script -i - > "$work/pipe.out" 2>/dev/null)
compare_golden perf6.1.tracepoint.script-pipe "$set/expected/tracepoint.script.txt.gz" "$work/pipe.out" || fail=1

# Offset of the HEADER_TRACING_DATA section: the first entry of the feature table, which follows
# the data section (feature bit 1 is the lowest bit perf sets).
section_offset() {
  python3 - "$1" <<'EOF'
import struct, sys
h = open(sys.argv[1], 'rb').read(104)
data_off, data_size = struct.unpack_from('<QQ', h, 40)
f = open(sys.argv[1], 'rb'); f.seek(data_off + data_size)
print(struct.unpack('<Q', f.read(8))[0])
EOF
}
off=$(section_offset "$set/data/tracepoint.data")
for damage in magic size; do
  cp "$set/data/tracepoint.data" "$work/bad.data"
  if [ $damage = magic ]; then
    printf 'X' | dd of="$work/bad.data" bs=1 seek=$((off + 4)) conv=notrunc status=none
  else  # the header_page size (after magic, "0.6\0", endianness, long size, page size, tag)
    printf '\377\377\377\377' | dd of="$work/bad.data" bs=1 seek=$((off + 10 + 4 + 2 + 4 + 12 + 2)) \
      conv=notrunc status=none
  fi
  "$CPERF" script -i "$work/bad.data" > /dev/null 2> "$work/err"; rc=$?
  if [ $rc -eq 0 ] || [ $rc -ge 128 ] || [ "$(wc -l < "$work/err")" -ne 1 ] ||
     ! grep -q "bad.data: HEADER_TRACING_DATA section: at byte 0x" "$work/err"; then
    echo "FAIL: damaged tracing data ($damage): exit $rc, stderr:"; cat "$work/err"; fail=1
  else
    echo "ok: damaged tracing data ($damage): $(cat "$work/err")"
  fi
done
[ $fail -eq 0 ] && echo "script tracepoint: all passed"
exit $fail
