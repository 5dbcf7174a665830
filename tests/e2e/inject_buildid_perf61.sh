#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject -b and --buildid-all on perf 6.1's recordings against perf 7.2's goldens (the inject-b
# and inject-buildid-all kinds of tests/data/gen-golden.sh on perf6.1's g, mt, two-events and,
# for -b, tracepoint: perf's report -D of the injected file without file offsets, then its
# buildid-list). -b: perf orders the timed kernel records and flushes them only at the end,
# each sample after the build-id record it brings (past the FINISHED_ROUNDs). --buildid-all:
# perf takes the kernel's map by its mmap name, [kernel.kallsyms]_text, a dso of no build id: no
# build-id record for the kernel, and the kernel's entry of the file's build-id table is not
# kept. (The files' user dsos, /bench/*, are named by the table, not read.)
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
dir=$PWD/tests/data/perf6.1
T=$(mktemp -d /tmp/cperf-inject-bid61.XXXXXX); trap 'rm -rf "$T"' EXIT
mkdir -p "$T/data" "$T/home"
ln -s "$dir/symfs" "$T/symfs"
while read -r name kind ex _; do
  case $kind in inject-b) opt=-b ;; inject-buildid-all) opt=--buildid-all ;; *) continue ;; esac
  cp "$dir/data/$name.data" "$T/data/"
  (cd "$T/data" && HOME=$T/home "$CPERF" inject $opt -i "$name.data" -o ../inj.data > "$T/out" 2> "$T/err")
  rc=$?
  [ "$rc" = "${ex#exit=}" ] && [ ! -s "$T/err" ] || { echo "EXIT $rc (perf: ${ex#exit=}): $name: $(head -1 "$T/err")"; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); }
  (cd "$T/data" && HOME=$T/home "$CPERF" report -D -i ../inj.data --symfs=../symfs 2>/dev/null |
     sed -E 's/ 0x[0-9a-f]+ \[/ [/; /^0x[0-9a-f]+@/d'
   HOME=$T/home "$CPERF" buildid-list -i ../inj.data 2>/dev/null) > "$T/out"
  compare_golden "perf6.1.$name.$kind" "$dir/expected/$name.$kind.txt.gz" "$T/out"
  rm -f "$T/inj.data" "$T/data/$name.data"
done < "$dir/expected/exit-status.txt"
golden_summary "inject -b, --buildid-all goldens (perf6.1)"
