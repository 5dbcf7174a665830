#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf report` on a terminal opens the browser: driven in tmux terminals of 150x30, 80x24 and 220x50,
# its screens, colours included, equal perf 7.2's (goldens by tests/data/gen-tui-golden.sh;
# the cases are _tui_lib.sh's TUI_CASES: moving and unfolding, the Enter menu and its zooms,
# the help window, the exit question, the map browser of the menu, the event menu of a file with two events, the annotate
# browser of a symbol and of a callee, its searches, offset levels, jump counts, objdump's
# addresses and percent types); 'q' ends it
# with status 0. TUI_SIZE=WxH runs only the cases of that size.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
command -v tmux > /dev/null || { echo "SKIP: no tmux to drive a terminal"; exit 77; }
. tests/e2e/_tui_lib.sh
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
zcat tests/data/perf6.1/kallsyms.gz > "$tmp/kallsyms"
mkdir "$tmp/home"
fail=0 n=0 cases=0
cd tests/data/perf6.1/data || exit 1
for c in "${TUI_CASES[@]}"; do
  read -r name size scenario <<< "$c"
  [ -n "${TUI_SIZE:-}" ] && [ "$size" != "$TUI_SIZE" ] && continue
  cases=$((cases + 1))
  golden=../expected/$name.tui-$scenario-$size.txt
  got=$tmp/$name.$scenario.$size
  tui_screens "$got" "$size" "$(tui_steps_of "$scenario")" env HOME="$tmp/home" "$CPERF" report -i "$name.data" \
    --kallsyms="$tmp/kallsyms" --symfs=../symfs || { echo "FAIL: $c: the browser did not come up"; fail=1; continue; }
  if diff "$golden" "$got" > "$tmp/d"; then
    n=$((n + $(grep -c '^--- screen' "$golden")))
  else
    echo "FAIL: $c: screens differ (< perf 7.2, > cperf; cat -v shows the colours):"
    head -20 "$tmp/d" | cat -v; fail=1
  fi
  [ "$(cat "$got.exit")" = EXIT=0 ] || { echo "FAIL: $c: q gave $(cat "$got.exit")"; fail=1; }
done
# Not a terminal: the text report, not the browser.
"$CPERF" report -i g.data --kallsyms="$tmp/kallsyms" --symfs=../symfs < /dev/null 2>/dev/null | head -1 |
  grep -q '^# To display the perf.data header info' || { echo "FAIL: report to a pipe is not the text report"; fail=1; }
[ $fail = 0 ] && echo "report browser: $n screens of $cases cases as perf 7.2's, colours included; q exits 0"
exit $fail
