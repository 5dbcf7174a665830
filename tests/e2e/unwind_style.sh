#!/bin/bash
# --unwind-style on script and report (checked with the oracle): libdw is the unwinder (same
# output as without the option); anything else: "Unknown unwind style: X", exit 0, and libdw,
# both byte for byte as perf 7.2. libunwind is built into cperf (perf 7.2 as Debian builds it
# says "Error: libunwind dwarf unwinding not built into perf"): it unwinds, quietly
# (tests/e2e/unwind_libunwind.sh checks its frames).
cd "$(dirname "$0")/../.." || exit 1
. tests/oracle.sh
CPERF=$PWD/cperf
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
cd tests/data/perf6.1/data || exit 1
S="--kallsyms=/dev/null --symfs=../symfs"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
for c in script "report --stdio"; do
  # shellcheck disable=SC2086
  "$CPERF" $c $S -i dwarf.data > "$T/plain" 2>/dev/null
  for v in libdw libunwind nonsense; do
    # shellcheck disable=SC2086
    "$CPERF" $c --unwind-style=$v $S -i dwarf.data > "$T/out" 2> "$T/err"; rc=$?
    [ $rc = 0 ] || fail "$c --unwind-style=$v: exit $rc"
    case $v in
      libdw) cmp -s "$T/plain" "$T/out" && [ ! -s "$T/err" ] || fail "$c libdw is not the plain output" ;;
      nonsense) cmp -s "$T/plain" "$T/out" && [ "$(cat "$T/err")" = "Unknown unwind style: nonsense" ] ||
                  fail "$c nonsense: $(cat "$T/err")" ;;
      libunwind) [ ! -s "$T/err" ] || fail "$c libunwind: $(cat "$T/err")"
                 grep -q "deep" "$T/out" || fail "$c libunwind: no user frames" ;;
    esac
    if [ $v != libunwind ] && oracle_have_perf7; then
      # shellcheck disable=SC2086
      perf7 $c --unwind-style=$v $S -i dwarf.data 2> "$T/err7" | grep -v '^# (Tip:' > "$T/out7"
      cmp -s "$T/out7" "$T/out" && cmp -s "$T/err7" "$T/err" || fail "$c --unwind-style=$v differs from perf 7.2"
    fi
  done
done
# perf's config key unwind.style stands in for the option (checked against perf 7.2).
printf '[unwind]\n\tstyle = nonsense\n' > "$T/config"
# shellcheck disable=SC2086
PERF_CONFIG=$T/config "$CPERF" script $S -i dwarf.data > "$T/out" 2> "$T/err"
[ "$(cat "$T/err")" = "Unknown unwind style: nonsense" ] || fail "config unwind.style=nonsense: $(cat "$T/err")"
printf '[unwind]\n\tstyle = libunwind\n' > "$T/config"
# shellcheck disable=SC2086
PERF_CONFIG=$T/config "$CPERF" script $S -i dwarf.data > "$T/out" 2> "$T/err"
# shellcheck disable=SC2086
"$CPERF" script $S --unwind-style=libunwind -i dwarf.data > "$T/want" 2>/dev/null
cmp -s "$T/want" "$T/out" || fail "config unwind.style=libunwind is not --unwind-style=libunwind"
oracle_have_perf7 || echo "SKIP (part): perf 7.2 comparison: $(oracle_why_not)"
[ $fails -eq 0 ] && echo "unwind-style: as perf"
[ $fails -eq 0 ]
