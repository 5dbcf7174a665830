# run-cases.sh — source it, then: run_diff_cases PERF OUTDIR. Runs every case of cases.txt with
# PERF (a command or a shell function: perf 7.2 or cperf) and writes OUTDIR/NAME.out (stdout),
# OUTDIR/NAME.err (stderr) and OUTDIR/exit-status.txt ("NAME STATUS" per case). gen-golden.sh
# (perf 7.2) and tests/e2e/diff_golden.sh (cperf) both use it, so both see the same inputs: the
# sets' data, symfs and kallsyms copied (the real-system corpus unpacked) into a scratch
# directory, and an empty HOME.
_diff_cases_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)

# case_inputs W: the sets' inputs copied into W (W/SET/data, symfs, kallsyms), W/home empty.
case_inputs() {
  local W=$1 sets=$_diff_cases_dir/.. set
  mkdir -p "$W/home"
  for set in perf6.1 perf7.2-defer synthetic; do
    mkdir -p "$W/$set"
    cp -r "$sets/$set/data" "$W/$set/"
    if [ -d "$sets/$set/symfs" ]; then cp -r "$sets/$set/symfs" "$W/$set/"; fi
    zcat "$sets/$set/kallsyms.gz" > "$W/$set/kallsyms"
  done
  mkdir -p "$W/realsys"
  xz -dc "$sets/realsys/corpus.tar.xz" | tar -xf - -C "$W/realsys" || return 1
  zcat "$W/realsys/kallsyms.gz" > "$W/realsys/kallsyms"
}

run_diff_cases() {
  local perf=$1 out=$2 W name set files opts rc
  W=$(mktemp -d /tmp/cperf-diff.XXXXXX) || return 1
  mkdir -p "$out"
  case_inputs "$W" || { rm -rf "$W"; return 1; }
  : > "$out/exit-status.txt"
  while IFS='|' read -r name set files opts; do
    case $name in ''|'#'*) continue ;; esac
    read -r -a f <<< "$files"
    read -r -a o <<< "$opts"
    (cd "$W/$set/data" && HOME=$W/home "$perf" diff "${f[@]}" "${o[@]}" --symfs=../symfs \
       --kallsyms=../kallsyms > "$out/$name.out" 2> "$out/$name.err" < /dev/null) && rc=0 || rc=$?
    echo "$name $rc" >> "$out/exit-status.txt"
  done < "$_diff_cases_dir/cases.txt"
  rm -rf "$W"
}
