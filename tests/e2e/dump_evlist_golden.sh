#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf report -D`, `cperf evlist -v` and `evlist -g` must equal upstream perf 7.2's output byte for byte on
# every recorded file that has a golden (tests/data/*/expected/NAME.{dump,evlist,evlist-g}.txt.gz).
# The goldens were made from inside each set's data/ folder (the dump prints the path as given).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
for set in tests/data/perf7.2-defer tests/data/perf6.1 tests/data/perf7.2 tests/data/synthetic tests/data/groups tests/data/arch tests/data/generations tests/data/fields; do
  [ -d "$set/data" ] || continue
  for f in "$set"/data/*.data; do
    name=$(basename "$f" .data)
    tag=$(basename "$set").$name
    out=$(mktemp)
    if [ -e "$set/expected/$name.dump.txt.gz" ]; then
      (cd "$set/data" && "$CPERF" report -D -i "$name.data" --symfs=../symfs > "$out" 2>/dev/null)
      compare_golden "$tag.dump" "$set/expected/$name.dump.txt.gz" "$out"
    fi
    if [ -e "$set/expected/$name.evlist.txt.gz" ]; then
      (cd "$set/data" && "$CPERF" evlist -v -i "$name.data" > "$out" 2>/dev/null)
      compare_golden "$tag.evlist" "$set/expected/$name.evlist.txt.gz" "$out"
    fi
    if [ -e "$set/expected/$name.evlist-g.txt.gz" ]; then  # the groups, one line each
      (cd "$set/data" && "$CPERF" evlist -g -i "$name.data" > "$out" 2>/dev/null)
      compare_golden "$tag.evlist-g" "$set/expected/$name.evlist-g.txt.gz" "$out"
    fi
    rm -f "$out"
  done
done
golden_summary "dump/evlist goldens"
