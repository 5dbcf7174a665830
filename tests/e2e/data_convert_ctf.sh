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
  sed -E 's/.*\] \(\+[^)]*\) (.+): \{ cpu_id = [0-9]+ \}, \{ perf_ip = 0x([0-9A-F]+), perf_tid = ([0-9-]+),.*/\1 \3 \2/' "$W/bt" |
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

# perf's layout: one stream class perf_stream whose packets carry cpu_id, the clock "perf clock",
# the environment perf writes
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" -i g.data 2>/dev/null)
babeltrace2 --output-format=ctf-metadata "$W/ctf" > "$W/meta" 2>/dev/null
for want in 'description = "perf clock";' 'tracer_name = "perf";' 'domain = "kernel";' 'sysname = "Linux";' \
            '} cpu_id;'; do
  grep -qF "$want" "$W/meta" || fail "layout: the metadata lacks $want"
done
# the raw call chain, perf's context markers kept (PERF_CONTEXT_USER first in a user sample)
n=$((n + 1))
babeltrace2 "$W/ctf" 2>/dev/null | grep -q 'perf_callchain = \[ \[0\] = 0xFFFFFFFFFFFFFE00, ' ||
  fail "g: the call chains lack perf's context markers"
# samples spread over the CPUs' streams: each event's cpu_id is script's cpu
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" -i syswide.data 2>/dev/null)
babeltrace2 "$W/ctf" 2>/dev/null | sed -E 's/.*cpu_id = ([0-9]+) \}, \{ perf_ip = 0x([0-9A-F]+), perf_tid = ([0-9-]+),.*/\3 \1 \2/' |
  tr 'A-F' 'a-f' | sort > "$W/bt.cpus"
(cd "$W/perf6.1/data" && "$CPERF" script -G -F tid,cpu,ip -i syswide.data 2>/dev/null) |
  sed -E 's/\[0*([0-9]+)\]/\1/' | awk '{ print $1, $2, $3 }' | sort > "$W/script.cpus"
cmp -s "$W/bt.cpus" "$W/script.cpus" || { fail "g: the events' cpu_id differ from script's cpus"; diff "$W/script.cpus" "$W/bt.cpus" | head -4; }
# a deferred user chain is merged after the kernel part and perf's USER_DEFERRED marker
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf7.2-defer/data" && "$CPERF" data convert --to-ctf "$W/ctf" -i defer.data 2>/dev/null)
babeltrace2 "$W/ctf" 2>/dev/null | grep -q '\] = 0xFFFFFFFFFFFFFD80, \[[0-9]*\] = 0x[0-9A-F]* ' ||
  fail "defer: no merged user chain after the USER_DEFERRED marker"
# tracepoint fields typed as perf types them: integers unquoted, strings quoted, common_* first
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" -i tracepoint.data 2>/dev/null)
babeltrace2 "$W/ctf" 2>/dev/null | head -1 |
  grep -Eq 'common_type = [0-9]+, .*prev_comm = "[^"]*", prev_pid = [0-9]+, prev_prio = [0-9-]+, ' ||
  fail "tracepoint: the fields are not typed as perf types them"
# --all: perf's side-band events, as many as the file's COMM, EXIT, FORK, MMAP and MMAP2 records
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" --all -i g.data 2> "$W/err")
for kind in comm exit fork mmap mmap2; do
  got=$(babeltrace2 "$W/ctf" 2>/dev/null | grep -c " perf_$kind: ")
  want=$(cd "$W/perf6.1/data" && "$CPERF" report -D -i g.data 2>/dev/null | grep -c "PERF_RECORD_${kind^^}[:( ]")
  [ "$got" = "$want" ] || fail "--all: $got perf_$kind events, the file has $want"
done
grep -q 'samples, [1-9][0-9]* non-samples) \]$' "$W/err" || fail "--all: no non-sample count: $(tail -1 "$W/err")"
# --time: samples outside are skipped and counted
n=$((n + 1))
first=$(cd "$W/perf6.1/data" && "$CPERF" script -F time -i g.data 2>/dev/null | sed -n '10p' | tr -d ' :')
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" --time "$first," -i g.data 2> "$W/err")
total=$(cd "$W/perf6.1/data" && "$CPERF" script -F time -i g.data 2>/dev/null | wc -l)
got=$(babeltrace2 "$W/ctf" 2>/dev/null | wc -l)
[ "$got" = $((total - 9)) ] && grep -q '^\[ perf data convert: Skipped 9 samples \]$' "$W/err" ||
  fail "--time $first,: $got of $total samples written, stderr: $(tail -1 "$W/err")"
# --tod without clock data: perf's refusal
n=$((n + 1))
rm -rf "$W/ctf"; (cd "$W/perf6.1/data" && "$CPERF" data convert --to-ctf "$W/ctf" --tod -i g.data > "$W/out" 2> "$W/err"); rc=$?
printf '%s\n' "Can't provide --tod time, missing clock data. Please record with -k/--clockid option." \
  "Failed to setup CTF writer." "Error during conversion setup." | cmp -s - "$W/err" && [ $rc = 255 ] ||
  fail "--tod without clock data: status $rc, $(head -1 "$W/err")"

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
  # --tod: wall-clock times (the clock offset from record -k's clock data) equal script's tod
  n=$((n + 1))
  if "$CPERF" record -k mono -o "$W/k.data" -F 99 -- "$CPERF" test -w noploop > /dev/null 2>&1; then
    rm -rf "$W/ctf"
    "$CPERF" data convert --to-ctf "$W/ctf" --tod -i "$W/k.data" 2>/dev/null
    bt=$(babeltrace2 --clock-gmt --clock-date "$W/ctf" 2>/dev/null | head -1 | sed -E 's/^\[([0-9-]+ [0-9:]+\.[0-9]{6}).*/\1/')
    sc=$(TZ=UTC "$CPERF" script -F tod -i "$W/k.data" 2>/dev/null | head -1 | awk '{ print $1, $2 }')
    [ -n "$bt" ] && [ "$bt" = "$sc" ] || fail "--tod: the trace's first time $bt, script's tod $sc"
    babeltrace2 --output-format=ctf-metadata "$W/ctf" 2>/dev/null | grep -qF 'description = "monotonic";' ||
      fail "--tod: the clock is not named after the recording's clock"
  else
    fail "cannot record with -k mono"
  fi
else
  echo "note: cannot record here (perf_event_open refused); the fresh-recording checks are left out"
fi
n=$((n + 1))
"$CPERF" check feature babeltrace2-ctf-writer > /dev/null 2>&1 || fail "check feature babeltrace2-ctf-writer says no"
echo "data convert --to-ctf: $n checks, $fails failures"
[ "$fails" = 0 ]
