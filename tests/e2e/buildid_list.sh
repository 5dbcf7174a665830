#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf buildid-list` (and -H) prints what perf 7.2 printed for every fixture
# (tests/data/buildid-list.golden, made by tests/data/gen-buildid-golden.sh): the header's
# build-id table sorted by name; with -H, or without a table (pipes, perf 7.2 files), the DSOs
# that samples and their callchains (deferred ones once merged) hit, blank when no id is known.
# Also: an ELF file as input prints its own build id, as perf does.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
golden=tests/data/buildid-list.golden
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0 n=0
awk -v dir="$T" '/^== /{f = sprintf("%s/%d", dir, ++n); print substr($0, 4) > (dir "/index"); next} {print > f}' "$golden"
i=0
while read -r file opt; do
  i=$((i + 1)); n=$((n + 1))
  touch "$T/$i"
  # shellcheck disable=SC2086
  "$CPERF" buildid-list $opt -i "$file" > "$T/out" 2>/dev/null
  cmp -s "$T/$i" "$T/out" || { echo "MISMATCH buildid-list $opt $file:"; diff "$T/$i" "$T/out" | head -4; fails=$((fails + 1)); }
done < "$T/index"
bin=tests/data/realsys/bin/qs
if command -v readelf >/dev/null; then
  want=$(readelf -n "$bin" | awk '/Build ID:/ {print $3}')
  [ "$("$CPERF" buildid-list -i "$bin")" = "$want" ] || { echo "FAIL: buildid-list of an ELF file"; fails=$((fails + 1)); }
else
  echo "SKIP (part): no readelf to check the build id of an ELF input"
fi
echo "buildid-list: $n goldens, $fails failures"
[ $fails -eq 0 ]
