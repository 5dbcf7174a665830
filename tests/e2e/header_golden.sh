#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf report --header-only` (and `--header --stats` where there is a golden) must equal perf
# 7.2's on every recorded file. The goldens print the
# data file's mtime ("# captured on"); they were made with mtime 2000-01-01 00:00:00 UTC in UTC,
# so each file is copied and given that mtime first.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
work=$(mktemp -d /tmp/cperf-hdr.XXXXXX); trap 'rm -rf "$work"' EXIT
for set in tests/data/perf7.2-defer tests/data/perf6.1 tests/data/perf7.2 tests/data/arch tests/data/generations tests/data/synthetic; do
  for f in "$set"/data/*.data; do
    name=$(basename "$f" .data)
    [ -e "$set/expected/$name.header.txt.gz" ] || continue
    cp "$f" "$work/$name.data" && touch -d @946684800 "$work/$name.data"
    (cd "$work" && TZ=UTC "$CPERF" report --header-only -i "$name.data" > "$work/out" 2>/dev/null)
    compare_golden "$(basename "$set").$name.header" "$set/expected/$name.header.txt.gz" "$work/out"
    # --header-only -I: with the details perf keeps behind "use -I to display".
    if [ -e "$set/expected/$name.header-info.txt.gz" ]; then
      (cd "$work" && TZ=UTC "$CPERF" report --header-only -I -i "$name.data" > "$work/out" 2>/dev/null)
      compare_golden "$(basename "$set").$name.header-info" \
        "$set/expected/$name.header-info.txt.gz" "$work/out"
    fi
    # --header --stats: the header block, then the event counts (a pipe: the block alone).
    if [ -e "$set/expected/$name.report-header-stats.txt.gz" ]; then
      (cd "$work" && TZ=UTC "$CPERF" report --header --stats -i "$name.data" > "$work/out" 2>/dev/null)
      compare_golden "$(basename "$set").$name.report-header-stats" \
        "$set/expected/$name.report-header-stats.txt.gz" "$work/out"
    fi
  done
done
golden_summary "header-only goldens"
