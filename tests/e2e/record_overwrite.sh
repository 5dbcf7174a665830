#!/bin/bash
# record --overwrite (perf's flight recorder: rings written backward by the kernel, read once
# at the end, so a long run keeps its last events only) and --tail-synthesize (the side band
# written at the end instead of the start). The file reads in cperf and perf 6.1 alike, its
# samples oldest first; a wrapped ring keeps fewer samples than were taken, the newest ones;
# with --tail-synthesize the workload's COMM comes back, and the build-id table names the
# DSOs that samples hit although their maps come after them. The attrs are checked against
# perf 7.2 by record_attrs_perf72.sh.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
fails=0
fail() { echo "FAIL: $*"; fails=$((fails+1)); }
# Not wrapped: every sample is kept. The workload stays on one CPU from its fork (the recorder
# runs pinned, its child inherits that): each CPU has its own ring, written one after the other,
# so only one ring's samples are in time order by themselves.
cpu0=$(sed 's/[-,].*//' /sys/devices/system/cpu/online)
taskset -c "$cpu0" "$CPERF" record --overwrite -e cpu-clock -o ow.data -- "$WL/deep" 300 > /dev/null 2> ow.err || fail "--overwrite: status $?"
"$CPERF" evlist -v -i ow.data | grep -q 'write_backward: 1' || fail "--overwrite: no write_backward attr"
compare_61 "$T/ow.data" cpu-clock
n_said=$(sed -nE 's/.*\(([0-9]+) samples\).*/\1/p' ow.err)
n_read=$("$CPERF" script -i ow.data | grep -c cpu-clock)
[ "$n_said" = "$n_read" ] || fail "--overwrite: said $n_said samples, file has $n_read"
# in time order in the file itself (the unsorted dump prints records in file order)
"$CPERF" script --dump-unsorted-raw-trace -i ow.data | awk '$0 ~ /PERF_RECORD_SAMPLE/ && $1 ~ /^[0-9]+$/ && $1 > 0 { if ($1 < last) bad=1; last=$1 } END { exit bad }' ||
  fail "--overwrite: samples not oldest first"
echo "ok: --overwrite, not wrapped: $n_read samples"
# Wrapped: a 2-page ring per CPU holds the last ~8 KB of a ~2000-sample run (CPU time, not wall time,
# sets the count, so load does not change it).
"$CPERF" record --overwrite -m 2 -F 10000 -e cpu-clock -o wrap.data -- "$WL/deep" 3000 > /dev/null 2> wrap.err || fail "wrapped: status $?"
n=$("$CPERF" script -i wrap.data 2> wrap.script.err | grep -c cpu-clock)
# one 8 KB ring per CPU (~200 samples each): the workload may have run on every CPU
[ "$n" -gt 20 ] && [ "$n" -lt $((220 * $(nproc))) ] && [ ! -s wrap.script.err ] || fail "wrapped: $n samples kept"
compare_61 "$T/wrap.data" cpu-clock
echo "ok: --overwrite -m 2: the newest $n samples kept"
"$CPERF" record --overwrite --tail-synthesize -m 2 -F 10000 -e cpu-clock -o tail.data -- "$WL/deep" 3000 > /dev/null 2>&1 || fail "tail: status $?"
"$CPERF" script -i tail.data -F comm | sort | uniq -c | grep -qw deep || fail "--tail-synthesize: no samples named deep"
"$CPERF" script --dump-unsorted-raw-trace -i tail.data | grep -E '^[0-9]+ 0x[0-9a-f]+ \[0x[0-9a-f]+\]: PERF_RECORD_(SAMPLE|FINISHED_INIT)' | tail -1 | grep -q FINISHED_INIT || fail "--tail-synthesize: FINISHED_INIT not at the end"
echo "ok: --overwrite --tail-synthesize names the workload"
# -p with --tail-synthesize: the maps come after the samples, the build-id table still names deep
# (the recorder's own hit list: --no-buildid-mmap writes the table. In the default build-id-mmap
# layout the ids are in the tail's MMAP2s, and a reader learns the hits only from samples it
# orders after them: on a busy machine the recording writes rounds that flush samples first.)
"$WL/deep" 100000000 > /dev/null & W=$!
wait_cpu_ticks $W 5
"$CPERF" record --no-buildid-mmap --tail-synthesize -e cpu-clock -p $W -o tp.data -- bash -c "wait_cpu_ticks $W 20" > /dev/null 2>&1 || fail "-p tail: status $?"
kill $W; wait $W 2>/dev/null
"$CPERF" buildid-list -i tp.data | grep -q " $WL/deep\$" || {
  fail "-p --tail-synthesize: deep not in the build-id table"; "$CPERF" buildid-list -i tp.data
  echo "its samples by dso, and its MMAP2 records:"; "$CPERF" report --stdio -s dso -g none -i tp.data 2>&1 | grep '%'
  "$CPERF" report -D -i tp.data | grep 'PERF_RECORD_MMAP2' | head -5; }
echo "ok: -p --tail-synthesize: build ids of the DSOs hit"
[ $fails = 0 ] || exit 1
echo PASS
