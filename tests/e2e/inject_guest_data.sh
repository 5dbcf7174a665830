#!/bin/bash
# inject --guest-data=FILE,PID[,OFFSET[,SCALE]] as perf 7.2 answers it (inject/guest_data.h):
# perf 7.2's goldens in tests/data/perf6.1 (inject-guest-noids: a guest recording without
# sample ids, its message, status 234 and an empty output; inject-guest-itrace: the value
# ignored with --itrace), then its other answers, taken from perf 7.2.13 by hand: the value's
# checks (129), the guest file's errors (255), the options with which perf never opens the
# guest file; then the merge (goldens in tests/data/inject).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
set_dir=$PWD/tests/data/perf6.1
T=$(mktemp -d /tmp/cperf-inject-guest.XXXXXX); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/set/data"
ln -s "$set_dir/symfs" "$T/set/symfs"
cp "$set_dir/data/g.data" "$set_dir/data/pipe.data" "$T/set/data/"
# golden KIND ARGS...: cperf inject ARGS in data/, then what gen-golden.sh keeps of the output
golden() {
  local kind=$1 rc; shift
  (cd "$T/set/data" && "$CPERF" inject "$@") > /dev/null 2> "$T/err"; rc=$?
  if [ "$kind" = inject-guest-noids ]; then
    wc -c < "$T/set/inj.data" > "$T/out" 2>/dev/null
  else
    (cd "$T/set/data" && "$CPERF" report -D --disable-order -i ../inj.data --symfs=../symfs 2>/dev/null
     "$CPERF" report --header-only -i ../inj.data 2>/dev/null | grep -E '^# (data offset|data size|feat offset)') > "$T/out"
  fi
  rm -f "$T/set/inj.data"
  compare_golden "perf6.1.g.$kind" "$set_dir/expected/g.$kind.txt.gz" "$T/out"
  local want; want=$(grep "^g $kind exit=" "$set_dir/expected/exit-status.txt" | sed -E 's/.* exit=([0-9]+) .*/\1/')
  if [ "$rc" = "$want" ] && cmp -s "$T/err" <(cat "$set_dir/expected/g.$kind.stderr.txt" 2>/dev/null); then
    GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else
    GOLDEN_FAILS=$((GOLDEN_FAILS+1)); echo "MISMATCH g.$kind: exit $rc (perf 7.2: $want), stderr: $(head -c 200 "$T/err")"
  fi
}
golden inject-guest-noids --guest-data=pipe.data,1 -i g.data -o ../inj.data
golden inject-guest-itrace --guest-data=none.data,1 --itrace -i g.data -o ../inj.data

fails=0
in=$set_dir/data/g.data
# expect STATUS STDERR ARGS...: cperf inject ARGS (output $T/out.data)
expect() {
  local want_rc=$1 want_err=$2 rc; shift 2
  rm -f "$T/out.data"
  "$CPERF" inject "$@" > /dev/null 2> "$T/stderr"; rc=$?
  if [ "$rc" = "$want_rc" ] && [ "$(cat "$T/stderr")" = "$want_err" ]; then
    echo "ok: inject $* -> $rc"
  else
    echo "FAIL: inject $*: status $rc, stderr '$(cat "$T/stderr")' (perf 7.2: $want_rc, '$want_err')"; fails=$((fails+1))
  fi
}
msg="--guest-data option requires guest perf.data file name, guest machine PID, and optionally guest timestamp offset, and guest timestamp scale factor, separated by commas."
usage=$'\n\n Usage: perf inject [<options>]'
for v in "$T/g.data,0" "$T/g.data,1,5,0" "$T/g.data" "" "$T/g.data,"; do
  expect 129 "$msg$usage" "--guest-data=$v" -i "$in" -o "$T/out.data"
done
# without '=': no value (perf's optional-value rule), and perf shows the option's help too
opt_help=$'\n\n        --guest-data[=<opts>]\n                          inject events from a guest perf.data file'
expect 129 "$msg$usage$opt_help" --guest-data "$T/g.data,1" -i "$in" -o "$T/out.data"
expect 129 "$msg$usage$opt_help" -i "$in" -o "$T/out.data" --guest-data
# the guest file's errors (after the host's file is read; the output is left empty)
echo hello > "$T/text"; : > "$T/empty.data"
expect 255 "failed to open $T/none: No such file or directory"$'\n'"Failed to process $T/none, error -1" \
  --guest-data="$T/none,1" -i "$in" -o "$T/out.data"
expect 255 "incompatible file format (rerun with -v to learn more)"$'\n'"Failed to process $T/text, error -1" \
  --guest-data="$T/text,1" -i "$in" -o "$T/out.data"
expect 255 "zero-sized data ($T/empty.data), nothing to do!"$'\n'"Failed to process $T/empty.data, error -1" \
  --guest-data="$T/empty.data,1" -i "$in" -o "$T/out.data"
[ -f "$T/out.data" ] && [ ! -s "$T/out.data" ] && echo "ok:   output made, empty" || { echo "FAIL: output not empty"; fails=$((fails+1)); }
sb=tests/data/synthetic/data/side-band.data
expect 234 "WARNING: perf.data is missing HEADER_NRCPUS, using MAX_NR_CPUS (4096) as CPU bound"$'\n'"Guest data has no sample IDsFailed to process $sb, error -22" \
  --guest-data="$sb,1,0x10,2.5" -i "$in" -o "$T/out.data"
