#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf report -C` on a file whose samples carry no CPU fails as perf 7.2 does (checked with
# the oracle): only the preamble on stdout, perf's three lines on stderr, exit status 0; so does
# a CPU beyond the recording machine's; on a file with CPUs it keeps only those CPUs' samples.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
"$CPERF" report --stdio -C 0 -i tests/data/perf6.1/data/g.data > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "FAIL: exit $rc, want 0"; fail=1; }
printf '# To display the perf.data header info, please use --header/--header-only options.\n#\n' |
  cmp -s - "$tmp/out" || { echo "FAIL: stdout:"; cat "$tmp/out" | head -5; fail=1; }
printf 'File does not contain CPU events. Remove -C option to proceed.\nError:\nfailed to set cpu bitmap\n' |
  cmp -s - "$tmp/err" || { echo "FAIL: stderr:"; cat "$tmp/err"; fail=1; }
# a CPU the recording machine did not have (HEADER_NRCPUS: 2 available): perf's error, exit 0
"$CPERF" report --stdio -C 1,3 -i tests/data/perf6.1/data/syswide.data > "$tmp/out" 2> "$tmp/err"
rc=$?
[ $rc = 0 ] || { echo "FAIL: -C 1,3: exit $rc, want 0"; fail=1; }
printf 'Requested CPU 3 too large. Consider raising MAX_NR_CPUS\nError:\nfailed to set cpu bitmap\n' |
  cmp -s - "$tmp/err" || { echo "FAIL: -C 1,3: stderr:"; cat "$tmp/err"; fail=1; }
# defer-syswide has CPUs: -C 0 and -C 1 together count every sample once.
f=tests/data/perf7.2-defer/data/defer-syswide.data
count() { "$CPERF" report --stdio -q -n -s comm -g none --no-children "$@" -i "$f" 2>/dev/null |
          awk 'NF {s += $(NF - 1)} END {print s + 0}'; }
all=$(count); c0=$(count -C 0); c1=$(count -C 1)
if [ "$c0" = 0 ] || [ "$c1" = 0 ] || [ $((c0 + c1)) != "$all" ]; then
  echo "FAIL: -C 0 ($c0) + -C 1 ($c1) != all ($all)"; fail=1
fi
[ $fail = 0 ] && echo "report -C: as perf"
exit $fail
