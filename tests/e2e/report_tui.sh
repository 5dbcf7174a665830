#!/bin/bash
# `cperf report` on a terminal opens the browser: driven in a 150x30 tmux terminal, its first
# screen, the screen after '+' unfolds the first entry, and after moving (Down, PgDn, End,
# PgUp, Up: the scroll bar shows) equal perf 7.2's (goldens by tests/data/gen-tui-golden.sh;
# the help line, a random tip in perf, is left out); 'q' ends it with status 0.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v tmux > /dev/null || { echo "SKIP: no tmux to drive a terminal"; exit 77; }
. tests/e2e/_tui_lib.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
zcat tests/data/perf6.1/kallsyms.gz > "$tmp/kallsyms"
fail=0
cd tests/data/perf6.1/data || exit 1
for name in g mt; do
  tui_screens "$tmp/$name" "$CPERF" report -i "$name.data" --kallsyms="$tmp/kallsyms" --symfs=../symfs ||
    { echo "FAIL: $name: the browser did not come up"; fail=1; continue; }
  for k in first unfold nav; do
    diff "../expected/$name.tui-$k.txt" "$tmp/$name.$k" > "$tmp/d" ||
      { echo "FAIL: $name: screen '$k' differs (< perf 7.2, > cperf):"; head -20 "$tmp/d"; fail=1; }
  done
  [ "$(cat "$tmp/$name.exit")" = EXIT=0 ] || { echo "FAIL: $name: q gave $(cat "$tmp/$name.exit")"; fail=1; }
done
# Not a terminal: the text report, not the browser.
"$CPERF" report -i g.data --kallsyms="$tmp/kallsyms" --symfs=../symfs < /dev/null 2>/dev/null | head -1 |
  grep -q '^# To display the perf.data header info' || { echo "FAIL: report to a pipe is not the text report"; fail=1; }
[ $fail = 0 ] && echo "report browser: 6 screens as perf 7.2's, q exits 0"
exit $fail
