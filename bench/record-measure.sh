# Measures `record` overhead; POSIX sh, so that it runs on the host and in the busybox VM alike.
# Used by record-overhead.sh; prints one tab-separated line per run:
#   mode  run  workload_us  record_us  samples  lost  deferred  data_bytes
#
#   sh record-measure.sh SCRATCH_DIR REPEATS MODE... -- WORKLOAD [ARG...]
# MODE: none (the workload alone), or TOOL-g / TOOL-defer for TOOL cperf, perf6.1, perf7
# (`record -e cpu-clock -F $FREQ -g`, resp. `--call-graph fp,defer`). The tools come from
# $CPERF, $PERF61, $PERF7; the workload runs under $TIMEIT (record-timeit), which times it
# from inside the recording; record_us is the whole record command's wall time.
# Samples, lost (LOST and LOST_SAMPLES counts), deferred (CALLCHAIN_DEFERRED records) and the
# data section's size are read back with `cperf report -D` / `--header-only`.
set -u
dir=$1 repeats=$2; shift 2
modes=
while [ $# -gt 0 ] && [ "$1" != -- ]; do modes="$modes $1"; shift; done
shift
FREQ=${FREQ:-4000}
mkdir -p "$dir"

stats() {  # stats FILE -> "samples lost deferred data_bytes"
  "$CPERF" report -D -i "$1" 2>/dev/null | awk '
    /PERF_RECORD_LOST/ && match($0, /lost:[0-9]+/) { lost += substr($0, RSTART + 5, RLENGTH - 5) }
    /^Aggregated stats:/ { agg = 1 }
    agg && $1 == "SAMPLE" && !s { s = $3 }
    agg && $1 == "CALLCHAIN_DEFERRED" && !d { d = $3 }
    END { printf "%d %d %d", s, lost, d }'
  printf ' %s\n' "$("$CPERF" report --header-only -i "$1" 2>/dev/null | awk '/^# data size/ {print $NF}')"
}

run=1
while [ $run -le "$repeats" ]; do
  for mode in $modes; do
    rm -f "$dir/w" "$dir/r" "$dir/f.data"
    case $mode in
      none) "$TIMEIT" "$dir/w" "$@" > /dev/null 2>&1
            echo "$mode	$run	$(cat "$dir/w")	$(cat "$dir/w")	0	0	0	0"
            continue ;;
      cperf-*) tool=$CPERF ;;
      perf6.1-*) tool=$PERF61 ;;
      perf7-*) tool=$PERF7 ;;
      *) echo "record-measure.sh: unknown mode $mode" >&2; exit 2 ;;
    esac
    case $mode in *-defer) cg="--call-graph fp,defer" ;; *) cg=-g ;; esac
    # shellcheck disable=SC2086  # $tool may be a command with arguments
    if ! "$TIMEIT" "$dir/r" $tool record -q -e cpu-clock -F "$FREQ" $cg -o "$dir/f.data" -- \
           "$TIMEIT" "$dir/w" "$@" > /dev/null 2> "$dir/err"; then
      echo "record-measure.sh: $mode failed:" >&2; head -5 "$dir/err" >&2; continue
    fi
    s=$(stats "$dir/f.data")
    printf '%s\t%s\t%s\t%s\t%s\n' "$mode" "$run" "$(cat "$dir/w")" "$(cat "$dir/r")" \
      "$(echo "$s" | tr ' ' '\t')"
  done
  run=$((run + 1))
done
