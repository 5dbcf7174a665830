#!/bin/bash
# Samples in [vdso] get the vdso's symbols, as perf 7.2 gives them: from the build-id cache's
# copy of the recorded vdso, else from the vdso of cperf's own process (the running kernel's)
# when the recording names no other vdso build id, and never under --symfs. cperf record
# --no-buildid-mmap keeps the vdso in the build-id cache ([vdso]/<id>/vdso) and names it in the
# build-id table, as perf's record does; in the default build-id-mmap mode the vdso's MMAP2
# carries no build id, so neither names nor caches it, as perf 7.2's.
# (Documentation/differences.md, "[vdso] symbols".)
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
command -v gcc >/dev/null || { echo "SKIP: no gcc to build the workload"; exit 77; }
command -v readelf >/dev/null || { echo "SKIP: no readelf to read the vdso's symbols"; exit 77; }
gcc -O1 -g -fno-omit-frame-pointer -o "$T/vdso" tests/workloads/vdso.c || { echo "SKIP: cannot build the workload"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cache=$T/cache
# A: a recording with a build-id table (--no-buildid-mmap): it names the vdso, the cache keeps
# a copy. B: -B, no build ids: the vdso is whichever the reader has. C: the default: build ids
# in the MMAP2s, none for the vdso: the reader's vdso too.
"$CPERF" --buildid-dir "$cache" record -q --no-buildid-mmap -g -e cpu-clock -o "$T/a.data" -- "$T/vdso" 1 > /dev/null ||
  fail "record --no-buildid-mmap"
"$CPERF" --buildid-dir "$cache" record -q -B -g -e cpu-clock -o "$T/b.data" -- "$T/vdso" 1 > /dev/null || fail "record -B"
"$CPERF" --buildid-dir "$T/cache-c" record -q -g -e cpu-clock -o "$T/c.data" -- "$T/vdso" 1 > /dev/null || fail "record"
script() {  # script OUT BUILDID-DIR ARGS...
  local out=$1 dir=$2; shift 2
  "$CPERF" --buildid-dir "$dir" script "$@" > "$T/$out" 2> "$T/$out.err" || fail "script $*: $(head -1 "$T/$out.err")"
}
vdso_frames() { grep "(\[vdso\])" "$T/$1"; }
# The vdso's own image (this kernel's, as every reader here sees it), dumped from the memory of a
# process; the frames that must get a name are those inside one of its dynamic symbols. Code
# outside them (a local helper such as the paravirtual clock's reader, hit on some hypervisors)
# is [unknown] in perf too.
python3 - "$T/vdso.so" <<'PY' || { echo "SKIP: cannot read this process's vdso"; exit 77; }
import sys
for line in open('/proc/self/maps'):
    if line.rstrip().endswith('[vdso]'):
        lo, hi = (int(x, 16) for x in line.split()[0].split('-'))
        with open('/proc/self/mem', 'rb') as mem:
            mem.seek(lo)
            open(sys.argv[1], 'wb').write(mem.read(hi - lo))
        sys.exit(0)
sys.exit(1)
PY
readelf -sW "$T/vdso.so" | awk '$4 == "FUNC" && $3 > 0 {print $2, $3}' > "$T/vdso.syms"
[ -s "$T/vdso.syms" ] || { echo "SKIP: no function symbols in this machine's vdso"; exit 77; }
# unnamed_in_symbols DATA SCRIPT-OUTPUT: the [unknown] [vdso] frames that lie inside a symbol
unnamed_in_symbols() {
  local start
  start=$("$CPERF" script --show-mmap-events -i "$T/$1" 2>/dev/null |
    awk '/PERF_RECORD_MMAP/ && /\[vdso\]$/ && match($0, /\[0x[0-9a-f]+/) {print substr($0, RSTART + 1, RLENGTH - 1); exit}')
  [ -n "$start" ] || { echo "no [vdso] mmap event"; return; }
  vdso_frames "$2" | awk '/\[unknown\]/ {print $1}' |
    awk -v start="$start" -v syms="$T/vdso.syms" '
      function hex(s,  i, n, c) { n = 0; sub(/^0x/, "", s)
        for (i = 1; i <= length(s); i++) { c = index("0123456789abcdef", substr(s, i, 1)) - 1; n = n * 16 + c }
        return n }
      BEGIN { while ((getline line < syms) > 0) { split(line, f, " "); lo[++n] = hex(f[1]); len[n] = f[2] + 0 } }
      { off = hex($1) - hex(start)
        for (i = 1; i <= n; i++) if (off >= lo[i] && off < lo[i] + len[i]) { print $1; break } }'
}
script b.txt "$T/none" -i "$T/b.data"
if ! vdso_frames b.txt > /dev/null; then
  # A clock source the vdso cannot read (some hypervisors') makes every call a system call.
  echo "SKIP: no sample in [vdso]: this machine's clock_gettime does not run in the vdso"; exit 77
fi
bad=$(unnamed_in_symbols b.data b.txt | head -3 | tr "\n" " ")
[ -z "$bad" ] || fail "B: [vdso] frames inside a vdso symbol left [unknown]: $bad"
vdso_frames b.txt | grep -q "+0x[0-9a-f]* (\[vdso\])" || fail "B: no named [vdso] frame"
script b-symfs.txt "$T/none" --symfs "$T/nowhere" -i "$T/b.data"
vdso_frames b-symfs.txt | grep -vq "\[unknown\]" && fail "B --symfs: a [vdso] frame was named from the running vdso"
# The build-id table and the cache of A.
vid=$("$CPERF" buildid-list -i "$T/a.data" | awk '$2 == "[vdso]" {print $1}')
[ -n "$vid" ] || fail "A: the build-id table has no [vdso] entry"
[ -s "$cache/[vdso]/$vid/vdso" ] || fail "A: no copy of the vdso at $cache/[vdso]/$vid/vdso"
[ "$(readlink -f "$cache/.build-id/${vid:0:2}/${vid:2}")" = "$(readlink -f "$cache/[vdso]/$vid")" ] ||
  fail "A: no .build-id link to the vdso's copy"
"$CPERF" buildid-list -i "$T/b.data" | grep -q "^[0-9a-f]\{40\} \[vdso\]" && fail "B: -B recorded the vdso's build id"
"$CPERF" buildid-list -i "$T/c.data" | grep -q "^[0-9a-f]\{40\} \[vdso\]" && fail "C: the default recording names a vdso build id"
[ -e "$T/cache-c/[vdso]" ] && fail "C: the default recording cached the vdso"
script c.txt "$T/none" -i "$T/c.data"
vdso_frames c.txt | grep -q "+0x[0-9a-f]* (\[vdso\])" || fail "C: no named [vdso] frame"
script a.txt "$cache" -i "$T/a.data"
bad=$(unnamed_in_symbols a.data a.txt | head -3 | tr "\n" " ")
[ -z "$bad" ] || fail "A: [vdso] frames inside a vdso symbol left [unknown] with the cache: $bad"
vdso_frames a.txt | grep -q "+0x[0-9a-f]* (\[vdso\])" || fail "A: no named [vdso] frame with the cache"
script a-none.txt "$T/none" -i "$T/a.data"
vdso_frames a-none.txt | grep -vq "\[unknown\]" && fail "A: a [vdso] frame named without the cache (perf reads the vdso the table names from the cache only)"
# perf 7.2 on the same files and caches: the same lines.
if oracle_have_perf7; then
  same_as_perf7() {  # same_as_perf7 OUT BUILDID-DIR ARGS...: equal but for report's random tip line
    local out=$1 dir=$2; shift 2
    perf7 --buildid-dir "$dir" "$@" 2>/dev/null | sed "$skip" > "$T/$out.p7"
    "$CPERF" --buildid-dir "$dir" "$@" 2>/dev/null | sed "$skip" > "$T/$out.c"
    [ -s "$T/$out.c" ] && cmp -s "$T/$out.p7" "$T/$out.c" || { fail "$* ($out) differs from perf 7.2's"; diff "$T/$out.p7" "$T/$out.c" | head -6; }
  }
  skip='/^# (Tip:/d'
  same_as_perf7 b-script "$T/none" script -i "$T/b.data"
  same_as_perf7 b-symfs "$T/none" script --symfs "$T/nowhere" -i "$T/b.data"
  same_as_perf7 a-script "$cache" script -i "$T/a.data"
  same_as_perf7 a-none "$T/none" script -i "$T/a.data"
  same_as_perf7 c-script "$T/none" script -i "$T/c.data"
  same_as_perf7 b-report "$T/none" report --stdio --no-children -i "$T/b.data"
  same_as_perf7 a-report "$cache" report --stdio --no-children -i "$T/a.data"
  # annotate reads the same image; only the title names it (perf: its temporary copy).
  skip=1,2d
  sym=$(grep -m1 -o "__vdso_[a-z_]*" "$T/b.txt")
  same_as_perf7 b-annotate "$T/none" annotate --stdio -i "$T/b.data" "$sym"
else
  echo "SKIP (part): comparison with perf 7.2: $(oracle_why_not)"
fi
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
