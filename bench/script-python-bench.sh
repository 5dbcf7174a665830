#!/bin/bash
# `make bench` part: a Python script that only counts samples (process_event increments a
# counter), run by cperf script -s and by perf 7.2 (the oracle, natively) over a generated
# deferred-callchain file of $SAMPLES samples (bench/gen-perf-data.py). Prints elapsed and user
# seconds and peak RSS of each, best of $REPEAT.
set -u
cd "$(dirname "$0")/.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
SAMPLES=${SAMPLES:-200000}
REPEAT=${REPEAT:-3}
PERF7=$(cd .. && pwd)/shared/oracle/perf7
TIME=/usr/bin/time
[ -x "$TIME" ] || { echo "needs GNU time at $TIME"; exit 1; }
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
python3 bench/gen-perf-data.py tests/data/perf7.2-defer/data/defer.data "$W/big.data" --samples "$SAMPLES" > /dev/null || exit 1
zcat tests/data/perf7.2-defer/kallsyms.gz > "$W/kallsyms"
cat > "$W/count.py" <<'PY'
n = 0
def process_event(param_dict):
    global n
    n += 1
def trace_end():
    print(n)
PY
best() {  # best WHO CMD...: the fastest of $REPEAT runs
  local who=$1; shift
  local line best_line="" best_e=999999
  for _ in $(seq "$REPEAT"); do
    line=$( (cd tests/data/perf7.2-defer/data && $TIME -f "%e %U %M" "$@" -i "$W/big.data" \
              --kallsyms="$W/kallsyms" --symfs=../symfs -s "$W/count.py" > /dev/null) 2>&1 | tail -1)
    e=${line%% *}
    if awk "BEGIN{exit !($e < $best_e)}"; then best_e=$e best_line=$line; fi
  done
  read -r e u m <<< "$best_line"
  printf '%-10s %8s s elapsed %8s s user %10s KB\n' "$who" "$e" "$u" "$m"
}
echo "count-only Python script over $SAMPLES samples (best of $REPEAT)"
best cperf "$CPERF" script
if "$PERF7" version > /dev/null 2>&1; then
  best "perf 7.2" env PERF_EXEC_PATH="$HOME/.cache/cperf-oracle/sid/usr/lib/perf-core" "$PERF7" script
else
  echo "perf 7.2: no oracle"
fi
