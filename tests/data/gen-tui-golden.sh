#!/bin/bash
# Screens of perf 7.2's report browser (run natively: tests/oracle.sh's perf7) on the perf6.1
# recordings, for tests/e2e/report_tui.sh: NAME.tui-{first,unfold,nav}.txt in perf6.1/expected.
set -euo pipefail
cd "$(dirname "$0")"
. ../oracle.sh
. ../e2e/_tui_lib.sh
oracle_have_perf7 || { echo "gen-tui-golden: $(oracle_why_not)" >&2; exit 1; }
command -v tmux > /dev/null || { echo "gen-tui-golden: no tmux" >&2; exit 1; }
ks=$(mktemp); trap 'rm -f "$ks"' EXIT
zcat perf6.1/kallsyms.gz > "$ks"
cd perf6.1/data
P7=(env "PYTHONHOME=$ORACLE_SID/usr" "$_oracle_loader" --library-path
    "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" --argv0 perf "$ORACLE_SID/usr/bin/perf")
for name in g mt; do
  tui_screens "/tmp/tui-golden.$name" "${P7[@]}" report -i "$name.data" --kallsyms="$ks" --symfs=../symfs
  for k in first unfold nav; do cp "/tmp/tui-golden.$name.$k" "../expected/$name.tui-$k.txt"; done
  echo "$name: $(cat "/tmp/tui-golden.$name.exit")"
done
