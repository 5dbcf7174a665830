#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf report --stdio ...` must equal upstream perf 7.2's output byte for byte on every
# recorded file with a golden (tests/data/*/expected/NAME.report*.txt.gz, made minus the random
# `# (Tip: ...)` line), run from the set's data/ folder with --kallsyms=<unpacked kallsyms.gz>
# --symfs=../symfs as the goldens were made. Prints each mismatch (output kept in tests/out/);
# exits non-zero on any mismatch that is not a known failure.
# ONLY="fp defer" restricts the files; SETS="perf7.2-defer" the sets; KINDS the kinds.
# KNOWN lists SET.NAME.KIND goldens cperf does not reproduce yet (reported, not failed, unless
# STRICT=1): none at present.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
known_default=""
# Goldens of modes cperf refuses (Documentation/differences.md); none at present. There cperf
# must fail hard: exit 1 and "is not supported yet" on stderr.
refused=""
KNOWN_LIST=${KNOWN-$known_default}
is_known() {  # is_known SET NAME KIND
  local k
  for k in $KNOWN_LIST; do
    case "$k" in
      "$3"|"$1.$2.$3"|"$1.$2") return 0 ;;
    esac
  done
  return 1
}
args_of() {
  case $1 in
    report) echo "--no-children" ;;
    report-children) echo "" ;;
    report-sort-comm-dso) echo "--no-children -s comm,dso" ;;
    report-sort-sym) echo "--no-children -s sym" ;;
    report-folded) echo "--no-children -g folded" ;;
    report-caller) echo "--no-children -g caller" ;;
    report-limit5) echo "--no-children --percent-limit 5" ;;
    report-sym-q) echo "--no-children -S do_syscall_64 -q" ;;
    report-children-sym-q) echo "-S do_syscall_64 -q" ;;
    report-n-period) echo "-n --show-total-period" ;;
    report-flat) echo "--no-children -g flat" ;;
    report-callee) echo "-g callee" ;;
    report-inverted) echo "--no-children -G" ;;
    report-none) echo "-g none" ;;
    report-pid) echo "--no-children -s pid" ;;
    report-relative) echo "--percentage relative --comms deep" ;;
    report-stats) echo "--stats" ;;
    report-cpu-period-parent) echo "--no-children -s cpu,period,parent" ;;
    report-children-parent) echo "-s parent,cpu,sym" ;;
    report-fields) echo "-F overhead,sym" ;;
    report-fields-sort) echo "--no-children -F comm,overhead,sample -s sym" ;;
    report-time) echo "-n --time 359.3,359.4" ;;
    report-header-q) echo "--header -q -g none" ;;
    report-tasks) echo "--tasks" ;;
    report-symbol-filter) echo "--symbol-filter=sys" ;;
    report-cpu-util) echo "--showcpuutilization" ;;
    report-hierarchy) echo "--hierarchy" ;;
    report-hierarchy-flat) echo "--hierarchy --no-children -s dso,sym,comm --percent-limit 2" ;;
    report-latency) echo "--latency" ;;
    report-no-group) echo "--no-children --no-group" ;;
    report-parallelism) echo "--hierarchy -s latency,parallelism,comm,sym --no-children --parallelism=1,2" ;;
    report-parallelism-flat) echo "-s parallelism,comm,symbol -g none -n" ;;
    report-parent) echo "--no-children -p level|getppid" ;;
    report-parent-x) echo "-p level|getppid -x" ;;
    report-exclude-other) echo "--no-children -x" ;;
    report-hide-unresolved) echo "-U" ;;
    report-hide-unresolved-self) echo "--no-children --hide-unresolved -g none" ;;
    report-H) echo "-H" ;;
    report-show-cpu-util) echo "--show-cpu-utilization -g none" ;;
    report-threads) echo "-T -g none" ;;
    report-noop-opts) echo "--percent-type local-hits --ns -m --demangle-kernel --ignore-vmlinux --samples 3 -M intel --objdump x --asm-raw --no-source --pretty raw --raw-trace --stdio-color never --time-quantum 10ms --prefix /x --prefix-strip 1 -g none" ;;
    report-time-quantum-0) echo "--time-quantum 0" ;;
    report-time-quantum-bad) echo "--time-quantum 1.5ms" ;;
    report-percent-type-bad) echo "--percent-type local" ;;
    report-prefix-strip) echo "--prefix-strip 2" ;;
    report-stdio-color-bad) echo "--stdio-color foo -g none" ;;
    report-field-sep) echo "-t ," ;;
    report-field-sep-folded) echo "--no-children -t | -g folded -s dso,sym,pid" ;;
    report-field-sep-narrow) echo "-t , -w 5,5,3,3 -s comm,dso,sym -n -g none --no-children" ;;
    report-field-sep-dot) echo "-t ." ;;
    report-column-widths) echo "-w 3,5,8,10,6 -g none --no-children" ;;
    report-column-widths-keys) echo "-w 1,1,1,1,1,1 -n -s pid,cpu,sym,parent,dso -g none" ;;
    report-sort-symbol-twice) echo "-s sym,symbol,dso,comm -g none" ;;
    report-sort-period-total) echo "-n --show-total-period -s pid,period -g none" ;;
    report-no-skip-empty) echo "--stats --no-skip-empty" ;;
    report-skip-empty-ref) echo "--skip-empty --show-ref-call-graph --group-sort-idx 0 -g none" ;;
    report-group-sort-idx) echo "--group-sort-idx 1" ;;
    report-group-sort-idx-bad) echo "--group-sort-idx x" ;;
    report-disable-order) echo "--disable-order" ;;
    report-stitch-lbr) echo "--stitch-lbr -g none" ;;
    report-socket-filter) echo "--socket-filter 0" ;;
    report-sort-socket) echo "--no-children -s socket,comm,dso" ;;
    report-ignore-callees) echo "--ignore-callees level" ;;
    report-ignore-callees-caller) echo "-G --ignore-callees=level|main" ;;
    report-ignore-callees-bad) echo "--ignore-callees=(" ;;
    report-branch-stack) echo "-b" ;;
    report-mem-mode) echo "--mem-mode" ;;
    report-branch-mem) echo "-b --mem-mode" ;;
    report-full-source-path) echo "--full-source-path -s srcline -g none" ;;
    report-noop-opts2) echo "--itrace=i100us --addr2line=/usr/bin/addr2line --addr2line-style=libdw,llvm --total-cycles --no-branch-stack -g none" ;;
    report-itrace-bad) echo "--itrace=i10x" ;;
    report-switch-on) echo "--switch-on task-clock" ;;
    report-mmaps) echo "--mmaps" ;;
    report-not-owned) echo "" ;;
    report-not-owned-f) echo "-f" ;;
    # sort keys (tests/data/gen-golden.sh: KEYS joined by '+')
    report-s-*) echo "--no-children -g none -s $(echo ${1#report-s-} | tr + ,)" ;;
    report-mem-s-*) echo "--mem-mode -g none -s $(echo ${1#report-mem-s-} | tr + ,)" ;;
    report-b-s-*) echo "-b -s $(echo ${1#report-b-s-} | tr + ,)" ;;
    report-c-s-*) echo "-g none -s $(echo ${1#report-c-s-} | tr + ,)" ;;
    report-a-*) echo "${1#report-a-}" | tr '+~' ' ,' ;;
    report-switch-both) echo "--switch-on task-clock --switch-off cpu-clock --show-on-off-events" ;;
  esac
}
all_kinds="report report-children report-sort-comm-dso report-sort-sym report-folded report-caller
  report-limit5 report-sym-q report-children-sym-q report-n-period report-flat report-callee
  report-inverted report-none report-pid report-relative report-stats report-cpu-period-parent
  report-children-parent report-fields report-fields-sort report-time
  report-header-q report-tasks report-symbol-filter report-cpu-util report-hierarchy
  report-hierarchy-flat report-latency report-parallelism report-parallelism-flat
  report-no-group report-parent report-parent-x report-exclude-other report-hide-unresolved
  report-hide-unresolved-self report-H report-show-cpu-util report-threads report-noop-opts report-time-quantum-0
  report-time-quantum-bad report-percent-type-bad report-prefix-strip report-stdio-color-bad
  report-field-sep report-field-sep-folded report-field-sep-narrow report-field-sep-dot report-column-widths report-column-widths-keys report-sort-symbol-twice report-sort-period-total
  report-no-skip-empty report-skip-empty-ref report-group-sort-idx report-group-sort-idx-bad
  report-disable-order report-switch-on report-switch-both report-mmaps report-stitch-lbr
  report-socket-filter report-sort-socket report-ignore-callees report-ignore-callees-caller
  report-ignore-callees-bad report-branch-stack report-mem-mode report-branch-mem
  report-full-source-path report-noop-opts2 report-itrace-bad report-not-owned report-not-owned-f"
