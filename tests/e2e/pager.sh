#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# The pager, as perf (cmd/pager.h): on a terminal (made with script(1)) `report --stdio` and
# `script` go through $PERF_PAGER (the report coloured, as perf colours it there); `--no-pager`
# and a non-terminal stdout bypass it; PAGER is used when PERF_PAGER is unset; PERF_PAGER=cat
# means none; report reading stdin never pages.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
command -v script >/dev/null || { echo "SKIP: no script(1) to give cperf a terminal"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
f=$PWD/tests/data/perf6.1/data/g.data
S="--kallsyms=/dev/null --symfs=$PWD/tests/data/perf6.1/symfs"
fails=0
on_tty() { script -qec "$1" /dev/null > "$T/tty" 2>&1; }
paged() {  # paged LABEL COMMAND: the command's output must reach the pager, not the terminal
  rm -f "$T/paged"
  on_tty "$2"
  if [ ! -s "$T/paged" ] || grep -q 'cpu-clock' "$T/tty"; then
    echo "FAIL: $1: not paged"; fails=$((fails + 1))
  else echo "ok: $1: paged ($(wc -l < "$T/paged") lines)"; fi
}
direct() {  # direct LABEL COMMAND: the output must not go through the pager
  rm -f "$T/paged"
  on_tty "$2"
  if [ -e "$T/paged" ]; then echo "FAIL: $1: paged"; fails=$((fails + 1)); else echo "ok: $1: not paged"; fi
}
P="PERF_PAGER='cat > $T/paged'"
paged "report --stdio" "$P $CPERF report --stdio -i $f $S"
# perf colours a report it pages (its --stdio-color auto) unless told never
if ! grep -q $'\e\[3[12]m' "$T/paged"; then echo "FAIL: paged report without colours"; fails=$((fails + 1)); fi
paged "report --stdio-color never" "$P $CPERF report --stdio --stdio-color never -i $f $S"
if grep -q $'\e' "$T/paged"; then echo "FAIL: --stdio-color never: colours"; fails=$((fails + 1)); fi
paged "script" "$P $CPERF script -i $f $S"
paged "PAGER" "PAGER='cat > $T/paged' $CPERF script -i $f $S"
direct "--no-pager" "$P $CPERF --no-pager report --stdio -i $f $S"
direct "PERF_PAGER=cat" "PERF_PAGER=cat $CPERF script -i $f $S"
direct "report from stdin" "$P $CPERF report --stdio -i - $S < $f"
rm -f "$T/paged"
PERF_PAGER="cat > $T/paged" "$CPERF" script -i "$f" $S > /dev/null 2>&1
[ -e "$T/paged" ] && { echo "FAIL: paged without a terminal"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "PASS"
[ $fails -eq 0 ]
