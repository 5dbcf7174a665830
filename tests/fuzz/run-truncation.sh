#!/bin/bash
# Robustness: damaged perf.data files (truncations at every byte of the header, at record
# boundaries and every 4 KiB; corrupted record sizes and counts; hostile header fields) must
# give a clean error, never a crash or hang. Truncated files must exit non-zero. `report -D`,
# `evlist -v` and `script` run on each; the histogram (`report --stdio`, children on every
# other variant, --no-children on every fourth) too: its trees and call graphs must survive
# whatever samples survive; so are `data convert --to-json` on every sixth, --to-pprof and
# --to-ctf on others. Runs the sanitizer build (ASan + UBSan) given as $1.
# ROBUST_QUEUE=DIR: runners given the same DIR share the variants: each variant runs once, in
# the runner that claims it first (the test command's two lanes); each prints its own count.
set -u
CPERF=${1:-build/asan/cperf}
cd "$(dirname "$0")/../.." || exit 1
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
inputs="tests/data/perf6.1/data/zstd.data tests/data/perf6.1/data/pipe.data tests/data/perf7.2-defer/data/defer-maxstack.data"
fail=0; runs=0; n=0
# The lines of an error, less perf's two-line warning about a data size of 0 (a header field
# some variants zero), which perf prints before whatever else it has to say.
error_lines() {
  grep -v -e "^WARNING: .* file's data size field is 0 which is unexpected\.$" \
    -e "^Was the 'perf record' command properly terminated?$" | wc -l
}
work=$(mktemp -d /tmp/cperf-fuzz.XXXXXX)
trap 'rm -rf "$work"' EXIT
for input in $inputs; do
  [ -e "$input" ] || { echo "skip missing $input"; continue; }
  dir=$work/$(basename "$input" .data)
  python3 tests/fuzz/mutate.py "$input" "$dir" 4096
  while read -r name kind; do
    n=$((n+1))
    if [ -n "${ROBUST_QUEUE:-}" ] && ! mkdir "$ROBUST_QUEUE/$(basename "$input")-$name" 2> /dev/null; then continue; fi
    cmds=("report -D" "evlist -v" "script")
    # the histogram (the slowest, under the sanitizers) on every other variant, but not on a
    # cut inside the file header, which stops every command in the same header reader
    case $name in trunc-[0-9]|trunc-[0-9][0-9]|trunc-10[0-3]) in_header=1 ;; *) in_header=0 ;; esac
    [ $in_header = 0 ] && [ $((n % 2)) = 0 ] && cmds+=("report --stdio")
    # and its other mode on every fourth variant
    [ $((n % 4)) = 1 ] && cmds+=("report --stdio --no-children -s pid,sym")
    # and the JSON export on every sixth, the pprof and CTF ones on others
    [ $((n % 6)) = 1 ] && cmds+=("data convert --force --to-json $work/out.json")
    [ $((n % 6)) = 4 ] && cmds+=("data convert --force --to-pprof $work/out.pb.gz")
    [ $((n % 12)) = 7 ] && rm -rf "$work/ctf" && cmds+=("data convert --to-ctf $work/ctf")
    for cmd in "${cmds[@]}"; do
      runs=$((runs+1))
      timeout 120 "$CPERF" $cmd -i "$dir/$name" > /dev/null 2> "$work/err"
      rc=$?
      # a timeout (124), a signal (128+N; 255 is perf's error status) or a sanitizer report
      if [ $rc -eq 124 ] || { [ $rc -gt 128 ] && [ $rc -lt 192 ]; } || [ $rc -eq 98 ] || [ $rc -eq 99 ] ||
         grep -q 'Sanitizer' "$work/err"; then
        echo "CRASH/HANG ($rc): cperf $cmd -i $input variant $name"; head -5 "$work/err"; fail=$((fail+1))
      elif [ "$kind" = truncated ] && [ "$cmd" != "evlist -v" ] && [ $rc -eq 0 ]; then
        echo "EXIT 0 on truncated file: cperf $cmd -i $input variant $name"; fail=$((fail+1))
      elif [ $rc -ne 0 ] && [ "$(error_lines < "$work/err")" -gt 3 ]; then
        echo "NOISY ERROR ($rc): cperf $cmd -i $input variant $name"; head -4 "$work/err"; fail=$((fail+1))
      fi
    done
  done < "$dir/index.txt"
done
echo "robustness: $runs runs, $fail failures${ROBUST_QUEUE:+ (the share of this runner)}"
[ $fail -eq 0 ]
