#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# inject -B (--mmap2-buildids) and --mmap2-buildid-all as perf 7.2: the injected file's dump must
# be perf 7.2's dump of its own injected file (tests/data/perf6.1/expected/NAME.inject-*.txt.gz,
# made by tests/data/gen-golden.sh), file offsets left out (the attr sizes differ). -B drops the
# mmap records and puts a build-id MMAP2 before the first sample hitting each map (perf's
# guest-mode misc quirk and fork-inherited hits included); --mmap2-buildid-all gives each MMAP2
# whose dso has a build id that id. Build ids come from the files' build-id tables, so
# --symfs points at the fixture's own files (never the machine's). Not compared: pipe.data,
# whose file output perf 7.2 writes with pipe records its own reader cannot read
# (Documentation/perf-inject.md); and --mmap2-buildid-all of syswide and tracepoint, whose
# goldens hold build ids perf read from the generating chroot's /usr/bin/bash and the like.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
set=tests/data/perf6.1
T=$(mktemp -d /tmp/cperf-inject-bid.XXXXXX); trap 'rm -rf "$T"' EXIT
for exp in "$set"/expected/*.inject-*.txt.gz; do
  base=$(basename "$exp" .txt.gz)
  name=${base%%.*} kind=${base#*.}
  [ "$name" = pipe ] && continue
  case $name.$kind in syswide.inject-mmap2-all|tracepoint.inject-mmap2-all) continue ;; esac
  case $kind in
    inject-B) opt=-B ;;
    inject-mmap2-all) opt=--mmap2-buildid-all ;;
    *) continue ;;
  esac
  (cd "$set/data" && "$CPERF" inject $opt --symfs=../symfs -i "$name.data" -o "$T/inj.data" 2>/dev/null &&
     "$CPERF" report -D -i "$T/inj.data" --symfs=../symfs 2>/dev/null |
     sed -E 's/ 0x[0-9a-f]+ \[/ [/; /^0x[0-9a-f]+@/d' > "$T/out")
  zcat "$exp" | sed -E 's/ 0x[0-9a-f]+ \[/ [/' | gzip > "$T/want.txt.gz"
  compare_golden "perf6.1.$base" "$T/want.txt.gz" "$T/out"
done
golden_summary "inject build-id goldens"