for o in --aslr --mmap2-buildid-all -j; do
  expect 234 "Guest data has no sample IDsFailed to process $set_dir/data/pipe.data, error -22" \
    --guest-data="$set_dir/data/pipe.data,1" $o -i "$in" -o "$T/out.data"
done
# -b, -s, -B and --itrace: perf never opens the guest file; the output is theirs alone
for o in -b -s -B --itrace; do
  "$CPERF" inject $o -i "$in" -o "$T/want.data" 2>/dev/null
  expect 0 "" --guest-data="$T/none,1" $o -i "$in" -o "$T/out.data"
  cmp -s <("$CPERF" report -D -i "$T/out.data" 2>&1 | sed 's/@[^ ]* / /') <("$CPERF" report -D -i "$T/want.data" 2>&1 | sed 's/@[^ ]* / /') &&
    echo "ok:   as inject $o" || { echo "FAIL: inject $o with --guest-data differs"; fails=$((fails+1)); }
done
# A guest recording with sample ids: perf 7.2 merges it into the host's stream, against its
# goldens in tests/data/inject (inject-guest-merge[-time|-overlap]: a host whose threads CPU
# 0/KVM and CPU 1/KVM are the VCPUs, a guest of side-band records only, as perf 7.2 merges
# without crashing; -overlap moves the guest's times into the host's, so that the records
# interleave; report -D --disable-order of the result, offsets kept).
iset=$PWD/tests/data/inject
mkdir -p "$T/iset/data"; ln -s "$iset/symfs" "$T/iset/symfs"
cp "$iset/data/guest-host.data" "$iset/data/guest-vm.data" "$T/iset/data/"
pid=$(cat "$iset/data/guest-host.pid")
for kind in inject-guest-merge inject-guest-merge-time inject-guest-merge-overlap; do
  v="guest-vm.data,$pid"; [ $kind = inject-guest-merge-time ] && v="$v,1000,1.5"
  [ $kind = inject-guest-merge-overlap ] && v="$v,$(cat "$iset/data/guest-host.offset")"
  (cd "$T/iset/data" && "$CPERF" inject --guest-data=$v -i guest-host.data -o ../inj.data) 2> "$T/err"; rc=$?
  (cd "$T/iset/data" && "$CPERF" report -D --disable-order -i ../inj.data --symfs=../symfs 2>/dev/null
   "$CPERF" report --header-only -i ../inj.data 2>/dev/null | grep -E '^# (data offset|data size|feat offset)') > "$T/out"
  rm -f "$T/iset/inj.data"
  compare_golden "inject.guest-host.$kind" "$iset/expected/guest-host.$kind.txt.gz" "$T/out"
  if [ $rc = 0 ] && [ ! -s "$T/err" ]; then GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else GOLDEN_FAILS=$((GOLDEN_FAILS+1)); echo "MISMATCH $kind: exit $rc (perf 7.2: 0), stderr: $(head -c 200 "$T/err")"; fi
done
# ... and the guest's [vdso] build id in the output's table (perf lists the others only when
# hit); perf's buildid-list is the golden, the table is read here (cperf's buildid-list shows the
# host's dsos only)
(cd "$T/iset/data" && "$CPERF" inject --guest-data="guest-vm.data,$pid" -i guest-host.data -o ../inj.data 2>/dev/null)
python3 - "$T/iset/inj.data" > "$T/out" <<'PY'
import struct, sys
d = open(sys.argv[1], 'rb').read()
off, size = struct.unpack_from('<QQ', d, 40)
bits = int.from_bytes(d[72:104], 'little')
feats = [i for i in range(256) if bits >> i & 1]
for i, f in enumerate(feats):
    o, s = struct.unpack_from('<QQ', d, off + size + 16 * i)
    q = o
    while f == 2 and q < o + s:
        misc, sz = struct.unpack_from('<HH', d, q + 4)
        n = d[q + 32] if misc & 0x8000 else 20
        print(d[q + 12:q + 12 + n].hex(), d[q + 36:q + sz].split(b'\0')[0].decode())
        q += sz
PY
rm -f "$T/iset/inj.data"
compare_golden "inject.guest-host.inject-guest-merge-ids" "$iset/expected/guest-host.inject-guest-merge-ids.txt.gz" "$T/out"
# The host's VCPU threads are those of the given pid: none for another pid (perf's message, status 234)
expect 234 "No VCPU threads found for pid 1"$'\n'"0x2e0 [0x8]: processing failed for event of type: FINISHED_INIT (82) [Invalid argument]" \
  --guest-data="$iset/data/guest-vm.data,1" -i "$iset/data/guest-host.data" -o "$T/out.data"
# perf 7.2 crashes (SIGSEGV) on a guest whose data has samples, ID_INDEX or its own records
# (FINISHED_ROUND, ...: any perf record file): cperf merges its side-band records all the same.
expect 0 "" --guest-data="$in,$pid" -i "$iset/data/guest-host.data" -o "$T/out.data"
golden_summary "inject --guest-data goldens"
[ $fails = 0 ] || exit 1
