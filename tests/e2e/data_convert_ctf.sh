#!/bin/bash
# cperf data convert --to-ctf (issue 29): a CTF trace through babeltrace's CTF writer, read back
# by babeltrace2: every sample becomes an event of its event's name, with the sample's thread,
# address, period, CPU and call chain (perf's field names) and a tracepoint's fields, in the
# order `script` prints the samples. On fixtures (call graphs, two events, tracepoints, a pipe,
# deferred callchains) and on fresh recordings (file and pipe, as upstream's
# test_perf_data_converter_ctf.sh makes them). Skips (77) without babeltrace2.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v babeltrace2 >/dev/null || { echo "SKIP: no babeltrace2 to read CTF traces"; exit 77; }
W=$(mktemp -d /tmp/cperf-ctf.XXXXXX); trap 'rm -rf "$W"' EXIT
fails=0 n=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
for set in perf6.1 perf7.2-defer; do
  mkdir -p "$W/$set" && cp -r tests/data/$set/data tests/data/$set/symfs "$W/$set/"
  zcat tests/data/$set/kallsyms.gz > "$W/$set/kallsyms"
done

# check DIR NAME: the trace holds script's samples (thread and address, in order), and the
# call chains' lengths and the tracepoint fields are there
check() {
  local dir=$1 name=$2 S=(--symfs=../symfs --kallsyms=../kallsyms)
  n=$((n + 1))
  rm -rf "$W/ctf"
  (cd "$dir" && HOME=$W "$CPERF" data convert --to-ctf "$W/ctf" -i "$name.data" "${S[@]}" 2> "$W/err") ||
    { fail "$name: convert failed: $(head -2 "$W/err")"; return; }
  babeltrace2 "$W/ctf" > "$W/bt" 2> "$W/bt.err" || { fail "$name: babeltrace2 cannot read it: $(head -1 "$W/bt.err")"; return; }
  [ -s "$W/bt.err" ] && { fail "$name: babeltrace2 complains: $(head -1 "$W/bt.err")"; return; }
  sed -E 's/.*\] \(\+[^)]*\) (.+): \{ perf_ip = 0x([0-9A-F]+), perf_tid = ([0-9-]+),.*/\1 \3 \2/' "$W/bt" |
    tr 'A-F' 'a-f' | sed -E 's/ 0+([0-9a-f])/ \1/' | sort > "$W/bt.keys"
  (cd "$dir" && HOME=$W "$CPERF" script -G -F event,tid,ip "${S[@]}" -i "$name.data" 2>/dev/null) |
    awk '{ sub(/:$/, "", $2); print $2, $1, $3 }' | sort > "$W/script.keys"
  cmp -s "$W/bt.keys" "$W/script.keys" ||
    { fail "$name: the trace's events differ from script's samples"; diff "$W/script.keys" "$W/bt.keys" | head -4; }
}
check "$W/perf6.1/data" g
check "$W/perf6.1/data" two-events
check "$W/perf6.1/data" tracepoint
check "$W/perf6.1/data" pipe
check "$W/perf7.2-defer/data" defer
# call chains and tracepoint fields come through
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" -i g.data --symfs=../symfs --kallsyms=../kallsyms 2>/dev/null)
babeltrace2 "$W/ctf" 2>/dev/null | head -1 | grep -q 'perf_callchain_size = [1-9][0-9]*, perf_callchain = \[ \[0\] = 0x' ||
  fail "g: no call chain in the trace"
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" -i tracepoint.data 2>/dev/null)
babeltrace2 "$W/ctf" 2>/dev/null | head -1 | grep -q 'prev_comm = "' || fail "tracepoint: no tracepoint fields in the trace"

# fresh recordings, file and pipe (upstream's test_perf_data_converter_ctf.sh)
if "$CPERF" record -o "$W/rec.data" -F 99 -g -- "$CPERF" test -w noploop > /dev/null 2>&1; then
  for mode in file pipe; do
    n=$((n + 1))
    in=$W/rec.data
    if [ $mode = pipe ]; then "$CPERF" record -o - -F 99 -g -- "$CPERF" test -w noploop > "$W/pipe.data" 2>/dev/null; in=$W/pipe.data; fi
    rm -rf "$W/ctf"
    "$CPERF" data convert --to-ctf "$W/ctf" --force -i "$in" > /dev/null 2>&1 || { fail "$mode: convert failed"; continue; }
    [ -d "$W/ctf" ] && [ "$(ls -A "$W/ctf")" ] || fail "$mode: no trace written"
    babeltrace2 "$W/ctf" 2>/dev/null | grep -q 'perf_ip = 0x' || fail "$mode: babeltrace2 reads no sample"
  done
else
  echo "note: cannot record here (perf_event_open refused); the fresh-recording checks are left out"
fi
n=$((n + 1))
"$CPERF" check feature babeltrace2-ctf-writer > /dev/null 2>&1 || fail "check feature babeltrace2-ctf-writer says no"
echo "data convert --to-ctf: $n checks, $fails failures"
[ "$fails" = 0 ]
