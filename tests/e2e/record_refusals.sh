#!/bin/bash
# record options for what cperf, like Debian's perf 7.2 on a machine without AUX-area PMUs
# or BPF, cannot do: the same message (taken from perf 7.2.13 here), the same status, silent
# with -q where perf is: -S/--snapshot and --aux-sample (no AUX area event), --setup-filter
# (no BPF: "pin" fails with EOPNOTSUPP), --kcore where /proc/kcore is unreadable (and the
# directory perf 7.2 leaves behind then, checked against it); and the ones
# perf takes without effect here: --off-cpu (its warning), --off-cpu-thresh, --debuginfod.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
check() {  # check STATUS MESSAGE ARGS...
  local want_rc=$1 want=$2; shift 2
  "$CPERF" record "$@" -e cpu-clock -o r.data -- true > /dev/null 2> r.err; local rc=$?
  if [ $rc = "$want_rc" ] && [ "$(sed 's/\[ perf record:.*//' r.err | grep -v '^$')" = "$want" ]; then echo "ok: $*"; else
    echo "FAIL: record $*: status $rc (want $want_rc), said:"; cat r.err; fails=$((fails+1)); fi
}
check 234 "No AUX area tracing to snapshot" -S
check 234 "No AUX area tracing to snapshot" --snapshot=e
check 234 "" -q -S
check 234 "No AUX area event to sample" --aux-sample
check 234 "No AUX area event to sample" --aux-sample=4096
check 161 "" --setup-filter=pin
check 161 "" --setup-filter unpin
check 234 "Unknown BPF filter action: foo" --setup-filter=foo
check 0 " Warning: option \`off-cpu' is being ignored because no BUILD_BPF_SKEL=1 " --off-cpu
check 0 "" -q --off-cpu
check 0 "" --off-cpu-thresh=10
check 0 "" --debuginfod
check 0 "" --debuginfod=http://localhost:1
if [ -r /proc/kcore ]; then
  echo "skip: --kcore's refusal (this machine lets us read /proc/kcore)"
else
  check 255 "ERROR: kcore is not readable." --kcore
  check 255 "" -q --kcore
  # what perf 7.2 leaves behind: the older output as .old, the output a directory (0700) with an
  # empty `data` (0600)
  rm -rf k.data k.data.old; echo older > k.data
  "$CPERF" record -q --kcore -e cpu-clock -o k.data -- true 2> /dev/null
  if [ -d k.data ] && [ "$(stat -c %a k.data)" = 700 ] && [ -f k.data/data ] && [ ! -s k.data/data ] &&
     [ "$(stat -c %a k.data/data)" = 600 ] && [ "$(cat k.data.old)" = older ]; then echo "ok: --kcore leaves perf's directory"; else
    echo "FAIL: --kcore: not perf's directory left behind:"; ls -la k.data*; fails=$((fails+1)); fi
fi
[ $fails = 0 ] || exit 1
echo PASS
