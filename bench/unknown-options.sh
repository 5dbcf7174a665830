#!/bin/bash
# unknown-options.sh — the checklist of issue 28: for report, script and inject, every option
# perf 7.2 lists (`perf7 CMD --list-opts` for the long ones, `perf7 CMD -h` for the short ones)
# that cperf answers with "unknown option" / "unknown switch".
#
#   bench/unknown-options.sh [CMD...]     # default: report script inject
#   PERF7=/path/to/perf7 CPERF=./cperf bench/unknown-options.sh
#
# Prints one line per unknown option ("report --pretty", "script -a") and a count per command;
# exits 1 if any option is unknown.
cd "$(dirname "$0")/.." || exit 1
PERF7=${PERF7:-/work/shared/oracle/perf7}
CPERF=${CPERF:-$PWD/cperf}
# A known `record` option records (/nonexistent/x.data is then its workload): in a scratch
# folder, so no perf.data (or "-o", "-i") lands in the work tree.
scratch=$(mktemp -d); trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 1
total=0
for cmd in ${*:-report script inject}; do
  longs=$("$PERF7" "$cmd" --list-opts 2>/dev/null)
  shorts=$("$PERF7" "$cmd" -h 2>&1 | sed -nE 's/^ +-([A-Za-z0-9]),.*/\1/p')
  n=0 all=0
  for opt in $longs; do
    all=$((all+1))
    # A nonexistent input: a known option fails later, on the file, or asks for its value.
    if PAGER=cat timeout 10 "$CPERF" "$cmd" "$opt" -i /nonexistent/x.data </dev/null 2>&1 >/dev/null |
         grep -q "unknown option \`${opt#--}"; then
      echo "$cmd $opt"; n=$((n+1))
    fi
  done
  for s in $shorts; do
    all=$((all+1))
    if PAGER=cat timeout 10 "$CPERF" "$cmd" "-$s" -i /nonexistent/x.data </dev/null 2>&1 >/dev/null |
         grep -q "unknown switch \`$s'"; then
      echo "$cmd -$s"; n=$((n+1))
    fi
  done
  echo "# $cmd: $n of $all options unknown"
  total=$((total+n))
done
echo "# total unknown: $total"
[ "$total" -eq 0 ]
