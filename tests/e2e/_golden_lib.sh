# Helpers for golden-output tests. Source it; CPERF defaults to ./cperf.
CPERF=${CPERF:-$PWD/cperf}
# The goldens were made where perf 7.2 saw no tracefs and no sysfs (a chroot): perf names
# tracepoint ids and PMU types from those of the machine it runs on. So cperf runs here through
# a wrapper that says there are none either (perf's TRACEFS_PATH and SYSFS_PATH, which cperf
# reads too); the perf runs of these tests keep this machine's (perf 6.1 would warn that it
# cannot read its CPU count).
golden_cperf_wrapper() {
  local real=$1 dir w
  dir=${TMPDIR:-/tmp}/cperf-golden-wrap.$(id -u)
  mkdir -p "$dir" || return 1
  w=$dir/$(printf '%s' "$real" | md5sum | cut -c1-16)
  printf '#!/bin/sh\nTRACEFS_PATH=/nonexistent/tracefs SYSFS_PATH=/nonexistent/sysfs exec %q "$@"\n' "$real" > "$w.$$" &&
    chmod +x "$w.$$" && mv -f "$w.$$" "$w" && echo "$w"
}
case $CPERF in
  */cperf-golden-wrap.*) ;;  # sourced twice
  *) CPERF=$(golden_cperf_wrapper "$(realpath "$CPERF")") || { echo "FAIL: cannot make the cperf wrapper"; exit 1; } ;;
esac
GOLDEN_FAILS=0
GOLDEN_PASSES=0

# kallsyms_dir SETDIR: unpacks SETDIR/kallsyms.gz once into a temp dir; prints the dir.
kallsyms_dir() {
  local d; d=$(mktemp -d /tmp/cperf-ks.XXXXXX)
  zcat "$1/kallsyms.gz" > "$d/kallsyms"
  echo "$d"
}

# compare NAME EXPECTED_GZ ACTUAL_FILE: byte comparison; keeps ACTUAL as tests/out/NAME.actual.
# The goldens were made in a chroot without /proc, where perf 7.2 cannot set up a [vdso] dso
# that the header does not list and prints this line (stderr: "cannot open maps"). cperf behaves
# like perf on a normal system, so the comparison drops that one environment-made line.
expected_text() { zcat "$1" | sed '/^problem processing PERF_RECORD_MMAP2, skipping event\.$/d'; }  # sed: a last line may lack its newline

compare_golden() {
  local name=$1 expected=$2 actual=$3
  if expected_text "$expected" | cmp -s - "$actual"; then
    GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else
    GOLDEN_FAILS=$((GOLDEN_FAILS+1))
    mkdir -p tests/out
    cp "$actual" "tests/out/$name.actual"
    echo "MISMATCH $name: $(expected_text "$expected" | diff - "$actual" | grep -c '^[<>]') differing lines (tests/out/$name.actual)"
    expected_text "$expected" | diff - "$actual" | head -${GOLDEN_DIFF_LINES:-6}
  fi
}

# compare_case_outputs PREFIX GOLDEN_DIR OUT_DIR [--no-stderr]: every case's stdout
# (GOLDEN_DIR/NAME.out.gz), stderr (NAME.err; not with --no-stderr) and the cases' exit statuses
# (exit-status.txt), as run-cases.sh writes them.
compare_case_outputs() {
  local prefix=$1 g=$2 t=$3 with_err=1 exp name
  [ "${4:-}" = --no-stderr ] && with_err=0
  for exp in "$g"/*.out.gz; do
    name=$(basename "$exp" .out.gz)
    compare_golden "$prefix.$name" "$exp" "$t/$name.out"
    [ $with_err = 1 ] || continue
    if cmp -s "$g/$name.err" "$t/$name.err"; then GOLDEN_PASSES=$((GOLDEN_PASSES + 1)); else
      GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "MISMATCH $prefix.$name stderr:"; diff "$g/$name.err" "$t/$name.err" | head -4
    fi
  done
  if ! cmp -s "$g/exit-status.txt" "$t/exit-status.txt"; then
    GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "MISMATCH $prefix exit statuses:"; diff "$g/exit-status.txt" "$t/exit-status.txt"
  fi
}

golden_summary() {
  echo "$1: $GOLDEN_PASSES identical, $GOLDEN_FAILS different"
  [ "$GOLDEN_FAILS" -eq 0 ]
}

# not_owned_copy FILE DIR: DIR/not-owned.data, a copy of FILE owned by another user (uid 12345),
# for the -f/--force goldens; fails when this is not root.
not_owned_copy() {
  cp "$1" "$2/not-owned.data" && [ "$(id -u)" = 0 ] && chown 12345 "$2/not-owned.data"
}
