#!/bin/bash
# Every test: installs missing Debian packages, builds, runs unit tests (GoogleTest), the
# end-to-end golden tests (and again as if on another machine: another kernel build id, an empty
# HOME, no oracle; tests/foreign-machine.sh), the VM tests (Linux 7.x under qemu), and the
# robustness tests under ASan+UBSan. Exits non-zero on failure.
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
CPERF_TEST_DEPS=1 bash scripts/install-deps.sh || exit 1
jobs=$(nproc 2>/dev/null || echo 2)
status=0
step() { echo; echo "### $*"; }
step build;            make -j"$jobs" cperf || exit 1
step unit tests;       make -j"$jobs" unit-test || status=1
step end-to-end tests; make e2e-test || status=1
step "unit and end-to-end tests on a foreign machine"
bash tests/foreign-machine.sh make unit-test e2e-test; rc=$?
[ $rc = 0 ] || [ $rc = 77 ] || status=1
step VM tests;         make vm-test || status=1
step robustness tests; make -j"$jobs" fuzz-test || status=1
step check-headers;    make check-headers || status=1
echo
[ $status -eq 0 ] && echo "ALL TESTS PASSED" || echo "SOME TESTS FAILED"
exit $status
