#!/bin/bash
# Every test: installs missing Debian packages, builds, runs unit tests (GoogleTest), the
# end-to-end golden tests (and again as if on another machine: another kernel build id, an empty
# HOME, no oracle; tests/foreign-machine.sh), the VM tests (Linux 7.x under qemu), and the
# robustness tests under ASan+UBSan. Exits non-zero on failure.
#
# Each end-to-end test runs once: those that record or ask the oracle here as they are, those
# marked "# e2e: fixtures only" (committed files in, nothing recorded) as if on another machine,
# which is what they must prove (no kernel symbols borrowed from this machine, no ~/.debug).
# Where the foreign-machine run cannot be made (not root), they run here as they are.
# CPERF_FOREIGN_ALL=1: every end-to-end test runs both ways, as before.
#
# After the build (cperf and the unit tests' binary), two lanes run at once, so that one's
# waiting (recordings, sleeps, the VM's boot) overlaps the other's compiling and fuzzing; the
# machine is busy meanwhile, which the tests must bear anyway. Lane 1 (printed as it goes): the
# unit tests (as on a foreign machine), the end-to-end tests that record, VM, check-headers, its
# share of the robustness tests once lane 2 has built them, then its share of the fixture tests
# (foreign machine). Lane 2 (printed when both are done): the ASan+UBSan build, its share of
# the robustness tests, the payload and corpus-replay tests, then its share of the fixture
# tests. Shares come from one queue per suite (tests/e2e/run-all.sh's E2E_QUEUE,
# tests/fuzz/run-truncation.sh's ROBUST_QUEUE), so each test runs once.
# CPERF_TEST_LANES=1: one lane after the other (lane 2 then runs all of the robustness tests).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 1
CPERF_TEST_DEPS=1 bash scripts/install-deps.sh || exit 1
jobs=$(nproc 2>/dev/null || echo 2)
status=0
step() { echo; echo "### $* ($(date +%T))"; }
step build;            make -j"$jobs" cperf build/release/unit_tests || exit 1

lanes=$(mktemp -d /tmp/cperf-lanes.XXXXXX)
mkdir "$lanes/foreign-queue" "$lanes/robust-queue"
one_lane=0; [ "${CPERF_TEST_LANES:-2}" = 1 ] && one_lane=1
live_set=live fixture_set=fixtures
[ "${CPERF_FOREIGN_ALL:-0}" = 1 ] && live_set=all fixture_set=all
lane_main() {
  local s=0
  foreign_or_here "unit tests" unit-test || s=1
  step "end-to-end tests that record ($live_set)"; E2E_SET=$live_set make e2e-test || s=1
  step VM tests;         make vm-test || s=1
  step check-headers;    make check-headers || s=1
  [ $one_lane = 1 ] || robustness_share "lane 1's share" || s=1
  foreign_fixtures "lane 1's share" || s=1
  return $s
}
lane_side() {
  local s=0
  step "ASan+UBSan build"
  if make -j1 fuzz-test-build; then
    echo built > "$lanes/asan-state"
    step "robustness tests (lane 2's share), payloads, corpus replay"
    ROBUST_QUEUE=$lanes/robust-queue make fuzz-test || s=1
  else
    echo failed > "$lanes/asan-state"
    s=1
  fi
  foreign_fixtures "lane 2's share" || s=1
  return $s
}
# robustness_share SHARE: once lane 2 has built the sanitizer build, the robustness variants
# it has not yet claimed (nothing when its build failed: lane 2 reports that).
robustness_share() {
  step "robustness tests ($1): waiting for lane 2's ASan+UBSan build"
  local waited=0
  while [ ! -s "$lanes/asan-state" ] && [ $waited -lt 7200 ]; do sleep 5; waited=$((waited + 5)); done
  [ "$(cat "$lanes/asan-state" 2>/dev/null)" = built ] || { echo "no sanitizer build: left to lane 2"; return 0; }
  step "robustness tests ($1)"
  ROBUST_QUEUE=$lanes/robust-queue bash tests/fuzz/run-truncation.sh build/asan/cperf
}
foreign_or_here() {  # foreign_or_here TITLE MAKE-TARGET: as if on another machine, else here
  local rc
  step "$1 on a foreign machine"
  bash tests/foreign-machine.sh make "$2"; rc=$?
  [ $rc = 77 ] || return $rc
  step "$1 on this machine, as no foreign one can be made"
  make "$2"
}
foreign_fixtures() {  # foreign_fixtures SHARE: the fixture tests on a foreign machine, else here
  E2E_SET=$fixture_set E2E_QUEUE=$lanes/foreign-queue foreign_or_here "end-to-end tests of fixtures ($fixture_set, $1)" e2e-test
}

if [ $one_lane = 1 ]; then
  lane_main || status=1
  lane_side || status=1
else
  lane_side > "$lanes/lane2.log" 2>&1 &
  side_pid=$!
  lane_main || status=1
  wait "$side_pid" || status=1
  echo; echo "### lane 2's output"
  cat "$lanes/lane2.log"
fi
rm -rf "$lanes"
echo
[ $status -eq 0 ] && echo "ALL TESTS PASSED" || echo "SOME TESTS FAILED"
exit $status
