#!/bin/bash
# Runs every end-to-end test script in this folder (each exits non-zero on failure; 77 = skipped).
# The slowest come first, so that runners sharing a queue end at about the same time.
# E2E_QUEUE=DIR: runners given the same DIR share the tests: each test runs once, in the runner
# that claims it first (mkdir DIR/NAME, which is atomic).
# E2E_SET=fixtures: only the tests marked "# e2e: fixtures only" (they read committed files,
# record nothing and ask no oracle); E2E_SET=live: only the others. Unset: all.
cd "$(dirname "$0")/../.." || exit 1
slow_first="report_golden script_golden realsys_golden record_attrs_perf72 annotate_golden
  report_tui inject_roundtrip script_python record_slow_fs data_convert_pprof record_stress
  script_fold diff_golden"
slow_first=$(echo $slow_first)  # one line, one space apart
tests=()
for s in $slow_first; do [ -e "tests/e2e/$s.sh" ] && tests+=("tests/e2e/$s.sh"); done
for t in tests/e2e/*.sh; do
  case "$(basename "$t")" in run-all.sh|_*) continue ;; esac
  [[ " $slow_first " == *" $(basename "$t" .sh) "* ]] || tests+=("$t")
done
fail=0; pass=0; skip=0
in_set() {  # in_set TEST: whether E2E_SET takes it
  case ${E2E_SET:-} in
    fixtures) grep -q '^# e2e: fixtures only' "$1" ;;
    live) ! grep -q '^# e2e: fixtures only' "$1" ;;
    *) true ;;
  esac
}
for t in "${tests[@]}"; do
  in_set "$t" || continue
  if [ -n "${E2E_QUEUE:-}" ] && ! mkdir "$E2E_QUEUE/$(basename "$t")" 2> /dev/null; then continue; fi
  echo "=== $t"
  start=$SECONDS
  bash "$t"; rc=$?
  echo "=== $t: exit $rc, $((SECONDS - start)) s"
  case $rc in
    0) pass=$((pass+1)) ;;
    77) skip=$((skip+1)) ;;
    *) fail=$((fail+1)); echo "FAILED: $t (exit $rc)" ;;
  esac
done
echo "e2e${E2E_SET:+ ($E2E_SET)}: $pass passed, $skip skipped, $fail failed${E2E_QUEUE:+ (the share of this runner)}"
[ $fail -eq 0 ]
