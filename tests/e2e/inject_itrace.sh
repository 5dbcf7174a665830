#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject --itrace on recordings without instruction trace, against perf 7.2's goldens
# (expected/NAME.inject-itrace[-strip].txt.gz in tests/data/perf6.1, made by
# tests/data/gen-golden.sh with KINDS=inject-itrace,inject-itrace-strip): report -D
# --disable-order of the injected file (file order, offsets kept: the records perf reorders and
# drops, and where its data starts), then the header's data offset, data size and feat offset;
# exit status and stderr too. Then what cperf does where perf 7.2 decodes (AUXTRACE_INFO) or
# takes other paths (-b and the like): refusals.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
set_dir=$PWD/tests/data/perf6.1
T=$(mktemp -d /tmp/cperf-inject-itrace.XXXXXX); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/set/data"
ln -s "$set_dir/symfs" "$T/set/symfs"
for exp in "$set_dir"/expected/*.inject-itrace*.txt.gz; do
  b=$(basename "$exp" .txt.gz); name=${b%%.*}; kind=${b#*.}
  cp "$set_dir/data/$name.data" "$T/set/data/"
  args=(--itrace); [ "$kind" = inject-itrace-strip ] && args+=(--strip)
  (cd "$T/set/data" && "$CPERF" inject "${args[@]}" -i "$name.data" -o ../inj.data) 2> "$T/err"
  rc=$?
  (cd "$T/set/data" && "$CPERF" report -D --disable-order -i ../inj.data --symfs=../symfs 2>/dev/null
   "$CPERF" report --header-only -i ../inj.data 2>/dev/null | grep -E '^# (data offset|data size|feat offset)') > "$T/out"
  rm -f "$T/set/inj.data"
  compare_golden "perf6.1.$name.$kind" "$exp" "$T/out"
  want_rc=$(grep "^$name $kind exit=" "$set_dir/expected/exit-status.txt" | sed -E 's/.* exit=([0-9]+) .*/\1/')
  if [ "$rc" = "$want_rc" ] && cmp -s "$T/err" <(cat "$set_dir/expected/$name.$kind.stderr.txt" 2>/dev/null); then
    GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else
    GOLDEN_FAILS=$((GOLDEN_FAILS+1)); echo "MISMATCH perf6.1.$name.$kind: exit $rc (perf 7.2: $want_rc), stderr: $(head -c 200 "$T/err")"
  fi
done

fails=0
check() { if eval "$2"; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails+1)); fi; }
# pipe output: the same records as the file's data (perf 7.2 writes the attrs as records first)
"$CPERF" inject --itrace -i "$set_dir/data/mt.data" -o "$T/f.data" 2>/dev/null
"$CPERF" inject --itrace -i "$set_dir/data/mt.data" -o - 2>/dev/null > "$T/p.data"
"$CPERF" script -G -F tid,time,ip -i "$T/f.data" > "$T/a" 2>/dev/null
"$CPERF" script -G -F tid,time,ip -i "$T/p.data" > "$T/b" 2>/dev/null
check "pipe output: script as the file's ($(wc -l < "$T/a") samples)" "cmp -s '$T/a' '$T/b' && [ -s '$T/a' ]"
# A recording with instruction trace: perf 7.2 sets up its decoder there; cperf has none.
"$CPERF" inject --itrace -i tests/data/synthetic/data/intel-pt-info.data -o "$T/x.data" 2> "$T/err"; rc=$?
check "AUXTRACE_INFO: refused (status $rc)" "[ $rc = 1 ] && grep -q 'decoding instruction trace (AUXTRACE_INFO) is not supported' '$T/err'"
"$CPERF" inject --itrace -b -i "$set_dir/data/g.data" -o "$T/x.data" 2> "$T/err"; rc=$?
check "--itrace with -b: refused (status $rc)" "[ $rc = 129 ] && grep -q 'cannot be combined' '$T/err'"
golden_summary "inject --itrace goldens"
[ $fails = 0 ] || exit 1
