#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject -v against perf 7.2's goldens: the inject-v and inject-v-* kinds of
# tests/data/gen-golden.sh (perf inject -v [-b / --buildid-all / -j / -B / --mmap2-buildid-all
# / --aslr] -i NAME.data -o ../inj.data) on the perf6.1 set's files and the inject set's
# buildids.data and jit.data (whose dsos and jitdump are the fixture at
# /tmp/cperf-inject-fixture, placed under a lock as inject_golden.sh does). perf's -v lines go
# to stderr: the build-id table's entries as it reads them, empty PMU capability sections, each
# dso hit (-b) or mapped (--buildid-all) without a build id (--mmap2-buildid-all: each such
# map), "failed to write feature BUILD_ID" when no dso has one, -j's "jit marker found", "write
# ELF image", "injected"; stdout (nothing), stderr and the exit status must be perf's.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
T=$(mktemp -d /tmp/cperf-inject-v.XXXXXX)
exec 9> /tmp/cperf-inject-fixture.lock
trap 'rm -rf "$T"; rm -rf /tmp/cperf-inject-fixture; exec 9>&-' EXIT
flock 9
sh tests/data/inject/place-fixture.sh / || { echo "FAIL: cannot place the fixture"; exit 1; }
for set in perf6.1 inject; do
  dir=$PWD/tests/data/$set
  while read -r name kind ex _ rest; do
    case $kind in inject-v|inject-v-*) ;; *) continue ;; esac
    read -ra argv <<< "${rest#perf inject }"
    mkdir -p "$T/w/data" && cp "$dir/data/$name.data" "$T/w/data/"
    (cd "$T/w/data" && "$CPERF" inject "${argv[@]}" > "$T/out" 2> "$T/err")
    rc=$?
    rm -rf "$T/w"
    compare_golden "$set.$name.$kind" "$dir/expected/$name.$kind.txt.gz" "$T/out"
    # (perf's "cannot open maps": the chroot has no /proc, see tests/data/README.md)
    if [ "$rc" = "${ex#exit=}" ] && grep -vx 'cannot open maps' "$dir/expected/$name.$kind.stderr.txt" 2>/dev/null | cmp -s - "$T/err"; then
      GOLDEN_PASSES=$((GOLDEN_PASSES+1))
    else
      GOLDEN_FAILS=$((GOLDEN_FAILS+1))
      echo "MISMATCH $set.$name.$kind: exit $rc (perf 7.2: ${ex#exit=}), stderr:"
      diff <(grep -vx 'cannot open maps' "$dir/expected/$name.$kind.stderr.txt" 2>/dev/null) "$T/err" | head -6
    fi
  done < "$dir/expected/exit-status.txt"
done
golden_summary "inject -v goldens"
