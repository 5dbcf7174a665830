#!/bin/bash
# inject --convert-callchain (perf 7.2's): --call-graph dwarf samples get their unwound user
# frames in the callchain (after PERF_CONTEXT_USER) and lose their registers and stack copy.
# On the real-system corpus's DWARF recordings, `script` of the converted file must print what
# perf 7.2 printed for the original (its golden), and with --unwind-style=libunwind what
# cperf's libunwind script prints for the original; the attrs lose REGS_USER, STACK_USER and
# exclude_callchain_user; perf 6.1 reads the result. (perf 7.2's own inject gives the same
# script output, checked by hand: it has no --symfs, so it needs the binaries at their paths.)
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
command -v xz >/dev/null || { echo "SKIP: no xz to unpack the real-system corpus"; exit 77; }
T=$(mktemp -d /tmp/cperf-convert.XXXXXX); trap 'rm -rf "$T"' EXIT
xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$T" || { echo "FAIL: cannot unpack the corpus"; exit 1; }
zcat "$T/kallsyms.gz" > "$T/k"
S=(--symfs="$T/symfs" --kallsyms="$T/k")
mkdir -p "$T/home"
export HOME=$T/home
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
cd "$T/data" || exit 1
for n in qs-dwarf mt-dwarf; do
  "$CPERF" inject --convert-callchain --symfs="$T/symfs" -i $n.data -o $n.conv.data || fail "$n: inject failed"
  "$CPERF" script "${S[@]}" -i $n.conv.data > $n.conv.txt 2> $n.err
  cmp -s <(zcat "$OLDPWD/tests/data/realsys/expected/$n.script.txt.gz") $n.conv.txt ||
    { fail "$n: script of the converted file is not perf 7.2's script of the original"; diff <(zcat "$OLDPWD/tests/data/realsys/expected/$n.script.txt.gz") $n.conv.txt | head -5; }
  "$CPERF" evlist -v -i $n.conv.data > $n.evlist 2>&1
  grep -q 'REGS_USER\|STACK_USER\|exclude_callchain_user\|sample_regs_user' $n.evlist &&
    fail "$n: the converted attr still has DWARF bits: $(cat $n.evlist)"
  grep -q 'CALLCHAIN' $n.evlist || fail "$n: the converted attr lost CALLCHAIN"
  "$CPERF" inject --convert-callchain --unwind-style=libunwind --symfs="$T/symfs" -i $n.data -o $n.convu.data ||
    fail "$n: inject --unwind-style=libunwind failed"
  "$CPERF" script "${S[@]}" -i $n.convu.data > $n.convu.txt 2>/dev/null
  "$CPERF" script "${S[@]}" --unwind-style=libunwind -i $n.data > $n.u.txt 2>/dev/null
  cmp -s $n.u.txt $n.convu.txt || fail "$n: libunwind conversion is not libunwind's script"
  if [ -x /usr/bin/perf ]; then
    /usr/bin/perf script "${S[@]}" -i $n.conv.data > /dev/null 2> $n.err61 || fail "$n: perf 6.1 cannot read the converted file: $(head -2 $n.err61)"
  fi
  echo "$n: $(grep -c cpu-clock $n.conv.txt) samples converted"
done
[ -x /usr/bin/perf ] || echo "SKIP (part): no perf 6.1 at /usr/bin/perf to read the result"
[ $fails -eq 0 ] && echo "inject --convert-callchain: as perf 7.2"
[ $fails -eq 0 ]
