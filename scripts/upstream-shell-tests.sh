#!/bin/bash
# upstream-shell-tests.sh — runs perf 7.2's own shell tests (tools/perf/tests/shell, as the
# oracle's sid root installs them; they are perf's files and stay there) with `perf` first on
# PATH being cperf, then perf 7.2, and prints one line per test: cperf's and perf 7.2's result.
#   bash scripts/upstream-shell-tests.sh [TEST-NAME...]   # default: every test
# Results: pass (exit 0), skip (exit 2, perf's convention), FAIL (other), TIME (over $TIMEOUT s).
# Logs go to $OUT (default /tmp/cperf-upstream-shell). Needs root (the tests record), the
# oracle (tests/oracle.sh) and a built ./cperf. Not part of `make test`: upstream's tests
# depend on the machine's hardware and tools, and several take minutes.
set -u
cd "$(dirname "$0")/.." || exit 1
. tests/oracle.sh
oracle_have_perf7 || { echo "upstream-shell-tests: $(oracle_why_not)" >&2; exit 1; }
[ -x ./cperf ] || { echo "upstream-shell-tests: build cperf first (make)" >&2; exit 1; }
SHELL_DIR=$ORACLE_SID/usr/lib/perf-core/tests/shell
OUT=${OUT:-/tmp/cperf-upstream-shell}
TIMEOUT=${TIMEOUT:-300}
mkdir -p "$OUT/bin-cperf" "$OUT/bin-perf7"
ln -sf "$PWD/cperf" "$OUT/bin-cperf/perf"
cat > "$OUT/bin-perf7/perf" <<EOF
#!/bin/sh
exec env PYTHONHOME="$ORACLE_SID/usr" "$_oracle_loader" --library-path "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" --argv0 perf "$ORACLE_SID/usr/bin/perf" "\$@"
EOF
chmod +x "$OUT/bin-perf7/perf"

run_one() {  # run_one WHO TEST -> prints the result word
  local who=$1 t=$2 rc
  (cd "$OUT" && PATH="$OUT/bin-$who:$PATH" PERF_EXEC_PATH="$ORACLE_SID/usr/lib/perf-core" \
     timeout "$TIMEOUT" bash "$SHELL_DIR/$t.sh" > "$OUT/$t.$who.log" 2>&1)
  rc=$?
  case $rc in 0) echo pass ;; 2) echo skip ;; 124) echo TIME ;; *) echo "FAIL($rc)" ;; esac
}

if [ $# -gt 0 ]; then tests=("$@"); else
  tests=(); for f in "$SHELL_DIR"/*.sh; do tests+=("$(basename "$f" .sh)"); done
fi
printf '%-42s %-10s %-10s\n' test cperf "perf 7.2"
for t in "${tests[@]}"; do
  printf '%-42s %-10s %-10s\n' "$t" "$(run_one cperf "$t")" "$(run_one perf7 "$t")"
done
