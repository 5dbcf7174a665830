#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# `cperf script` and `cperf script --no-merge-callchains` must equal upstream perf 7.2's output
# byte for byte on every recorded file that has a golden (tests/data/*/expected/
# NAME.script{,-nomerge}.txt.gz), run from the set's data/ folder with
# --kallsyms=<unpacked kallsyms.gz> --symfs=../symfs, as the goldens were made.
# Prints each mismatch (and keeps the output in tests/out/); exits non-zero on any.
# Then every script-* option kind listed in the set's expected/exit-status.txt (script-G,
# script-fields, script-time, ...: see tests/data/gen-golden.sh) is run with the arguments
# recorded there; its stdout must equal the golden and its exit status perf's (and, when perf
# failed, its stderr perf's error text).
# ONLY="fp defer" restricts the files; SETS="perf7.2-defer" the sets; KINDS="script-G,script-ns"
# the option kinds.
# KNOWN lists goldens cperf does not reproduce yet (reported, not failed, unless STRICT=1); none
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
for set in ${SETS:-perf7.2-defer perf6.1 perf7.2 cperf synthetic groups arch generations fields}; do
  dir=tests/data/$set
  [ -d "$dir/data" ] || continue
  ks=$(kallsyms_dir "$dir")
  for f in "$dir"/data/*.data; do
    name=$(basename "$f" .data)
    if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
    for kind in script script-nomerge; do
      exp=$dir/expected/$name.$kind.txt.gz
      [ -e "$exp" ] || continue
      extra=; [ $kind = script-nomerge ] && extra=--no-merge-callchains
      out=$(mktemp)
      (cd "$dir/data" && "$CPERF" script $extra -i "$name.data" --kallsyms="$ks/kallsyms" \
         --symfs=../symfs > "$out" 2>/dev/null)
      rc=$?
      if [ $rc -ne 0 ]; then echo "EXIT $rc: $set.$name.$kind"; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); fi
      if [ -z "${STRICT:-}" ] && [[ " ${KNOWN-} " == *" $set.$name "* ]]; then
        if zcat "$exp" | cmp -s - "$out"; then echo "known failure now passes: $set.$name.$kind"
        else echo "known failure (not counted): $set.$name.$kind"; fi
        rm -f "$out"; continue
      fi
      compare_golden "$set.$name.$kind" "$exp" "$out"
      rm -f "$out"
    done
  done
  # The option kinds (script-G, script-fields, ...): expected/exit-status.txt holds the exact
  # command perf ran for each (with the values computed per file) and its exit status.
  status=$dir/expected/exit-status.txt
  [ -e "$status" ] || { rm -rf "$ks"; continue; }
  while read -r name kind ex _ rest; do
    case $kind in script-nomerge|script-*) ;; *) continue ;; esac
    [ $kind = script-nomerge ] && continue
    if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
    if [ -n "${KINDS:-}" ] && ! [[ ",$KINDS," == *",$kind,"* ]]; then continue; fi
    exp=$dir/expected/$name.$kind.txt.gz
    # gen-golden.sh stores no golden that equals the plain `script` one.
    [ -e "$exp" ] || exp=$dir/expected/$name.script.txt.gz
    want_rc=${ex#exit=}
    read -ra argv <<< "${rest#perf script }"
    argv=("${argv[@]/--kallsyms=..\/kallsyms/--kallsyms=$ks/kallsyms}")
    out=$(mktemp) err=$(mktemp)
    input=$name.data
    if [[ $kind == script-header* || $kind == script-a-*--header* ]]; then  # "# captured on" is the file's mtime (see gen-golden.sh)
      cp "$dir/data/$name.data" "$ks/$name.data" && touch -d @946684800 "$ks/$name.data"
      input=$ks/$name.data
    fi
    argv=("${argv[@]/#$name.data/$input}")
    # Kinds that write next to their input or read ../not-owned.data (a copy owned by another
    # user) run in a scratch copy of the set's layout: data/NAME.data and ../symfs.
    cwd=$dir/data
    # (xenv: the one VAR=VALUE gen-golden.sh ran perf with for the kind)
    xenv=
    case $kind in
      script-per-event-dump|script-not-owned|script-not-owned-f|script-dlfilter|script-gen-*|script-list*)
        cwd=$ks/w/data; mkdir -p "$cwd"; ln -sfn "$PWD/$dir/symfs" "$ks/w/symfs"
        cp "$dir/data/$name.data" "$cwd/"
        # the dlfilter (tests/dlfilters/keep_symbol.c) at ../keep_symbol.so
        if { [ $kind = script-dlfilter ] || [[ $kind == script-list* ]]; } && ! { command -v g++ > /dev/null &&
             g++ -std=c++20 -shared -fPIC -Ilib -o "$ks/w/keep_symbol.so" tests/dlfilters/keep_symbol.c; }; then
          echo "SKIP $set.$name.$kind: cannot build the dlfilter (no g++)"
          rm -rf "$out" "$err" "$ks/w"; continue
        fi
        # -l, --list-dlfilters: perf's exec path tests/data/exec-path, that filter its one dlfilter
        if [[ $kind == script-list* ]]; then
          cp -r tests/data/exec-path "$ks/w/exec-path" && mkdir -p "$ks/w/exec-path/dlfilters" &&
            cp "$ks/w/keep_symbol.so" "$ks/w/exec-path/dlfilters/"
          xenv=PERF_EXEC_PATH=$ks/w/exec-path
        fi
        if [[ $kind == script-not-owned* ]]; then
          if ! not_owned_copy "$dir/data/$name.data" "$ks/w"; then
            echo "SKIP $set.$name.$kind: needs root to make a file owned by another user"
            rm -rf "$out" "$err" "$ks/w"; continue
          fi
        fi ;;
    esac
    [ $kind = script-xed ] && xenv=PATH=$PWD/tests/data/xed-standin:$PATH  # a stand-in xed
    (cd "$cwd" && env TZ=UTC ${xenv:+"$xenv"} "$CPERF" script "${argv[@]}" > "$out" 2> "$err")
    rc=$?
    # -g: its stdout, then the script it wrote after a "== NAME" line
    if [[ $kind == script-gen-* ]]; then
      for g in perf-script.py perf-script.pl; do
        [ -e "$cwd/$g" ] && { echo "== $g"; cat "$cwd/$g"; } >> "$out"
      done
    fi
    # --per-event-dump: its stdout, then each file it wrote after a "== NAME" line
    if [ $kind = script-per-event-dump ]; then
      for d in "$cwd/$name".data.*.dump; do echo "== ${d##*/}"; cat "$d"; done >> "$out"
    fi
    rm -rf "$ks/w"
    if [ $rc -ne "$want_rc" ]; then
      echo "EXIT $rc (perf: $want_rc): $set.$name.$kind: cperf script ${argv[*]}"; head -3 "$err"
      GOLDEN_FAILS=$((GOLDEN_FAILS+1))
    fi
    compare_golden "$set.$name.$kind" "$exp" "$out"
    # A failing command's error text must be perf's too (minus the chroot's environment lines),
    # and so must a dlfilter's report.
    experr=$dir/expected/$name.$kind.stderr.txt
    if { [ "$want_rc" != 0 ] || [ $kind = script-dlfilter ] || [[ $kind == script-gen-* ]]; } && [ -e "$experr" ]; then
      if grep -v -e '^cannot open maps$' -e '^Failed to read max cpus' "$experr" | cmp -s - "$err"; then
        GOLDEN_PASSES=$((GOLDEN_PASSES+1))
      else
        echo "STDERR differs: $set.$name.$kind"; diff <(grep -v -e '^cannot open maps$' -e '^Failed to read max cpus' "$experr") "$err" | head -4
        GOLDEN_FAILS=$((GOLDEN_FAILS+1))
      fi
    fi
    rm -f "$out" "$err" "$ks/$name.data"
  done < "$status"
  rm -rf "$ks"
done
golden_summary "script goldens"
