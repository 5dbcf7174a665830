# run-cases.sh — source it, then: run_verbose_cases PERF OUTDIR. Runs every case of cases.txt
# with PERF (perf 7.2 or cperf) on the inputs tests/data/diff/run-cases.sh sets up, and writes
# OUTDIR/NAME.out (stdout) and OUTDIR/exit-status.txt. gen-golden.sh and
# tests/e2e/verbose_columns.sh both use it.
_verbose_cases_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$_verbose_cases_dir/../diff/run-cases.sh"

run_verbose_cases() {
  local perf=$1 out=$2 W name set cmd rc
  W=$(mktemp -d /tmp/cperf-verbose.XXXXXX) || return 1
  mkdir -p "$out"
  case_inputs "$W" || { rm -rf "$W"; return 1; }
  : > "$out/exit-status.txt"
  while IFS='|' read -r name set cmd; do
    case $name in ''|'#'*) continue ;; esac
    read -r -a c <<< "$cmd"
    (cd "$W/$set/data" && HOME=$W/home "$perf" "${c[@]}" --symfs=../symfs --kallsyms=../kallsyms \
       2>/dev/null < /dev/null | grep -v '^# (Tip:' > "$out/$name.out"; exit "${PIPESTATUS[0]}") && rc=0 || rc=$?
    echo "$name $rc" >> "$out/exit-status.txt"
  done < "$_verbose_cases_dir/cases.txt"
  rm -rf "$W"
}
