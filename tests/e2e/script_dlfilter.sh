#!/bin/bash
# cperf script --dlfilter/--dlarg/--list-dlfilters with tests/dlfilters/keep_symbol.c (built
# here against cperf's own ABI declaration): on the deferred fixture the filter keeps the
# samples of one symbol; stdout and the filter's stderr report must equal perf 7.2's when the
# oracle is present (else only cperf's own expectations are checked).
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v g++ > /dev/null || { echo "SKIP script_dlfilter: no g++"; exit 77; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
g++ -std=c++20 -shared -fPIC -Ilib -o "$tmp/keep_symbol.so" tests/dlfilters/keep_symbol.c || exit 1
zcat tests/data/perf7.2-defer/kallsyms.gz > "$tmp/kallsyms"
run() {  # run PERF OUT: the filtered script output and the filter's report
  (cd tests/data/perf7.2-defer/data && "$1" script -i defer.data --kallsyms="$tmp/kallsyms" \
     --symfs=../symfs --dlfilter "$tmp/keep_symbol.so" --dlarg spin > "$2.out" 2> "$2.err")
}
run "$CPERF" "$tmp/c" || { echo "FAIL: cperf script --dlfilter exited $?"; fail=1; }
kept=$(grep -c 'cpu-clock:' "$tmp/c.out")
others=$(grep -A1 'cpu-clock:' "$tmp/c.out" | grep -v -e 'cpu-clock:' -e '^--' | grep -vc ' spin+')
if [ "$kept" != 145 ] || [ "$others" != 0 ]; then
  echo "FAIL: kept $kept samples (want 145), $others not in spin"; fail=1
fi
grep -qx 'start: 1 args, keeping spin' "$tmp/c.err" && grep -qx 'stop: 907 samples seen' "$tmp/c.err" ||
  { echo "FAIL: filter report"; head -3 "$tmp/c.err"; fail=1; }
(cd "$tmp" && "$CPERF" script --list-dlfilters) | grep -qx '  keep_symbol.so                       cperf test: keep one symbol' ||
  { echo "FAIL: --list-dlfilters"; fail=1; }
. tests/oracle.sh
PERF7=$tmp/perf7; oracle_perf7_exe "$PERF7" || PERF7=/nonexistent/perf7
if "$PERF7" version > /dev/null 2>&1; then
  run "$PERF7" "$tmp/p"
  cmp -s "$tmp/c.out" "$tmp/p.out" || { echo "FAIL: stdout differs from perf 7.2"; diff "$tmp/p.out" "$tmp/c.out" | head -5; fail=1; }
  cmp -s "$tmp/c.err" "$tmp/p.err" || { echo "FAIL: filter report differs from perf 7.2"; diff "$tmp/p.err" "$tmp/c.err" | head -5; fail=1; }
  diff <(cd "$tmp" && "$CPERF" script --list-dlfilters) <(cd "$tmp" && "$PERF7" script --list-dlfilters) > /dev/null ||
    { echo "FAIL: --list-dlfilters differs from perf 7.2"; fail=1; }
else
  echo "SKIP script_dlfilter: perf 7.2 comparison (no oracle)"
fi
# The instruction a filter asks for (perf's insn callback) is the sample's, read from its dso:
# on a real program of the corpus, the filter's bytes are script's insn field's.
if command -v xz > /dev/null; then
  mkdir -p "$tmp/rs" && xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$tmp/rs"
  (cd "$tmp/rs/data" && "$CPERF" script -i qs-g.data --symfs=../symfs --dlfilter "$tmp/keep_symbol.so" --dlarg cmp \
     2>&1 >/dev/null) | sed -n 's/^insn([0-9]*)://p' > "$tmp/dl.insn"
  (cd "$tmp/rs/data" && "$CPERF" script -i qs-g.data --symfs=../symfs -F insn 2>/dev/null) | head -8 |
    sed 's/^ *insn://' > "$tmp/script.insn"
  if ! [ -s "$tmp/dl.insn" ] || ! cmp -s "$tmp/dl.insn" "$tmp/script.insn"; then
    echo "FAIL: the filter's instruction bytes are not script's"; diff "$tmp/script.insn" "$tmp/dl.insn" | head -4; fail=1
  fi
  if "$PERF7" version > /dev/null 2>&1; then
    diff <(cd "$tmp/rs/data" && "$CPERF" script -i qs-g.data --symfs=../symfs --dlfilter "$tmp/keep_symbol.so" --dlarg cmp 2>&1 >/dev/null) \
         <(cd "$tmp/rs/data" && "$PERF7" script -i qs-g.data --symfs=../symfs --dlfilter "$tmp/keep_symbol.so" --dlarg cmp 2>&1 >/dev/null) \
      > /dev/null || { echo "FAIL: the filter's report on qs-g differs from perf 7.2's"; fail=1; }
  fi
fi
[ $fail = 0 ] && echo "script dlfilter: all passed"
exit $fail
