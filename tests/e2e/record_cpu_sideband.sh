#!/bin/bash
# record -C: the side-band (tracking) event follows every online CPU, as in perf 7.2, so a
# workload sampled on CPU 0 that maps its libraries on CPU 1 still has its MMAP records
# (upstream's record_sideband.sh checks the same). Also the options that test uses: -B (no
# build-id table in the file), -N, --no-bpf-event (the tracking attr without bpf_event).
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
[ "$(nproc)" -ge 2 ] && command -v taskset >/dev/null ||
  { echo "SKIP: needs two CPUs and taskset to run a task on the CPU not recorded"; exit 77; }
fails=0
"$CPERF" record -q -BN --no-bpf-event -o "$T/sb.data" -C 0 -- taskset --cpu-list 1 true ||
  { echo "FAIL: record -BN --no-bpf-event -C 0"; exit 1; }
n=$("$CPERF" script -i "$T/sb.data" --show-mmap-events -C 1 2>/dev/null | grep -c MMAP)
[ "$n" -gt 0 ] || { echo "FAIL: no MMAP records from CPU 1 when recording CPU 0"; fails=$((fails + 1)); }
"$CPERF" report --header-only -i "$T/sb.data" 2>/dev/null | grep -q '^# missing features:.* BUILD_ID' ||
  { echo "FAIL: -B still wrote a build-id table"; fails=$((fails + 1)); }
"$CPERF" evlist -v -i "$T/sb.data" | grep '^dummy' | grep -q 'bpf_event: 1' &&
  { echo "FAIL: --no-bpf-event: the tracking event still asks for bpf events"; fails=$((fails + 1)); }
[ $fails -eq 0 ] && echo "record -C side band: $n MMAP records from CPU 1"
[ $fails -eq 0 ]
