#!/bin/bash
# Linux (seen on 6.18) sets PERF_RECORD_MISC_MMAP_BUILD_ID in the MMAP2 header it shares
# between the events it writes a mapping to, and never clears it: once an event that asked for
# build ids (another session's: perf 7.2 records them by default) was written first, our
# events' MMAP2 records, which hold a device and inode, carry the flag too. Readers then take
# the inode for a build id: perf 6.1 copies 254 bytes and aborts ("assertion failed at
# util/build-id.c", "stack smashing detected"). cperf record --no-buildid-mmap clears the flag
# its events never asked for. The other session is `cperf record` in its default build-id-mmap
# mode (perf 7.2's), started after ours (the kernel writes to the newest event first).
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
"$CPERF" record -q --no-buildid-mmap -e cpu-clock -a -o "$T/a.data" -- \
  bash -c "for i in \$(seq 600); do [ -e '$T/go' ] && break; sleep 0.1; done; '$WL/deep' 100 >/dev/null; ls / >/dev/null" &
main=$!
wait_perf_events $main || { echo "FAIL: record -a did not start"; exit 1; }
"$CPERF" record -q -a -o "$T/other.data" -- sleep 120 >/dev/null 2>"$T/other.err" &
other=$!
wait_perf_events $other || { echo "FAIL: the build-id recording did not start: $(head -1 "$T/other.err")"; exit 1; }
touch "$T/go"
wait $main || { kill -INT $other; echo "FAIL: record -a"; exit 1; }
kill -INT $other; wait $other 2>/dev/null
"$CPERF" evlist -v -i "$T/other.data" | grep -q 'build_id: 1' || { echo "FAIL: default record: no build_id attr"; exit 1; }
# MMAP2 headers (type 10) whose misc has bit 14.
# A flagged MMAP2 prints a <build id> where its device and inode were; the kernel's own map
# carries the kernel's build id on purpose (as perf 7.2 writes it), so it is left out.
flagged=$("$CPERF" report -D -i "$T/a.data" 2>/dev/null | grep -cE 'PERF_RECORD_MMAP2 [0-9]+/[0-9]+: .*<[0-9a-f]*>')
mmaps=$("$CPERF" report -D -i "$T/a.data" 2>/dev/null | grep -c 'PERF_RECORD_MMAP2 .*/deep$')
[ "$mmaps" -gt 0 ] || { echo "FAIL: no MMAP2 of the workload"; exit 1; }
[ "$flagged" = 0 ] || { echo "FAIL: $flagged MMAP2 records carry the build-id flag"; exit 1; }
echo "ok: no MMAP2 record carries the build-id flag"
compare_61 "$T/a.data" cpu-clock
echo PASS
