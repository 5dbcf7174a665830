#!/bin/bash
# A record whose size field is too small for its type (upstream's data_file_offset_diagnostics
# case: the first MMAP2 cut to 16 bytes) is stepped over with perf's warning, which names the
# file offset and the record type, as perf 7.2 prints it:
#   WARNING: at offset 0x...: MMAP2 (10) event size 16 too small (min 73), skipping
# What follows it is then garbage, so cperf may stop later with its own one-line error, but it
# never crashes.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
"$CPERF" record -q -e cpu-clock -o "$T/ok.data" -- "$WL/deep" 100 > /dev/null || { echo "FAIL: record"; exit 1; }
off=$("$CPERF" report -D -i "$T/ok.data" 2>/dev/null | awk '/PERF_RECORD_MMAP2/ {print $2; exit}')
[ -n "$off" ] || { echo "FAIL: no MMAP2 record in the recording"; exit 1; }
cp "$T/ok.data" "$T/bad.data"
printf '\x10\x00' | dd of="$T/bad.data" bs=1 seek=$((off + 6)) conv=notrunc status=none
fails=0
for cmd in "report --stdio" "script" "report -D"; do
  # shellcheck disable=SC2086
  "$CPERF" $cmd -i "$T/bad.data" > /dev/null 2> "$T/err"; rc=$?
  want="WARNING: at offset $off: MMAP2 (10) event size 16 too small (min 73), skipping"
  if [ $rc -ge 128 ]; then echo "FAIL: $cmd crashed (exit $rc)"; fails=$((fails + 1))
  elif [ "$(head -1 "$T/err")" != "$want" ]; then
    echo "FAIL: $cmd: first stderr line is not perf's warning:"; head -2 "$T/err"; fails=$((fails + 1))
  else echo "ok: $cmd: $want (exit $rc)"
  fi
done
# A long run of them (here 200,000 in a pipe stream) is stepped over one by one, with a
# warning each. The reader loops over skipped records rather than recursing (an optimised build
# would have turned that recursion into a loop anyway; an unoptimised one would not).
python3 -c "
import struct
rec = struct.pack('<IHH', 10, 0, 16) + bytes(8)
open('$T/many.pipe', 'wb').write(b'PERFILE2' + struct.pack('<Q', 16) + rec * 200000)"
"$CPERF" report -D -i "$T/many.pipe" > /dev/null 2> "$T/err"; rc=$?
n=$(grep -c 'event size 16 too small (min 73), skipping' "$T/err")
if [ $rc -ge 128 ] || [ "$n" != 200000 ]; then
  echo "FAIL: 200000 small records: exit $rc, $n warnings"; fails=$((fails + 1))
else echo "ok: 200000 small records in a row: 200000 warnings, exit $rc"
fi
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
