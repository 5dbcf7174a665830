#!/bin/bash
# `cperf kallsyms SYM...` prints what perf 7.2 (run natively, tests/oracle.sh) prints for the
# running kernel: found functions ("SYM: [kernel] [kernel.kallsyms] START-END (START-END)"),
# names several functions share (the first), names that are not functions (data, _text),
# unknown names, init code (after _etext: not in perf's kernel map), all in one call and one
# by one; and the usage and statuses of bad calls.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
oracle_have_perf7 || { echo "SKIP: kallsyms needs perf 7.2 to compare with: $(oracle_why_not)"; exit 77; }
[ -r /proc/kallsyms ] || { echo "SKIP: no /proc/kallsyms"; exit 77; }
if ! awk 'NR < 50 && $1 !~ /^0+$/ {found = 1} END {exit !found}' /proc/kallsyms; then
  echo "SKIP: /proc/kallsyms hides its addresses here (kptr_restrict)"; exit 77
fi
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0 n=0
compare() {  # compare [--stdout-only] ARGS...: stdout, stderr and status of both
  local whats="out err rc"
  [ "$1" = --stdout-only ] && { whats="out rc"; shift; }
  n=$((n + 1))
  perf7 kallsyms "$@" > "$T/p.out" 2> "$T/p.err"; echo $? > "$T/p.rc"
  "$CPERF" kallsyms "$@" > "$T/c.out" 2> "$T/c.err"; echo $? > "$T/c.rc"
  for w in $whats; do
    cmp -s "$T/p.$w" "$T/c.$w" || {
      fails=$((fails + 1)); echo "MISMATCH ($w) kallsyms $(echo "$*" | cut -c1-80)"
      diff "$T/p.$w" "$T/c.$w" | head -6; return; }
  done
}
# A spread of function names (every 997th), the names several functions share, some data and
# special names, and names that do not exist.
names=$(awk '$2 ~ /^[tTwW]$/ && NF == 3 && NR % 997 == 0 {print $3}' /proc/kallsyms)
dups=$(awk '$2 ~ /^[tTwW]$/ && NF == 3 {print $3}' /proc/kallsyms | sort | uniq -d | head -20)
data=$(awk '$2 ~ /^[dDbBrR]$/ && NF == 3 {print $3}' /proc/kallsyms | head -5)
mods=$(awk 'NF == 4 {print $3}' /proc/kallsyms | head -3)
init=$(awk '$3 == "_etext" {on = 1} on && $2 ~ /^[tTwW]$/ && NF == 3 {print $3}' /proc/kallsyms | head -4)
# shellcheck disable=SC2086
compare schedule $names $dups $data $mods $init _text _stext _etext no_such_symbol_here ''
for s in schedule do_sys_open $dups; do compare "$s"; done
# perf -v adds its messages about module maps (depending on the machine); cperf adds none.
compare --stdout-only -v schedule ; compare --stdout-only --verbose schedule
compare ; compare --bogus ; compare -x schedule
compare -h ; compare -- schedule
echo "kallsyms: $n calls, $fails mismatches with perf 7.2"
[ $fails -eq 0 ]
