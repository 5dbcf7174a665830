#!/bin/bash
# `cperf inject --merge-callchains` makes deferred recordings readable by perf 6.1
# (/usr/bin/perf), which predates deferral and refuses the originals: on defer, defer-mt and
# defer-pipe (tests/data/perf7.2-defer), written as a file and as a pipe stream,
#  - perf 6.1's `perf script` exits 0 with nothing on stderr but its usual notes;
#  - it shows the same samples with the same frames as upstream perf 7.2's merged script of the
#    original (expected/NAME.script.txt.gz), compared field by field by
#    inject_compare_script.py, which names the reader-made differences it accepts;
#  - the output has no CALLCHAIN_DEFERRED record and no defer_* attr bit (cperf report -D,
#    cperf evlist -v).
# Skips (77) without /usr/bin/perf or python3.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
PERF61=${PERF61:-/usr/bin/perf}
[ -x "$PERF61" ] || { echo "skip: $PERF61 (perf 6.1) is not installed"; exit 77; }
command -v python3 >/dev/null || { echo "skip: python3 is needed for the field comparison"; exit 77; }
dir=tests/data/perf7.2-defer
tmp=$(mktemp -d /tmp/cperf-inject-merge.XXXXXX)
ks=$(kallsyms_dir "$dir")
trap 'rm -rf "$tmp" "$ks"' EXIT
fails=0; passes=0
fail() { echo "FAIL $*"; fails=$((fails+1)); }

for name in defer defer-mt defer-pipe; do
  in=$dir/data/$name.data
  for form in file pipe; do
    out=$tmp/$name.$form.data
    if [ $form = file ]; then "$CPERF" inject --merge-callchains -i "$in" -o "$out"
    else "$CPERF" inject --merge-callchains -i "$in" > "$out"; fi
    rc=$?; [ $rc = 0 ] || { fail "$name.$form: cperf inject exit $rc"; continue; }
    if "$CPERF" report -D -i "$out" 2>&1 | grep -q 'PERF_RECORD_CALLCHAIN_DEFERRED'; then
      fail "$name.$form: CALLCHAIN_DEFERRED records left"
    fi
    if "$CPERF" evlist -v -i "$out" 2>&1 | grep -q 'defer_'; then
      fail "$name.$form: defer bits left in the attrs"
    fi
    # PROCFS_PATH: perf 6.1 reads /proc for pipe streams; keep it away from this machine's.
    mkdir -p "$tmp/proc"
    PROCFS_PATH=$tmp/proc "$PERF61" script -i "$out" --symfs="$dir/symfs" --kallsyms="$ks/kallsyms" \
      > "$tmp/out.txt" 2> "$tmp/err.txt"
    rc=$?
    if [ $rc != 0 ] || grep -qiv -e '^$' -e 'capabilities not available' "$tmp/err.txt"; then
      fail "$name.$form: perf 6.1 exit $rc: $(head -3 "$tmp/err.txt")"
      continue
    fi
    if python3 tests/e2e/inject_compare_script.py "$dir/expected/$name.script.txt.gz" "$tmp/out.txt" > "$tmp/cmp.txt"; then
      passes=$((passes+1)); echo "ok $name.$form: $(head -1 "$tmp/cmp.txt")"
    else
      fail "$name.$form: $(cat "$tmp/cmp.txt")"
      mkdir -p tests/out; cp "$tmp/out.txt" "tests/out/inject-merge-$name.$form.perf61.actual"
    fi
  done
done
echo "inject --merge-callchains: $passes read alike by perf 6.1, $fails failed"
[ $fails -eq 0 ]
