#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# The commands that read profiles start themselves again with glibc's malloc asking for huge
# pages (lib/base/huge_page_malloc.h), and the re-run gives back the user's environment:
#  - what cperf runs sees GLIBC_TUNABLES as the user left it (unset, or their own value) and
#    no variable of cperf's (seen from a Python script's os.environ);
#  - the re-run happened exactly when it should (the process's start-up environment,
#    /proc/self/environ, holds glibc.malloc.hugetlb=1): THP in madvise mode, and neither the
#    tunable chosen by the user, nor CPERF_NO_HUGE_MALLOC, nor a preloaded library, and an
#    input of at least 1 MiB.
# Needs cperf's Python scripting; the re-run checks need THP in madvise mode (else skipped).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
SMALL=tests/data/perf7.2-defer/data/defer.data  # under the 1 MiB from which it is done
DATA=$T/big.data  # a real recording's samples repeated to 3 MB
python3 bench/gen-perf-data.py "$SMALL" "$DATA" --samples 10000 > /dev/null || { echo "FAIL: gen-perf-data.py"; exit 1; }
cat > "$T/env.py" <<'PY'
import os
def trace_begin():
    with open('/proc/self/environ', 'rb') as f:
        start = f.read()  # (glibc may have cut its GLIBC_TUNABLES there at each ':')
    print('seen=%s' % os.environ.get('GLIBC_TUNABLES', '<unset>'))
    print('ours=%s' % ('CPERF_USER_GLIBC_TUNABLES' in os.environ))
    print('rerun=%s' % (b'glibc.malloc.hugetlb=1' in start))
def process_event(param_dict):
    pass
PY
if ! "$CPERF" script -s "$T/env.py" -i "$DATA" > "$T/probe" 2>&1 || ! grep -q '^seen=' "$T/probe"; then
  echo "SKIP: cperf script -s cannot run Python here: $(head -c 200 "$T/probe")"; exit 77
fi
madvise=0
grep -q '\[madvise\]' /sys/kernel/mm/transparent_hugepage/enabled 2> /dev/null && madvise=1
fails=0
check() {  # check NAME WANT_SEEN WANT_RERUN ENV... (INPUT: the profile read)
  local name=$1 seen=$2 rerun=$3; shift 3
  env "$@" "$CPERF" script -s "$T/env.py" -i "${INPUT:-$DATA}" > "$T/out" 2> "$T/err"
  local got; got=$(grep -E '^(seen|ours|rerun)=' "$T/out" | tr '\n' ' ')
  [ $madvise = 0 ] && rerun=False  # no re-run without THP's madvise mode
  local want="seen=$seen ours=False rerun=$rerun "

  if [ "$got" = "$want" ]; then echo "ok: $name"
  else echo "FAIL: $name: got '$got', want '$want'"; fails=$((fails + 1)); fi
}
check "unset: re-run, then unset again" "<unset>" True -u GLIBC_TUNABLES
check "user's tunables kept, hugetlb added" "glibc.malloc.arena_max=4" True GLIBC_TUNABLES=glibc.malloc.arena_max=4
check "user's two tunables kept whole" "glibc.malloc.arena_max=4:glibc.malloc.tcache_count=0" True \
  GLIBC_TUNABLES=glibc.malloc.arena_max=4:glibc.malloc.tcache_count=0
check "user's hugetlb choice: no re-run" "glibc.malloc.hugetlb=0" False GLIBC_TUNABLES=glibc.malloc.hugetlb=0
check "CPERF_NO_HUGE_MALLOC: no re-run" "<unset>" False -u GLIBC_TUNABLES CPERF_NO_HUGE_MALLOC=1
INPUT=$SMALL check "a small profile: no re-run" "<unset>" False -u GLIBC_TUNABLES
check "a preloaded library: no re-run" "<unset>" False -u GLIBC_TUNABLES LD_PRELOAD=/lib/x86_64-linux-gnu/libc.so.6
[ $madvise = 0 ] && echo "note: THP is not in madvise mode here: the re-run itself was not checked"
[ $fails = 0 ] && echo PASS
exit $fails