for set in ${SETS:-perf7.2-defer perf6.1 perf7.2 cperf groups generations synthetic arch}; do
  dir=tests/data/$set
  [ -d "$dir/data" ] || continue
  ks=$(kallsyms_dir "$dir")
  for f in "$dir"/data/*.data; do
    name=$(basename "$f" .data)
    if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
    # the sort-key kinds are those with a golden
    key_kinds=$(cd "$dir/expected" && ls $name.report-s-*.txt.gz $name.report-mem-s-*.txt.gz \
                  $name.report-b-s-*.txt.gz $name.report-c-s-*.txt.gz $name.report-a-*.txt.gz 2>/dev/null |
                sed "s/^$name\.//; s/\.txt\.gz\$//")
    for kind in ${KINDS:-$all_kinds $key_kinds}; do
      exp=$dir/expected/$name.$kind.txt.gz
      [ -e "$exp" ] || continue
      # Deliberate differences (Documentation/differences.md): perf 7.2 filters only the first
      # event with --symbol-filter.
      # perf 7.2's "[...]" line of a fractal graph sometimes says "[...] (inlined)" (a flag
      # it never sets, read from uninitialised memory): that golden is not compared.
      case $set.$name.$kind in
        perf6.1.two-events.report-symbol-filter) continue ;;
        perf6.1.syswide.report-a---stdio-color+always+--no-children+-g+fractal~5) continue ;;
      esac
      out=$(mktemp) err=$(mktemp)
      # -f/--force: the input is ../not-owned.data, a copy owned by another user, in a scratch
      # copy of the set's layout (data/ and ../symfs)
      cwd=$dir/data input=$name.data
      case $kind in
        report-not-owned|report-not-owned-f)
          cwd=$ks/w/data input=../not-owned.data; mkdir -p "$cwd"; ln -sfn "$PWD/$dir/symfs" "$ks/w/symfs"
          if ! not_owned_copy "$dir/data/$name.data" "$ks/w"; then
            echo "SKIP $set.$name.$kind: needs root to make a file owned by another user"
            rm -rf "$out" "$err" "$ks/w"; continue
          fi ;;
      esac
      # shellcheck disable=SC2046
      (cd "$cwd" && "$CPERF" report --stdio $(args_of $kind) -i "$input" \
         --kallsyms="$ks/kallsyms" --symfs=../symfs > "$out" 2>"$err")
      rc=$?
      rm -rf "$ks/w"
      if [[ " $refused " == *" $set.$name.$kind "* ]]; then
        if [ $rc -eq 1 ] && grep -q "is not supported yet" "$err"; then GOLDEN_PASSES=$((GOLDEN_PASSES+1))
        else echo "NOT REFUSED: $set.$name.$kind (exit $rc)"; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); fi
        rm -f "$out" "$err"; continue
      fi
      rm -f "$err"
      if [ -z "${STRICT:-}" ] && is_known $set $name $kind; then
        if [ $rc -eq 0 ] && expected_text "$exp" | cmp -s - "$out"; then
          echo "known failure now passes: $set.$name.$kind"
        else
          echo "known failure (not counted): $set.$name.$kind"
        fi
        rm -f "$out"; continue
      fi
      # perf's own exit status for the command (exit-status.txt), 0 when not listed
      want=$(awk -v n="$name" -v k="$kind" '$1 == n && $2 == k { sub("exit=", "", $3); sub(":", "", $3); print $3 }' \
               "$dir/expected/exit-status.txt" 2>/dev/null | tail -1)
      if [ "$rc" -ne "${want:-0}" ]; then echo "EXIT $rc (perf: ${want:-0}): $set.$name.$kind"; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); fi
      # The goldens' perf ran without /proc, so it kept no [vdso] map that the build-id table
      # does not name (Documentation/differences.md): --mmaps lists no such map there.
      if [ $kind = report-mmaps ]; then grep -Ev ' [0-9a-f]{8}  \[vdso\]$' "$out" > "$out.v"; mv "$out.v" "$out"; fi
      compare_golden "$set.$name.$kind" "$exp" "$out"
      rm -f "$out"
    done
  done
  rm -rf "$ks"
done
golden_summary "report goldens"
