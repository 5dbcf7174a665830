#!/bin/bash
# Build ids in a recording, as perf 7.2 lays them out (Documentation/perf-record.md): by
# default (and with --buildid-mmap) the tracking event asks for build ids, the MMAP2s record
# synthesizes for the kernel and for a process already running (-p) carry them, the file has no
# build_id feature, and the build-id cache still gets the DSOs with samples; --no-buildid-mmap
# brings back device and inode, the kernel MMAP and the build_id table; -B, -N and
# --buildid-all as perf 7.2 combines them with either mode (the sample times perf 7.2 learns
# only in its walk over the samples). perf 7.2 and cperf record the same command lines, each
# with its own HOME (so its own cache); what each file says is read by perf 7.2. perf 6.1 reads
# cperf's default recording without the table: its report, script and buildid-list.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
oracle_have_perf7 || { echo "SKIP: $(oracle_why_not)"; exit 77; }
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
sleep 600 & bg=$!
trap 'kill $bg 2> /dev/null; rm -rf "$T"; oracle_cleanup' EXIT
# wait until the background process has exec'd sleep (its maps are then sleep's)
for _ in $(seq 300); do [ "$(readlink /proc/$bg/exe)" = "$(readlink -f "$(command -v sleep)")" ] && break; sleep 0.05; done

# What a recording says about build ids: the tracking attr's bit, whether the build_id feature
# is written, whether the sample times were learnt, the kernel map's record, the MMAP2s of the
# running process (size, misc's build-id flag as "<id>" or device/inode, protection, path).
summary() {  # FILE
  perf7 evlist -v -i "$1" 2> /dev/null | grep -qF 'build_id: 1' && echo "attr build_id" || echo "attr no build_id"
  perf7 report --header-only -i "$1" 2> /dev/null | grep '^# missing features:' | grep -qw BUILD_ID &&
    echo "no build_id feature" || echo "build_id feature"
  perf7 report --header-only -i "$1" 2> /dev/null | grep -q '^# time of first sample : 0\.000000$' &&
    echo "sample times: zero" || echo "sample times: learnt"
  perf7 report -D -i "$1" 2> /dev/null | grep -E 'PERF_RECORD_MMAP2? (-1/0|'"$bg/$bg"'):' |
    sed -E 's/^[0-9]+ 0x[0-9a-f]+ //'
}
# The DSOs the cache got: <path>/<build id> (perf 7.2 adds files beside each copy that cperf
# does not make: Documentation/perf-record.md "Not yet").
cached() {  # HOME
  (cd "$1/.debug" 2> /dev/null && find . -name elf -o -name kallsyms -o -name vdso | xargs -r -n1 dirname | sort)
}
n=0
while IFS= read -r opts; do
  n=$((n + 1))
  for tool in perf7 cperf; do
    rm -rf "$T/h-$tool"; mkdir -p "$T/h-$tool"
    run=perf7; [ $tool = cperf ] && run=$CPERF
    # shellcheck disable=SC2086  # the option lists are meant to split
    HOME=$T/h-$tool $run record -q $opts -e cpu-clock -o "$T/$tool-w.data" -- "$WL/deep" 50 > /dev/null 2>&1 ||
      fail "$tool record $opts -- deep"
    # shellcheck disable=SC2086
    HOME=$T/h-$tool $run record -q $opts -e cpu-clock -p $bg -o "$T/$tool-p.data" -- true > /dev/null 2>&1 ||
      fail "$tool record $opts -p"
    { summary "$T/$tool-w.data" | grep -v "$bg/$bg"; summary "$T/$tool-p.data" | grep "$bg/$bg"; } > "$T/$tool.sum"
    cached "$T/h-$tool" > "$T/$tool.cache"
  done
  if diff "$T/perf7.sum" "$T/cperf.sum" > "$T/d.txt" && diff "$T/perf7.cache" "$T/cperf.cache" >> "$T/d.txt"; then
    echo "ok: record $opts"
  else
    fail "record $opts (< perf 7.2, > cperf):"; cat "$T/d.txt"
  fi
  # the checks above must have seen something: the process's maps, and in the default mode ids
  if [ "$n" = 1 ]; then
    grep -q "<[0-9a-f]*>.* $(readlink -f "$(command -v sleep)")$" "$T/perf7.sum" ||
      fail "perf 7.2's MMAP2 of the running sleep carries no build id:"$'\n'"$(cat "$T/perf7.sum")"
    [ -s "$T/perf7.cache" ] || fail "perf 7.2 cached nothing by default"
  fi
done << 'EOF'

--buildid-mmap
--no-buildid-mmap
-B
-N
--buildid-all
--no-buildid-mmap -N
--no-buildid-mmap -B
--no-buildid-mmap --buildid-all
EOF

# perf 6.1 reads the default layout: the samples' DSOs from the MMAP2s' build ids.
HOME=$T/h61 "$CPERF" record -q -e cpu-clock -o "$T/d.data" -- "$WL/deep" 50 > /dev/null 2>&1 || fail "cperf record"
if [ -x "$PERF61" ]; then
  HOME=$T/h61 "$PERF61" buildid-list -i "$T/d.data" > "$T/b61.txt" 2> "$T/b61.err" || fail "perf 6.1 buildid-list: $(head -3 "$T/b61.err")"
  grep -q " $(readlink -f "$WL/deep")$" "$T/b61.txt" || fail "perf 6.1 buildid-list names no build id of the workload:"$'\n'"$(cat "$T/b61.txt")"
  [ "$(sort "$T/b61.txt")" = "$("$CPERF" buildid-list -i "$T/d.data" | sort)" ] || fail "perf 6.1's and cperf's buildid-list differ"
  HOME=$T/h61 "$PERF61" report --stdio -i "$T/d.data" > "$T/r61.txt" 2> "$T/r61.err" || fail "perf 6.1 report: $(head -3 "$T/r61.err")"
  grep -qE '%.* deep ' "$T/r61.txt" || fail "perf 6.1 report shows no samples in deep"
  compare_61 "$T/d.data" cpu-clock
fi
[ $fails -eq 0 ] || { echo "$fails check(s) failed"; exit 1; }
echo PASS
