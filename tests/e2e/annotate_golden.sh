#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# cperf annotate (--stdio and --stdio2) against perf 7.2: every case of tests/data/annotate/cases.txt — the real-system
# corpus, perf 6.1 and perf 7.2 deferred recordings, whole files and single symbols, -n,
# --show-total-period, --percent-type, -P, -M, --asm-raw, --no-source, -d, -C, --objdump,
# --prefix, and perf's errors — prints perf 7.2's stdout and stderr and exits with its status
# (goldens made by tests/data/annotate/gen-golden.sh). Hermetic: the inputs are the project's,
# copied to a scratch directory, with --symfs and an empty HOME. Both run the system's objdump.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
. tests/data/annotate/run-cases.sh
command -v xz >/dev/null || { echo "SKIP: no xz to unpack the real-system corpus"; exit 77; }
command -v objdump >/dev/null || { echo "SKIP: no objdump (perf annotate disassembles with it)"; exit 77; }
G=tests/data/annotate/expected
# objdump's text is part of every golden: another version disassembles differently
if [ "$(objdump --version | head -1)" != "$(cat "$G/objdump-version.txt")" ]; then
  echo "SKIP: the goldens are $(cat "$G/objdump-version.txt")'s output; this objdump is $(objdump --version | head -1)"
  exit 77
fi
T=$(mktemp -d /tmp/cperf-annotate-out.XXXXXX); trap 'rm -rf "$T"' EXIT
run_annotate_cases "$CPERF" "$T" || { echo "FAIL: cannot set the inputs up"; exit 1; }
compare_case_outputs annotate "$G" "$T"
# Bad input: cperf's one-line error and a failure status, never a crash (perf's wording differs).
printf 'hello\n' > "$T/text.data"; : > "$T/empty.data"
xz -dc tests/data/realsys/corpus.tar.xz | tar -xOf - data/qs-g.data 2>/dev/null | head -c 5000 > "$T/trunc.data"
for f in text empty trunc; do
  "$CPERF" annotate --stdio -i "$T/$f.data" > "$T/$f.out" 2> "$T/$f.err" < /dev/null; rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -lt 128 ] && [ "$(wc -l < "$T/$f.err")" -eq 1 ] && [ ! -s "$T/$f.out" ]; then
    GOLDEN_PASSES=$((GOLDEN_PASSES + 1))
  else
    GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "BAD INPUT annotate $f.data: status $rc, stderr:"; head -3 "$T/$f.err"
  fi
done
# A dso whose symfs has only its debug file (libc here): perf 7.2 itself crashes on it; cperf
# must not (it read the debug file's byte-less .plt.got), and objdump has no file to read.
D=$T/debug-only; mkdir -p "$D"; xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$D"
rm -f "$D"/symfs/usr/lib/x86_64-linux-gnu/libc.so.6 "$D"/symfs/lib/x86_64-linux-gnu/libc.so.6
(cd "$D/data" && "$CPERF" annotate --stdio -i qs-g.data --symfs=../symfs > "$T/debug-only.out" 2> "$T/debug-only.err" < /dev/null)
rc=$?
if [ "$rc" -eq 0 ] && grep -q "^Couldn't annotate" "$T/debug-only.err"; then GOLDEN_PASSES=$((GOLDEN_PASSES + 1)); else
  GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "DEBUG-ONLY DSO: status $rc"; head -3 "$T/debug-only.err"
fi
golden_summary "annotate goldens (stdout and stderr of $(wc -l < "$G/exit-status.txt") cases, and their exit statuses; 3 bad inputs, a debug-only dso)"
