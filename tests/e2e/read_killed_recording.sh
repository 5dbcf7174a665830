#!/bin/bash
# A recording killed before perf record rewrote its header (data size 0, records after the data
# offset, no feature table): cperf prints perf 7.2's warning and, where perf reads nothing,
# reads the records to the end of the file (Documentation/differences.md). Made from a perf 7.2 fixture by zeroing its data size
# and cutting its feature sections.
cd "$(dirname "$0")/../.." || exit 1
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
src=tests/data/perf7.2/data/zstd.data  # user-space samples only: no kernel symbols needed
python3 - "$src" "$T/killed.data" <<'PY'
import struct, sys
b = bytearray(open(sys.argv[1], 'rb').read())
off, size = struct.unpack_from('<QQ', b, 40)
b = b[:off + size]                       # no feature sections: killed before they were written
struct.pack_into('<Q', b, 48, 0)         # data size never rewritten
open(sys.argv[2], 'wb').write(b)
PY
n_full=$(./cperf script -i "$src" 2>/dev/null | wc -l)
cd "$T" || exit 1
"$OLDPWD/cperf" script -i killed.data > out.txt 2> err.txt || { echo "FAIL: status $?"; cat err.txt; exit 1; }
want="WARNING: The killed.data file's data size field is 0 which is unexpected.
Was the 'perf record' command properly terminated?"
[ "$(cat err.txt)" = "$want" ] || { echo "FAIL: stderr:"; cat err.txt; exit 1; }
n=$(wc -l < out.txt)
[ "$n" -gt 0 ] && [ "$n" = "$n_full" ] || { echo "FAIL: $n lines read, the whole file gives $n_full"; exit 1; }
echo "ok: killed recording: perf's warnings, $n lines read"
echo PASS
