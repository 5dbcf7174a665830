#!/bin/bash
# Runs the libFuzzer targets (build/fuzz/NAME, from tests/fuzz/targets/NAME.cpp).
#   libfuzzer.sh run SECONDS BIN...   fuzz each target for SECONDS on a working corpus
#                                     (build/fuzz/corpus/NAME), seeded from tests/data and the
#                                     committed corpus; prints executions, edges and crashes
#   libfuzzer.sh replay 0 BIN...      run every committed input (tests/fuzz/corpus/NAME) once
#                                     with the replay build of each target (build/asan/fuzz/NAME,
#                                     tests/fuzz/replay_main.cpp): a crash once fixed stays fixed
# A crash leaves its input in build/fuzz/artifacts/; copy it into tests/fuzz/corpus/NAME/ when
# the fix is in, so that the replay keeps it.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit 1
mode=$1 seconds=$2; shift 2
root=$PWD
MAX_LEN=262144
export LSAN_OPTIONS=suppressions=$PWD/tests/fuzz/lsan.supp UBSAN_OPTIONS=print_stacktrace=1
# A single allocation over 1 GiB is a finding too (a size field believed without checking).
export ASAN_OPTIONS=max_allocation_size_mb=1024:allocator_may_return_null=0
mkdir -p build/fuzz/artifacts build/fuzz/seeds
fail=0

# Seeds of a target, made from the test data into build/fuzz/seeds/NAME (echoes the folder).
seeds() {
  local name=$1 dir=build/fuzz/seeds/$1
  rm -rf "$dir"; mkdir -p "$dir"
  case $name in
    reader|script|report|dump|inject|convert)
      find tests/data -name '*.data' -size -256k -exec cp --backup=numbered -t "$dir" {} + ;;
    pipe)
      python3 tests/fuzz/make_seeds.py pipe "$dir" $(find tests/data -name '*.data' -size -256k) ;;
    tracing_data)
      python3 tests/fuzz/make_seeds.py tracing "$dir" $(find tests/data -name '*.data') ;;
    kallsyms)
      split -l 200 tests/fuzz/targets/kallsyms.txt "$dir/part-" ;;
    config)
      printf '[report]\n\tchildren = false\n[call-graph]\n\trecord-mode = dwarf\n' > "$dir/basic"
      printf '[annotate "x"]\n  key = "quoted \\" value" ; comment\n# c\n[ui]\n  show-headers\n' > "$dir/syntax" ;;
    jitdump)
      python3 tests/fuzz/make_seeds.py jitdump "$dir" ;;
    elf)
      find tests/data -type f -size -256k -exec sh -c 'head -c4 "$1" | grep -q ELF' _ {} \; \
        -exec cp --backup=numbered -t "$dir" {} + ;;
  esac
  echo "$dir"
}

dict_of() {
  case $1 in
    kallsyms) echo tests/fuzz/dict/kallsyms.dict ;;
    tracing_data) echo tests/fuzz/dict/tracing_data.dict ;;
    elf) echo tests/fuzz/dict/elf.dict ;;
    config) echo tests/fuzz/dict/config.dict ;;
    *) echo tests/fuzz/dict/perf_data.dict ;;
  esac
}

for bin in "$@"; do
  name=$(basename "$bin")
  committed=tests/fuzz/corpus/$name
  mkdir -p "$committed"
  if [ "$mode" = replay ]; then
    n=$(find "$committed" -type f | wc -l)
    [ "$n" -gt 0 ] || { echo "fuzz replay $name: no committed inputs"; continue; }
    # The replay binaries (build/asan/fuzz/NAME) take files and folders; no libFuzzer flags.
    if "$bin" "$committed" > "build/fuzz/$name.replay.log" 2>&1; then
      echo "fuzz replay $name: $n inputs, no crash"
    else
      echo "FAIL: fuzz replay $name: a committed input crashes (build/fuzz/$name.replay.log):"
      grep -m5 -E 'ERROR|SUMMARY|runtime error|Test unit written' "build/fuzz/$name.replay.log"
      fail=1
    fi
    continue
  fi
  work=build/fuzz/corpus/$name
  mkdir -p "$work"
  seed_dir=$(seeds "$name")
  log=build/fuzz/$name.log
  before=$(ls build/fuzz/artifacts | grep -c "^$name-")
  "$bin" -max_total_time="$seconds" -close_fd_mask=3 -max_len=$MAX_LEN -rss_limit_mb=4096 \
    -timeout=60 -dict="$(dict_of "$name")" -artifact_prefix="build/fuzz/artifacts/$name-" \
    -print_final_stats=1 "$work" "$seed_dir" "$committed" > "$log" 2>&1
  rc=$?
  execs=$(awk '/stat::number_of_executed_units/ {print $2}' "$log" | tail -1)
  cov=$(grep -oE 'cov: [0-9]+' "$log" | tail -1 | awk '{print $2}')
  crashes=$(( $(ls build/fuzz/artifacts | grep -c "^$name-") - before ))
  echo "fuzz $name: ${execs:-?} executions in ${seconds}s, ${cov:-?} edges, $crashes new crash inputs (exit $rc; $log)"
  if [ $rc -ne 0 ]; then
    fail=1
    grep -m8 -E 'ERROR|SUMMARY|runtime error|Test unit written|deadly signal' "$log"
  fi
done
cd "$root" && exit $fail
