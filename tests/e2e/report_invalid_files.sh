#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# report and script check -k/--vmlinux, then --kallsyms, before they open the input, as perf
# 7.2: "Invalid file: PATH" (report: 234, silent with -q; script: 255).
cd "$(dirname "$0")/../.." || exit 1
in=tests/data/perf7.2/data/zstd.data
fails=0
check() {  # check STATUS TEXT CMD ARGS...
  local want_rc=$1 want=$2; shift 2
  out=$(./cperf "$@" -i $in 2>&1 >/dev/null); rc=$?
  [ $rc = "$want_rc" ] && [ "$out" = "$want" ] && echo "ok: $*" || { echo "FAIL: $*: status $rc, said: $out"; fails=$((fails+1)); }
}
check 234 "Invalid file: /nonexistent/kallsyms" report --stdio --kallsyms=/nonexistent/kallsyms
check 234 "Invalid file: /nonexistent/vmlinux" report --stdio -k /nonexistent/vmlinux
check 234 "" report --stdio -q --kallsyms=/nonexistent/kallsyms
check 255 "Invalid file: /nonexistent/kallsyms" script --kallsyms=/nonexistent/kallsyms
check 255 "Invalid file: /nonexistent/vmlinux" script -k /nonexistent/vmlinux
# -k is checked though --kallsyms names a readable file (which perf then reads), -k first, and in
# every report mode (perf 7.2's behaviour, 2026-11-28)
ks=$(mktemp); trap 'rm -f "$ks"' EXIT
check 234 "Invalid file: /nonexistent/vmlinux" report --stdio -k /nonexistent/vmlinux --kallsyms="$ks"
check 234 "Invalid file: /nonexistent/vmlinux" report --stdio --kallsyms=/nonexistent/kallsyms -k /nonexistent/vmlinux
check 255 "Invalid file: /nonexistent/vmlinux" script --kallsyms="$ks" -k /nonexistent/vmlinux
for mode in -D --header-only --stats --tasks; do
  check 234 "Invalid file: /nonexistent/vmlinux" report $mode -k /nonexistent/vmlinux
done
# before the input: a missing input is not reached
out=$(./cperf report --stdio --kallsyms=/nonexistent/k -i /nonexistent/x.data 2>&1)
[ "$out" = "Invalid file: /nonexistent/k" ] || { echo "FAIL: checked after the input: $out"; fails=$((fails+1)); }
[ $fails = 0 ] || exit 1
echo PASS
