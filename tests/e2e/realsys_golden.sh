#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# Real programs on a real system (issue 11): tests/data/realsys/corpus.tar.xz holds perf 6.1
# recordings of dynamic programs (qsort/malloc/printf C programs, threads, Debian's python3,
# sort, a gcc compile; -g and --call-graph dwarf; perf 7.2 --call-graph fp,defer recordings
# made in the 7.2 VM) with every DSO they hit, those DSOs' separate debug files (libc6-dbg)
# and the kernels' kallsyms. cperf must print what perf 7.2
# printed for them (expected/, made by gen-golden.sh), with the debug files ("dbg") and
# without them ("nodbg"): script, and report in children, --no-children, -g caller,
# -s dso,sym and -s srcline forms, and -v (long dso names, symbol addresses); deferred files also with --no-merge-callchains. Hermetic: everything comes from the corpus (--symfs, --kallsyms, empty
# HOME).
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
set=tests/data/realsys
command -v xz >/dev/null || { echo "SKIP: no xz to unpack $set/corpus.tar.xz"; exit 77; }
W=$(mktemp -d /tmp/cperf-realsys.XXXXXX); trap 'rm -rf "$W"' EXIT
xz -dc "$set/corpus.tar.xz" | tar -xf - -C "$W" || { echo "FAIL: cannot unpack the corpus"; exit 1; }
zcat "$W/kallsyms.gz" > "$W/kallsyms"
mkdir -p "$W/home"
cp -al "$W/symfs" "$W/symfs-nodbg" && rm -rf "$W/symfs-nodbg/usr/lib/debug"
REFUSED=0
for exp in "$set"/expected/*.txt.gz; do
  base=$(basename "$exp" .txt.gz)      # NAME.KIND[-nodbg]
  name=${base%%.*} kind=${base#*.} symfs=$W/symfs
  case $kind in *-nodbg) kind=${kind%-nodbg}; symfs=$W/symfs-nodbg ;; esac
  case $kind in
    script) args=(script) ;;
    report-children) args=(report --stdio) ;;
    report) args=(report --stdio --no-children) ;;
    report-caller) args=(report --stdio --no-children -g caller) ;;
    report-dso-sym) args=(report --stdio --no-children -s dso,sym) ;;
    script-srcline) args=(script -F +srcline) ;;
    report-srcline) args=(report --stdio --no-children -s srcline -g none) ;;
    report-srcline-graph) args=(report --stdio --no-children -s srcline) ;;
    report-srcline-children) args=(report --stdio -s srcline) ;;
    script-nomerge) args=(script --no-merge-callchains) ;;
    script-noinline) args=(script --no-inline) ;;
    report-noinline) args=(report --stdio --no-inline) ;;
    report-hierarchy) args=(report --stdio --hierarchy) ;;
    report-hierarchy-flat) args=(report --stdio --hierarchy --no-children -s dso,sym,comm -g caller) ;;
    report-v) args=(report --stdio -v) ;;
    report-v-dso-sym) args=(report --stdio -v --no-children -s dso,sym -g none) ;;
    script-insn-trace) args=(script --insn-trace) ;;
    script-insn) args=(script -F comm,tid,ip,sym,dso,insn,insnlen -G) ;;
    dump-ustack) args=(report -D) ;;  # its user-stack lines only
    report-type) args=(report --stdio --no-children -g none -s type) ;;
    report-typeoff) args=(report --stdio --no-children -g none -s typeoff) ;;
    report-typecln) args=(report --stdio --no-children -g none -s typecln) ;;
    report-type-sym) args=(report --stdio --no-children -g none -s type,sym) ;;
    report-type-dso-sym) args=(report --stdio --no-children -g none -s type,dso,sym) ;;
    report-type-children) args=(report --stdio -g none -s type) ;;
    report-type-graph) args=(report --stdio --no-children -s type,sym) ;;
    report-type-graph-children) args=(report --stdio -s typeoff) ;;
    *) echo "FAIL: no command for golden kind $kind"; GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); continue ;;
  esac
  # A recording made on another kernel (the deferred ones, in the 7.2 VM) has its own kallsyms.
  kallsyms=$W/kallsyms
  if [ -e "$W/data/$name.kallsyms.gz" ]; then
    [ -e "$W/data/$name.kallsyms" ] || zcat "$W/data/$name.kallsyms.gz" > "$W/data/$name.kallsyms"
    kallsyms=$W/data/$name.kallsyms
  fi
  # Goldens cperf cannot make yet (refused.txt): it must refuse them, printing nothing.
  if grep -qx -- "$base" "$set/refused.txt"; then
    err=$(cd "$W/data" && HOME=$W/home "$CPERF" "${args[@]}" -i "$name.data" --symfs="$symfs" \
          --kallsyms="$kallsyms" 2>&1 >"$W/out")
    if [ $? = 1 ] && [ ! -s "$W/out" ] && [[ $err == *"is not supported yet"* ]]; then REFUSED=$((REFUSED + 1))
    else GOLDEN_FAILS=$((GOLDEN_FAILS + 1)); echo "FAIL: realsys.$base is listed in refused.txt but cperf did not refuse it: '$err'"; fi
    continue
  fi
  (cd "$W/data" && HOME=$W/home "$CPERF" "${args[@]}" -i "$name.data" --symfs="$symfs" \
     --kallsyms="$kallsyms" 2>/dev/null | if [ "$kind" = dump-ustack ]; then grep '^\.\.\. ustack:'; else cat; fi > "$W/out")
  compare_golden "realsys.$base" "$exp" "$W/out"
done
echo "real-system goldens cperf refuses as listed in refused.txt: $REFUSED"
golden_summary "real-system goldens"
