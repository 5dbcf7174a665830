#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# --unwind-style=libunwind (issue 17): on the project's --call-graph dwarf recordings (perf 6.1's
# static deep; the real-system corpus's qsort, threads and python3), cperf's libunwind
# backend gives, sample by sample, the frames perf 6.1 gives (Debian's perf 6.1 unwinds with
# libunwind; goldens in tests/data/unwind, made by its gen-golden.sh), and the frames of cperf's
# libdw backend except where Documentation/differences.md explains why:
#  - perf61-dwarf: the static `deep` has no .eh_frame_hdr, the only table perf's libunwind
#    backend reads, so every sample stops after the sampled user IP (libdw reads .eh_frame);
#  - realsys-python-dwarf, sample 0: the stack ends in a zero return address, which libunwind
#    steps to and perf reports as ffffffffffffffff; libdw ends the walk there.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
command -v python3 >/dev/null || { echo "SKIP: no python3 to compare frames"; exit 77; }
command -v xz >/dev/null || { echo "SKIP: no xz to unpack the real-system corpus"; exit 77; }
T=$(mktemp -d /tmp/cperf-unwind.XXXXXX); trap 'rm -rf "$T"' EXIT
xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$T" || { echo "FAIL: cannot unpack the corpus"; exit 1; }
zcat "$T/kallsyms.gz" > "$T/k"
zcat tests/data/perf6.1/kallsyms.gz > "$T/k61"
P61=$PWD/tests/data/perf6.1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
check() {  # check NAME DIR DATA SYMFS KALLSYMS ALLOWED-LIBDW-DIFFERENCES
  local name=$1 dir=$2 data=$3 symfs=$4 k=$5 allowed=$6
  (cd "$dir" && "$CPERF" script --no-inline --unwind-style=libunwind -i "$data" --symfs="$symfs" \
     --kallsyms="$k" > "$T/$name.u" 2> "$T/$name.err") || fail "$name: libunwind script failed"
  [ -s "$T/$name.err" ] && fail "$name: stderr: $(head -1 "$T/$name.err")"
  (cd "$dir" && "$CPERF" script --no-inline -i "$data" --symfs="$symfs" --kallsyms="$k" > "$T/$name.d" 2>/dev/null)
  zcat "tests/data/unwind/$name.perf61.txt.gz" > "$T/$name.61"
  python3 tests/e2e/unwind_frames.py "$T/$name.61" "$T/$name.u" > "$T/$name.cmp61" ||
    { fail "$name: libunwind frames differ from perf 6.1's:"; cat "$T/$name.cmp61"; }
  python3 tests/e2e/unwind_frames.py "$T/$name.d" "$T/$name.u" "$allowed" > "$T/$name.cmpdw" ||
    { fail "$name: libdw and libunwind differ other than explained:"; cat "$T/$name.cmpdw"; }
  echo "$name: perf 6.1: $(tail -1 "$T/$name.cmp61"); libdw: $(tail -1 "$T/$name.cmpdw")"
}
check perf61-dwarf "$P61/data" dwarf.data "$P61/symfs" "$T/k61" "$(seq -s, 0 29)"
# Each of those samples keeps exactly one frame in deep: the sampled IP.
[ "$(grep -c '(/bench/deep)$' "$T/perf61-dwarf.u")" = 30 ] || fail "perf61-dwarf: not one deep frame per sample"
for n in qs-dwarf mt-dwarf; do check "realsys-$n" "$T/data" "$n.data" "$T/symfs" "$T/k" ""; done
check realsys-python-dwarf "$T/data" python-dwarf.data "$T/symfs" "$T/k" 0
diff "$T/realsys-python-dwarf.d" "$T/realsys-python-dwarf.u" | grep -qx '> 	ffffffffffffffff \[unknown\] (\[unknown\])' ||
  fail "realsys-python-dwarf: the extra frame is not ffffffffffffffff"
# report goes through the same backend: where the frames agree, so does the report.
(cd "$T/data" && "$CPERF" report --stdio --unwind-style=libunwind -i qs-dwarf.data --symfs="$T/symfs" \
   --kallsyms="$T/k" > "$T/ru" 2>&1 && "$CPERF" report --stdio -i qs-dwarf.data --symfs="$T/symfs" \
   --kallsyms="$T/k" > "$T/rd" 2>&1)
cmp -s "$T/ru" "$T/rd" || fail "report --unwind-style=libunwind differs from libdw's on qs-dwarf"
[ $fails -eq 0 ] && echo "unwind libunwind: as perf 6.1"
[ $fails -eq 0 ]
