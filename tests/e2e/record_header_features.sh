#!/bin/bash
# cperf record's header features as perf 7.2 writes them: cache, mem_topology, bpf_prog_info
# and btf (empty), cpu_pmu_caps, pmu_caps, e_machine, cln_size, and with -k clockid and
# clock_data; cpuid and pmu mappings in perf 7.2's form.
#  - perf 6.1 reads the file and prints these features without warnings;
#  - with the oracle's sid root: perf 7.2 itself records the same workload on this machine
#    (started through the sid root's loader), and perf 7.2's `report --header-only -I` prints
#    the same machine lines (cpuid, pmu mappings, CPU cache info, memory nodes, clockid,
#    bpf/btf, pmu caps, e_machine, cacheline size) for both files, and both files have the same
#    features but build_id;
#  - -k refuses an unknown clock (exit 129); the same features in pipe mode;
#  - sample_time's times, or perf 7.2's zeros, by the build-id options.
source "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1

"$CPERF" record -q -e cpu-clock -k mono -o c.data -- "$WL/mt" 2 20 > /dev/null || { echo "FAIL: record -k mono"; exit 1; }
# Lines that depend on the machine only (not on the moment or the tool).
# What perf 6.1 knows of them.
machine_lines_61() {
  sed -n '/^# cpuid/p; /^# pmu mappings/p; /^# CPU cache info/,/^# [a-z]/{/^#  L/p}; /^# memory nodes/,+1p
          /^# clockid/p; /^# cpu pmu capabilities/p' "$1"
}
machine_lines() {
  sed -n '/^# cpuid/p; /^# pmu mappings/p; /^# CPU cache info/,/^# [a-z]/{/^#  L/p}; /^# memory nodes/,+1p
          /^# clockid/p; /^# bpf_prog_info/p; /^# btf info/p; /^# cpu pmu capabilities/p
          /^# e_machine/p; /^#   e_flags/p; /^# cacheline size/p' "$1"
}
"$CPERF" report --header-only -I -i c.data > c.hdr 2>&1 || { echo "FAIL: cperf report --header-only"; cat c.hdr; exit 1; }
for l in '# CPU cache info:' '# memory nodes (nr' '# clockid frequency: ' '# clockid: monotonic (1)' '# reference time: '; do
  grep -qF "$l" c.hdr || { echo "FAIL: cperf's header lacks '$l'"; cat c.hdr; exit 1; }
done
if [ -d /sys/devices/system/cpu/cpu0/cache/index0 ]; then
  want=$(cat /sys/devices/system/cpu/cpu*/cache/index[0-3]/shared_cpu_list 2>/dev/null | wc -l)
  got=$(grep -c '^#  L[0-9]' c.hdr)
  [ "$got" -ge 1 ] && [ "$got" -le "$want" ] || { echo "FAIL: $got cache lines for $want cache/index dirs"; exit 1; }
fi
if [ -x "$PERF61" ]; then
  "$PERF61" report --header-only -I -i c.data > p61.hdr 2> p61.err || { echo "FAIL: perf 6.1 --header-only"; cat p61.err; exit 1; }
  [ -s p61.err ] && { echo "FAIL: perf 6.1 warns:"; cat p61.err; exit 1; }
  diff <(machine_lines_61 c.hdr) <(machine_lines_61 p61.hdr) || { echo "FAIL: perf 6.1 reads the features differently"; exit 1; }
  grep -q '^# reference time: ' p61.hdr || { echo "FAIL: perf 6.1 shows no clock_data"; exit 1; }
  echo "ok: perf 6.1 reads cache, mem_topology, clockid, clock_data"
fi

if "$CPERF" record -q -k nosuchclock -o x.data -- true 2> k.err; then echo "FAIL: -k nosuchclock accepted"; exit 1; fi
grep -q 'unknown clockid nosuchclock' k.err || { echo "FAIL: -k message:"; cat k.err; exit 1; }
"$CPERF" record -q -k CLOCK_MONOTONIC_RAW -o - -- "$WL/mt" 1 5 > pipe.data 2>/dev/null || { echo "FAIL: record -k -o -"; exit 1; }
"$CPERF" report --header-only -I -i - < pipe.data > pipe.hdr 2>&1
for l in '# CPU cache info:' '# clockid: monotonic_raw (4)'; do
  grep -qF "$l" pipe.hdr || { echo "FAIL: pipe header lacks '$l'"; cat pipe.hdr; exit 1; }
done
echo "ok: cperf's own header (file and pipe)"

if oracle_have_chroot; then
  perf7 record -q -e cpu-clock -k mono -o p7.data -- "$WL/mt" 2 20 > /dev/null 2>&1 ||
    { echo "FAIL: perf 7.2 could not record here"; exit 1; }
  oracle_scratch d
  cp c.data p7.data "$d/"
  for f in c p7; do
    oracle_chroot_perf "$d_IN" report --header-only -I -i "$d_IN/$f.data" > $f.h7 2> $f.h7err
  done
  oracle_cleanup
  [ -s c.h7err ] && { echo "FAIL: perf 7.2 warns on cperf's file:"; cat c.h7err; exit 1; }
  machine_lines p7.h7 > want.txt; machine_lines c.h7 > got.txt
  [ "$(wc -l < want.txt)" -ge 4 ] || { echo "FAIL: perf 7.2's own header has too little:"; cat p7.h7; exit 1; }
  diff want.txt got.txt || { echo "FAIL: perf 7.2 prints cperf's features differently (< perf 7.2's file, > cperf's)"; exit 1; }
  # The same features present, but for BUILD_ID (perf 7.2 puts build ids in MMAP2 records).
  missing() { grep '^# missing features:' "$1" | sed 's/ BUILD_ID / /'; }
  [ "$(missing p7.h7)" = "$(missing c.h7)" ] ||
    { echo "FAIL: features differ:"; missing p7.h7; missing c.h7; exit 1; }
  echo "ok: perf 7.2 prints the same $(wc -l < want.txt) machine lines for its own recording and cperf's"
else
  echo "note: perf 7.2 comparison skipped: $(oracle_why_not)"
fi
# sample_time: always in a file; the sample times only where perf 7.2 walks the samples for
# build ids at the end (not with -B, -N, or --buildid-all without --timestamp-boundary), else
# zeros; and record's "(N samples)" only where that walk counts them (not with --buildid-all
# at all). Checked by hand against perf 7.2: the same lines for each of these.
while read -r want count args; do
  # shellcheck disable=SC2086
  "$CPERF" record $args -e cpu-clock -o st.data -- "$WL/mt" 1 5 > /dev/null 2> st.err || { echo "FAIL: record $args"; exit 1; }
  first=$("$CPERF" report --header-only -i st.data | sed -n 's/^# time of first sample : //p')
  case $want:$first in
    zero:0.000000|times:[1-9]*) echo "ok: sample_time with '$args': $first" ;;
    *) echo "FAIL: sample_time with '$args': first sample '$first', want $want"; exit 1 ;;
  esac
  said=none; grep -q '^\[ perf record: Captured and wrote .* ([0-9]* samples) \]$' st.err && said=count
  [ "$said" = "$count" ] || { echo "FAIL: record $args said $(grep Captured st.err), want $count"; exit 1; }
done <<'EOF2'
times count -g
zero none -B
zero none -N
zero none --buildid-all
times none --buildid-all --timestamp-boundary
zero none -B --timestamp-boundary
times count --buildid-mmap
zero none -n
EOF2
echo "PASS"
