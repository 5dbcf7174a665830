#!/bin/bash
# Screens of perf 7.2's report browser (run natively: tests/oracle.sh's perf7) on the perf6.1
# recordings, with their colours, for tests/e2e/report_tui.sh: one file per case of
# _tui_lib.sh's TUI_CASES, perf6.1/expected/NAME.tui-SCENARIO-WxH.txt. TUI_ONLY=SCENARIO
# makes only that scenario's cases, TUI_SIZE=WxH only those of that terminal size.
set -euo pipefail
cd "$(dirname "$0")"
. ../oracle.sh
. ../e2e/_tui_lib.sh
oracle_have_perf7 || { echo "gen-tui-golden: $(oracle_why_not)" >&2; exit 1; }
command -v tmux > /dev/null || { echo "gen-tui-golden: no tmux" >&2; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
zcat perf6.1/kallsyms.gz > "$tmp/kallsyms"
mkdir "$tmp/home"  # no ~/.perfconfig of the user's
cd perf6.1/data
P7=(env "HOME=$tmp/home" "PYTHONHOME=$ORACLE_SID/usr" "$_oracle_loader" --library-path
    "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" --argv0 perf "$ORACLE_SID/usr/bin/perf")
for c in "${TUI_CASES[@]}"; do
  read -r name size scenario <<< "$c"
  [ -n "${TUI_ONLY:-}" ] && [ "$scenario" != "$TUI_ONLY" ] && continue
  [ -n "${TUI_SIZE:-}" ] && [ "$size" != "$TUI_SIZE" ] && continue
  out=../expected/$name.tui-$scenario-$size.txt
  tui_screens "$out" "$size" "$(tui_steps_of "$scenario")" "${P7[@]}" report -i "$name.data" \
    --kallsyms="$tmp/kallsyms" --symfs=../symfs
  echo "$out: $(cat "$out.exit")"; rm -f "$out.exit"
done
