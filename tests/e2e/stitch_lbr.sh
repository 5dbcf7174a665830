#!/bin/bash
# script/report --stitch-lbr on files without LBR call stacks: perf 7.2's warning on stderr
# (expected/NAME.{script,report}-stitch-lbr.stderr.txt, minus the golden chroot's own lines)
# and output unchanged (script_golden.sh and report_golden.sh compare stdout).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
d=tests/data/perf6.1
fails=0
for kind in script-stitch-lbr report-stitch-lbr; do
  cmd=${kind%%-*}
  args=(--stitch-lbr); [ $cmd = report ] && args=(--stdio --stitch-lbr -g none)
  for name in g mt; do
    got=$(cd $d/data && "$CPERF" $cmd "${args[@]}" -i $name.data --symfs=../symfs 2>&1 >/dev/null)
    want=$(grep -v -e '^cannot open maps$' -e '^Failed to read max cpus' $d/expected/$name.$kind.stderr.txt)
    if [ "$got" = "$want" ]; then echo "ok: $cmd --stitch-lbr on $name: perf's warning"
    else echo "FAIL: $cmd --stitch-lbr on $name: stderr '$got', perf 7.2: '$want'"; fails=$((fails+1)); fi
  done
done
[ $fails = 0 ] && echo PASS || exit 1
