#!/bin/bash
# Runs every end-to-end test script in this folder (each exits non-zero on failure; 77 = skipped).
cd "$(dirname "$0")/../.." || exit 1
fail=0; pass=0; skip=0
for t in tests/e2e/*.sh; do
  case "$(basename "$t")" in run-all.sh|_*) continue ;; esac
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
echo "e2e: $pass passed, $skip skipped, $fail failed"
[ $fail -eq 0 ]
