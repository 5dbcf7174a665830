#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# script/report --stitch-lbr on files without LBR call stacks: perf 7.2's warning on stderr
# (expected/NAME.{script,report}-stitch-lbr.stderr.txt, minus the golden chroot's own lines)
# and output unchanged (script_golden.sh and report_golden.sh compare stdout).
cd "$(dirname "$0")/../.." || exit 1
# A pipe with LBR call stacks (synthetic lbr-stitch-pipe) gets the warning too: perf looks
# before a pipe's attrs arrive.
CPERF=$PWD/cperf
fails=0
for kind in script-stitch-lbr report-stitch-lbr; do
  cmd=${kind%%-*}
  args=(--stitch-lbr); [ $cmd = report ] && args=(--stdio --stitch-lbr -g none)
  for d_name in perf6.1/g perf6.1/mt synthetic/lbr-stitch-pipe; do
    d=tests/data/${d_name%/*} name=${d_name#*/}
    got=$(cd $d/data && "$CPERF" $cmd "${args[@]}" -i $name.data --symfs=../symfs 2>&1 >/dev/null)
    want=$(grep -v -e '^cannot open maps$' -e '^Failed to read max cpus' $d/expected/$name.$kind.stderr.txt)
    if [ "$got" = "$want" ]; then echo "ok: $cmd --stitch-lbr on $name: perf's warning"
    else echo "FAIL: $cmd --stitch-lbr on $name: stderr '$got', perf 7.2: '$want'"; fails=$((fails+1)); fi
  done
done
# On --call-graph lbr files cperf stitches as perf (the synthetic lbr-* goldens); a hybrid
# machine's file (per-PMU caps, HEADER_PMU_CAPS) with HW_INDEX samples it refuses.
tmp=$(mktemp -d)
PYTHONPATH=tests/data/synthetic python3 - "$tmp/lbr-caps.data" <<'PY'
import sys
from perfdata_builder import *  # noqa: F401,F403
f = File(sample_type=0x1 | 0x2 | 0x4 | 0x20 | 0x100 | 0x800, flags=DEFER_FLAGS & ~(3 << 38),
         branch_sample_type=(1 << 0) | (1 << 11) | (1 << 17))
s = File.string_feature
f.features = {31: pk("II", 1, 1) + s(b"branches") + s(b"32") + s(b"cpu_core")}
f.setup()
f.lbr_sample(PID, T0 + 10_000, 0x4017CF, [0xFFFFFFFFFFFFFE00, 0x4017CF], [(0x401844, 0x4017A0)], hw_idx=0)
f.write(sys.argv[1])
PY
for cmd in script report; do
  args=(--stitch-lbr); [ $cmd = report ] && args=(--stdio --stitch-lbr)
  err=$("$CPERF" $cmd "${args[@]}" -i "$tmp/lbr-caps.data" 2>&1 >/dev/null); rc=$?
  if [ $rc = 1 ] && [[ "$err" == *"--stitch-lbr is not supported"* ]]; then
    echo "ok: $cmd --stitch-lbr refused on a hybrid machine's file"
  else echo "FAIL: $cmd --stitch-lbr on a hybrid machine's file: exit $rc, '$err'"; fails=$((fails+1)); fi
  if "$CPERF" $cmd "${args[@]:0:${#args[@]}-1}" -i "$tmp/lbr-caps.data" > /dev/null 2>&1; then
    echo "ok: $cmd without --stitch-lbr reads it"
  else echo "FAIL: $cmd without --stitch-lbr"; fails=$((fails+1)); fi
done
rm -rf "$tmp"
[ $fails = 0 ] && echo PASS || exit 1
