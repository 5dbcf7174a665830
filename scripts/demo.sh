#!/bin/bash
# The main job: installs missing Debian packages, builds cperf, profiles a bundled demo program
# and prints what cperf reads from the recording.
set -euo pipefail
cd "$(dirname "$0")/.." || exit 1
bash scripts/install-deps.sh
make -j"$(nproc 2>/dev/null || echo 2)" cperf
work=$(mktemp -d /tmp/cperf-demo.XXXXXX)
bash tests/workloads/build.sh "$work" >/dev/null
data=$work/perf.data
if ./cperf record -g -e cpu-clock -o "$data" -- "$work/deep" 2000 >/dev/null 2>&1; then
  echo "recorded $data with cperf record"
elif command -v perf >/dev/null && perf record -g -e cpu-clock -o "$data" -- "$work/deep" 2000 >/dev/null 2>&1; then
  echo "recorded $data with the system perf (cperf record is not available yet)"
else
  echo "cannot record here (perf_event_paranoid or no perf); using a bundled recording"
  data=tests/data/perf7.2-defer/data/defer.data
fi
ks=(); [ -r /proc/kallsyms ] && ks=(--kallsyms=/proc/kallsyms)
echo; echo "== cperf evlist -v"; ./cperf evlist -v -i "$data"
echo; echo "== cperf script (first samples)"
./cperf script -i "$data" "${ks[@]}" 2>/dev/null | head -24 || true
echo; echo "== cperf report --stdio --no-children"
./cperf report --stdio --no-children -i "$data" "${ks[@]}" 2>/dev/null | head -60 || true
