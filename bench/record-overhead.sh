#!/bin/bash
# Record overhead: cperf record against perf 6.1 (/usr/bin/perf) and perf 7.2, on the
# multi-threaded frame-pointer workload (tests/workloads/mt), with -g and --call-graph fp,defer.
# A script that prints tables, not a timed test: see bench/README.md.
#
#   bench/record-overhead.sh [-r REPEATS] [-F FREQ] [-w "THREADS ITERS"] [--vm] [--no-host]
#     -r        runs per mode (default 5); medians are shown
#     -F        sampling frequency of every recording (default 4000, perf's default)
#     -w        mt's arguments on the host (default "2 3000", about 1 s)
#     --vm      also measure under qemu on Linux 7.x (tests/vm/boot.sh), where fp,defer really
#               defers and perf 7.2 runs as perf7 (needs the oracle's sid root); workload
#               "2 150" there (override with VM_WORKLOAD)
#     --no-host skip the host run
# Host modes: none, perf6.1-g, cperf-g, cperf-defer (and perf7-g, perf7-defer when the oracle's
# sid root is there). perf 6.1 knows no fp,defer; on a kernel before 6.19 both cperf and perf 7.2
# fall back to ordinary fp callchains for it.
set -euo pipefail
cd "$(dirname "$0")/.."
repeats=5 freq=4000 workload="2 3000" vm=0 host=1
while [ $# -gt 0 ]; do
  case $1 in
    -r) repeats=$2; shift ;;
    -F) freq=$2; shift ;;
    -w) workload=$2; shift ;;
    --vm) vm=1 ;;
    --no-host) host=0 ;;
    *) sed -n '5,15p' "$0"; exit 2 ;;
  esac
  shift
done
[ -x ./cperf ] || make -s cperf
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
bash tests/workloads/build.sh "$T/wl" > /dev/null
cc -O2 -static -o "$T/record-timeit" bench/record-timeit.c
. tests/oracle.sh
sid=$ORACLE_SID
have_perf7=0; oracle_have_perf7 && have_perf7=1

# table TSV_FILE: one row per mode, medians over the runs.
table() {
  awk -F'\t' '
    function median(list,   n, a, i, j, t) {
      n = split(list, a, " ")
      for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) {
        t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
      return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2
    }
    !($1 in seen) { seen[$1] = 1; order[++n] = $1 }
    { w[$1] = w[$1] " " $3; r[$1] = r[$1] " " $4; s[$1] = s[$1] " " $5; l[$1] += $6
      d[$1] = d[$1] " " $7; b[$1] = b[$1] " " $8; runs[$1]++ }
    END {
      base = median(w["none"])
      printf "%-13s %4s %11s %9s %10s %8s %6s %9s %12s\n", "mode", "runs", "workload ms",
             "slowdown", "record ms", "samples", "lost", "deferred", "bytes/sample"
      for (i = 1; i <= n; i++) {
        m = order[i]; sm = median(s[m])
        printf "%-13s %4d %11.1f %8.2fx %10.1f %8d %6d %9d %12s\n", m, runs[m],
               median(w[m]) / 1000, base ? median(w[m]) / base : 0, median(r[m]) / 1000, sm,
               l[m], median(d[m]), sm ? sprintf("%.1f", median(b[m]) / sm) : "-"
      }
    }' "$1"
}

if [ $host = 1 ]; then
  modes="none perf6.1-g cperf-g cperf-defer"
  perf7=
  if [ $have_perf7 = 1 ]; then
    modes="$modes perf7-g perf7-defer"
    # perf 7.2 from the sid root, started through that root's own loader.
    perf7="$sid/lib64/ld-linux-x86-64.so.2 --library-path $sid/lib/x86_64-linux-gnu:$sid/usr/lib/x86_64-linux-gnu $sid/usr/bin/perf"
  fi
  [ -x /usr/bin/perf ] || modes=${modes/perf6.1-g /}
  echo "== host: Linux $(uname -r), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg); workload: mt $workload; -F $freq; $repeats runs"
  CPERF=$PWD/cperf PERF61=/usr/bin/perf PERF7=$perf7 TIMEIT=$T/record-timeit FREQ=$freq \
    sh bench/record-measure.sh "$T/host" "$repeats" $modes -- "$T/wl/mt" $workload > "$T/host.tsv"
  table "$T/host.tsv"
  echo
fi

if [ $vm = 1 ]; then
  T0=$T
  source tests/vm/_lib.sh  # sets its own $T and trap: remove both folders
  trap 'rm -rf "$T" "$T0"' EXIT
  vm_prepare
  modes="none cperf-g cperf-defer"
  args=(-t 900 -b "$CPERF=/usr/bin/cperf" -f "$T0/wl/mt=/bench/mt"
        -f "$T0/record-timeit=/bench/record-timeit" -f "bench/record-measure.sh=/bench/record-measure.sh")
  if [ -n "$PERF7_ROOT" ]; then args+=(-P "$PERF7_ROOT"); modes="$modes perf7-g perf7-defer"; fi
  cat > "$T0/guest.sh" <<EOF
CPERF=cperf PERF7=perf7 TIMEIT=/bench/record-timeit FREQ=$freq \
  sh /bench/record-measure.sh /tmp/m $repeats $modes -- /bench/mt ${VM_WORKLOAD:-2 150} > /out/vm.tsv
uname -r > /out/uname
EOF
  bash tests/vm/boot.sh "${args[@]}" "$VM_KERNEL" "$T0/guest.sh" "$T0/vm" > "$T0/vm.log" 2>&1 ||
    { echo "VM run failed:"; tail -20 "$T0/vm.log"; exit 1; }
  cat "$T0/vm/guest.log" >&2
  echo "== VM (qemu TCG, 2 vCPUs): Linux $(cat "$T0/vm/uname"); workload: mt ${VM_WORKLOAD:-2 150}; -F $freq; $repeats runs"
  table "$T0/vm/vm.tsv"
fi
