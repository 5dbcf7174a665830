# run-cases.sh — source it, then: run_annotate_cases PERF OUTDIR. Runs every case of cases.txt
# with PERF (a command or a shell function: perf 7.2 or cperf) and writes OUTDIR/NAME.out
# (stdout), OUTDIR/NAME.err (stderr) and OUTDIR/exit-status.txt ("NAME STATUS" per case).
# gen-golden.sh (perf 7.2) and tests/e2e/annotate_golden.sh (cperf) both use it, so both see
# the same inputs: the sets' data and symfs copied (the real-system corpus unpacked) into a
# scratch directory, and an empty HOME. objdump -S reads the corpus programs' sources where
# their DWARF says they were built (/work/main/tests/data/realsys/src); "@SRC@" in a case's
# options becomes --prefix=REPO --prefix-strip=2, so objdump reads the repository's copy.
_annotate_cases_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

run_annotate_cases() {
  local perf=$1 out=$2 sets=$_annotate_cases_dir/.. repo W set name file opts rc
  repo=$(cd "$_annotate_cases_dir/../../.." && pwd)
  W=$(mktemp -d /tmp/cperf-annotate.XXXXXX) || return 1
  mkdir -p "$W/home" "$out"
  for set in perf6.1 perf7.2-defer; do
    mkdir -p "$W/$set"
    cp -r "$sets/$set/data" "$sets/$set/symfs" "$W/$set/"
  done
  mkdir -p "$W/realsys"
  xz -dc "$sets/realsys/corpus.tar.xz" | tar -xf - -C "$W/realsys" || { rm -rf "$W"; return 1; }
  : > "$out/exit-status.txt"
  while IFS='|' read -r name set file opts; do
    case $name in ''|'#'*) continue ;; esac
    opts=${opts//@SRC@/--prefix=$repo --prefix-strip=2}
    read -r -a o <<< "$opts"
    (cd "$W/$set/data" && HOME=$W/home "$perf" annotate -i "$file" --symfs=../symfs "${o[@]}" \
       > "$out/$name.out" 2> "$out/$name.err" < /dev/null) && rc=0 || rc=$?
    echo "$name $rc" >> "$out/exit-status.txt"
  done < "$_annotate_cases_dir/cases.txt"
  rm -rf "$W"
}
