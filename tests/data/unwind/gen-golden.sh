#!/bin/bash
# gen-golden.sh — perf 6.1's DWARF unwinding (Debian's /usr/bin/perf, built with libunwind) of
# the project's --call-graph dwarf recordings, as goldens for cperf's --unwind-style=libunwind
# (tests/e2e/unwind_libunwind.sh compares the frames, not the text: perf 6.1 prints user
# addresses map-relative and names symbols its own way).
#   bash tests/data/unwind/gen-golden.sh      # writes tests/data/unwind/NAME.perf61.txt.gz
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
perf version --build-options | grep -q 'libunwind:.*\[ on' ||
  { echo "gen-golden: this perf has no libunwind" >&2; exit 1; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
# perf6.1: the static deep (no .eh_frame_hdr) recorded by perf 6.1.
zcat ../perf6.1/kallsyms.gz > "$W/k61"
for n in dwarf; do
  perf script --no-inline -i "../perf6.1/data/$n.data" --symfs=../perf6.1/symfs --kallsyms="$W/k61" \
    2>/dev/null | gzip -9n > "$here/perf61-$n.perf61.txt.gz"
done
# realsys: dynamic programs with libc's debug info, recorded by perf 6.1.
xz -dc ../realsys/corpus.tar.xz | tar -xf - -C "$W"
zcat "$W/kallsyms.gz" > "$W/k"
for n in qs-dwarf mt-dwarf python-dwarf; do
  (cd "$W/data" && perf script --no-inline -i "$n.data" --symfs="$W/symfs" --kallsyms="$W/k" 2>/dev/null) |
    gzip -9n > "$here/realsys-$n.perf61.txt.gz"
done
ls -la "$here"
