#!/bin/bash
# A workload that dies of a signal: as perf 7.2, record says nothing of it, writes the whole
# file, then ends by the same signal itself (its parent sees the signal, not an exit status);
# a crashing workload leaves no core file of the recorder. An exit status is passed on.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
for sig in TERM SEGV INT; do
  got=$(python3 - "$CPERF" "$sig" <<'PY'
import subprocess, sys
cperf, sig = sys.argv[1], sys.argv[2]
p = subprocess.run([cperf, "record", "-q", "-e", "cpu-clock", "-o", f"{sig}.data", "--",
                    "bash", "-c", f"kill -{sig} $$"], capture_output=True, text=True)
print(p.returncode, repr(p.stderr))
PY
)
  want=$(python3 -c "import signal; print(-signal.SIG$sig)")
  if [ "$got" = "$want ''" ] && "$CPERF" script -i "$sig.data" > /dev/null 2>&1; then
    echo "ok: workload killed by SIG$sig: recorder ended by SIG$sig, silent, file whole"
  else
    echo "FAIL: SIG$sig: got '$got', want '$want' and nothing said"; fails=$((fails+1))
  fi
done
ls core* > /dev/null 2>&1 && { echo "FAIL: a core file was left"; fails=$((fails+1)); }
"$CPERF" record -q -e cpu-clock -o e.data -- bash -c 'exit 3'; rc=$?
[ $rc = 3 ] || { echo "FAIL: exit status 3 passed on as $rc"; fails=$((fails+1)); }
[ $fails = 0 ] || exit 1
echo PASS
