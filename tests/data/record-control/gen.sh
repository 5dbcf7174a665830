#!/bin/bash
# Makes expected.acks and expected.err from perf 7.2 (the oracle's perf7, run natively):
# the commands of `commands` sent through --control by tests/e2e/control_driver.py.
# The "Woken up"/"Captured" lines are left out.
set -e
here=$(cd "$(dirname "$0")" && pwd)
PERF7=${PERF7:-$here/../../../../shared/oracle/perf7}
d=$(mktemp -d); trap 'rm -rf "$d"' EXIT
python3 "$here/../../e2e/control_driver.py" "$d" -- "$PERF7" -D -1 -e cpu-clock -o "$d/c.data" -- sleep 100000 \
  < "$here/commands" > "$here/expected.acks"
grep -vE '^\[ perf record: (Captured|Woken)|/proc/schedstat' "$d/rec.err" > "$here/expected.err"
