#!/bin/bash
# Robustness of the sample payload consumers: hostile user registers and stacks for the DWARF
# unwinder (perf6.1 dwarf.data) and hostile raw data / tracing-data formats for the tracepoint
# formatter (perf6.1 tracepoint.data), through `script` and `report` of the sanitizer build
# given as $1. Record sizes stay valid, so these files must not crash, hang or print more than
# a short error; exit statuses are not checked.
set -u
CPERF=${1:-build/asan/cperf}
cd "$(dirname "$0")/../.." || exit 1
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0:exitcode=99
export UBSAN_OPTIONS=halt_on_error=1:exitcode=98:print_stacktrace=1
set6=tests/data/perf6.1
fail=0; runs=0
work=$(mktemp -d /tmp/cperf-payloads.XXXXXX)
trap 'rm -rf "$work"' EXIT
zcat "$set6/kallsyms.gz" > "$work/kallsyms"
# report -g caller needs callchains: only the dwarf file has them.
for job in "dwarf dwarf.data" "trace tracepoint.data"; do
  set -- $job
  input=$set6/data/$2
  [ -e "$input" ] || { echo "skip missing $input"; continue; }
  dir=$work/$1
  python3 tests/fuzz/mutate_payloads.py "$1" "$input" "$dir" || { echo "mutate failed: $input"; fail=$((fail+1)); continue; }
  while read -r name _; do
    cmds=("script" "report --stdio")
    [ "$1" = dwarf ] && cmds+=("report --stdio -g caller")
    for cmd in "${cmds[@]}"; do
      runs=$((runs+1))
      timeout 120 "$CPERF" $cmd -i "$dir/$name" --kallsyms="$work/kallsyms" --symfs="$set6/symfs" \
        > /dev/null 2> "$work/err"
      rc=$?
      if [ $rc -ge 124 ] || [ $rc -eq 98 ] || [ $rc -eq 99 ] || grep -q 'Sanitizer' "$work/err"; then
        echo "CRASH/HANG ($rc): cperf $cmd -i $input variant $name"; head -5 "$work/err"; fail=$((fail+1))
      elif [ "$(wc -l < "$work/err")" -gt 3 ]; then
        echo "NOISY ($rc): cperf $cmd -i $input variant $name"; head -3 "$work/err"; fail=$((fail+1))
      fi
    done
  done < "$dir/index.txt"
done
echo "payload robustness: $runs runs, $fail failures"
[ $fail -eq 0 ]
