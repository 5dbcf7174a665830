#!/bin/bash
# cperf record -o - (pipe mode): the stream's header part as perf 7.2 writes it.
#  - the features end with the end-of-features marker (a 16-byte HEADER_FEATURE record whose id
#    is HEADER_LAST_FEATURE, 35 in perf 7.2), after the last feature and before any event;
#  - the attr records carry the whole 144-byte perf_event_attr (perf 6.1 copies 128 bytes out
#    of a pipe-mode attr record whatever its size: with a shorter one it read garbage and
#    crashed or printed nothing);
#  - perf 6.1's script reads the stream without warnings, with cperf's sample count;
#  - perf 7.2 (oracle chroot, when present) `report --header-only` stops at the marker: it
#    prints the header without processing the events (no "cannot open maps" on stderr);
#  - a single event samples PERF_SAMPLE_ID (IDENTIFIER with --sample-identifier), as perf 7.2's.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events

"$CPERF" record -q -g -e cpu-clock -o - -- "$WL/mt" 2 50 > "$T/pipe.data" 2>/dev/null ||
  { echo "FAIL: record -o -"; exit 1; }
"$CPERF" report -D -i - < "$T/pipe.data" > "$T/dump.txt" 2>&1 || { echo "FAIL: report -D"; exit 1; }
# Record kinds in stream order, and the marker's raw bytes.
grep -v '^\.' "$T/dump.txt" | grep -oE '^-?[0-9].*\]: PERF_RECORD_[A-Z_]+' |
  sed -E 's/.*(PERF_RECORD_[A-Z_]+)/\1/' | uniq > "$T/kinds.txt"
want=$'PERF_RECORD_ATTR\nPERF_RECORD_FEATURE'
[ "$(head -2 "$T/kinds.txt")" = "$want" ] || { echo "FAIL: stream starts with:"; head -3 "$T/kinds.txt"; exit 1; }
n=$(grep -cE '^0 0x[0-9a-f]+ \[0x10\]: PERF_RECORD_FEATURE$' "$T/dump.txt")
[ "$n" = 1 ] || { echo "FAIL: $n end-of-features markers, want 1"; exit 1; }
grep -q '^\.  0000:  50 00 00 00 00 00 10 00 23 00 00 00 00 00 00 00' "$T/dump.txt" ||
  { echo "FAIL: no HEADER_FEATURE record with id 35 (HEADER_LAST_FEATURE)"; exit 1; }
# The marker is the last feature record: what follows it is not a feature.
after=$(grep -A1000 -E '\[0x10\]: PERF_RECORD_FEATURE$' "$T/dump.txt" | grep -c ': PERF_RECORD_FEATURE, ')
[ "$after" = 0 ] || { echo "FAIL: $after feature records after the marker"; exit 1; }
"$CPERF" evlist -v -i - < "$T/pipe.data" | grep -q 'size: 144,' ||
  { echo "FAIL: pipe attr is not 144 bytes:"; "$CPERF" evlist -v -i - < "$T/pipe.data"; exit 1; }
echo "ok: marker and 144-byte attrs"
# Feature records are exactly as long as their payload (perf does not pad them to 8 bytes):
# a string feature (hostname, osrelease, version, arch, cpudesc, cpuid) is its u32 length and
# that many bytes.
python3 - "$T/pipe.data" <<'PY' || { echo "FAIL: padded feature records"; exit 1; }
import struct, sys
d = open(sys.argv[1], 'rb').read()
pos, strings = 16, 0
while pos + 8 <= len(d):
    typ, misc, size = struct.unpack_from('<IHH', d, pos)
    if size < 8: break
    if typ == 80:  # PERF_RECORD_HEADER_FEATURE
        feat = struct.unpack_from('<Q', d, pos + 8)[0]
        if feat in (3, 4, 5, 6, 8, 9):  # HOSTNAME OSRELEASE VERSION ARCH CPUDESC CPUID
            n = struct.unpack_from('<I', d, pos + 16)[0]
            if size != 20 + n:
                sys.exit(f"feature {feat}: record size {size}, payload needs {20 + n}")
            strings += 1
    pos += size
sys.exit(0 if strings >= 4 else f"only {strings} string features")
PY
echo "ok: feature records unpadded"
compare_61 - cpu-clock

if oracle_have_chroot; then
  oracle_scratch d
  cp "$T/pipe.data" "$d/"
  oracle_chroot_perf "$d_IN" report --header-only -i "$d_IN/pipe.data" > "$T/h7.txt" 2> "$T/h7.err"
  rc=$?; oracle_cleanup
  [ $rc = 0 ] || { echo "FAIL: perf 7.2 report --header-only exited $rc"; cat "$T/h7.err"; exit 1; }
  [ -s "$T/h7.err" ] && { echo "FAIL: perf 7.2 read past the marker or warned:"; cat "$T/h7.err"; exit 1; }
  for l in '# hostname :' '# cmdline :' '# event : name = cpu-clock' '# pmu mappings:'; do
    grep -q "^$l" "$T/h7.txt" || { echo "FAIL: perf 7.2 header lacks '$l'"; cat "$T/h7.txt"; exit 1; }
  done
  echo "ok: perf 7.2 report --header-only stops at the marker"
else
  echo "note: perf 7.2 check skipped: $(oracle_why_not)"
fi
# A stream's single event samples its id (perf 7.2 forces the ids in pipe mode), unless
# --sample-identifier gives it IDENTIFIER instead; a file's single event has neither.
st() { grep -o 'sample_type: [A-Z_|]*' | head -1; }
[ "$("$CPERF" record -q -e cpu-clock -o - -- true 2> /dev/null | "$CPERF" evlist -v -i - | st)" = "sample_type: IP|TID|TIME|ID|PERIOD" ] ||
  { echo "FAIL: a stream's one event samples no ID"; exit 1; }
[ "$("$CPERF" record -q --sample-identifier -e cpu-clock -o - -- true 2> /dev/null | "$CPERF" evlist -v -i - | st)" = "sample_type: IP|TID|TIME|PERIOD|IDENTIFIER" ] ||
  { echo "FAIL: a stream's one event with --sample-identifier"; exit 1; }
"$CPERF" record -q -e cpu-clock -o "$T/one.data" -- true 2> /dev/null
[ "$("$CPERF" evlist -v -i "$T/one.data" | st)" = "sample_type: IP|TID|TIME|PERIOD" ] || { echo "FAIL: a file's one event samples an id"; exit 1; }
echo "ok: a stream's single event samples its ID, as perf 7.2's"
echo "PASS"
