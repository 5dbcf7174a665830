#!/bin/bash
# `cperf inject` pass-through on every recording in tests/data: for each of file->file,
# file->pipe (stdout), pipe->file (stdin) and pipe->pipe, the output must read exactly like the
# input in `cperf script --no-merge-callchains` and in `cperf script` (merged), and
# `cperf report -D` must show the same records (types, sizes and decoded lines; offsets and the
# path differ). Conversions are also chained back (file->pipe->file) and checked the same way.
# With root and the oracle's chroot (tests/oracle.sh), upstream perf 7.2's `perf script`
# of the file->file and file->pipe outputs must equal its golden of the input
# (expected/NAME.script{,-nomerge}.txt.gz), run like tests/data/gen-golden.sh runs it.
# Exits non-zero on any difference; the differing outputs stay in tests/out/inject-*.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
. tests/oracle.sh
tmp=$(mktemp -d /tmp/cperf-inject.XXXXXX)
trap 'rm -rf "$tmp"; oracle_cleanup' EXIT
fails=0; passes=0

# Records of report -D without offsets and the file name: "0x1a8@x.data [0x90]: event: 69"
# -> "[0x90]: event: 69"; "123 0x2d0 [0x40]: PERF_RECORD_..." -> "123 [0x40]: PERF_RECORD_...".
# Pipe and file streams hold a different set of header records (attrs, features, tracing data
# and build ids are records in a pipe, sections in a file), so those record types are dropped.
dump_records() {
  "$CPERF" report -D -i "$1" 2>&1 |
    sed -E 's/^0x[0-9a-f]+@[^ ]+ /@ /; s/^([0-9]+ )?0x[0-9a-f]+ \[/\1[/' |
    grep -E '^(@ |[0-9]+ \[|\[)' |
    grep -Ev 'event: (64|65|66|67|78|80)$|PERF_RECORD_(HEADER_)?(ATTR|FEATURE|TRACING_DATA|BUILD_ID|EVENT_UPDATE|EVENT_TYPE)'
}

check() {  # check LABEL INPUT OUTPUT SETDIR KALLSYMS
  local label=$1 in=$2 out=$3 dir=$4 ks=$5 what ok=1
  for what in script script-nomerge dump; do
    case $what in
      script) "$CPERF" script -i "$in" --kallsyms="$ks" --symfs="$dir/symfs" > "$tmp/a" 2>&1
              "$CPERF" script -i "$out" --kallsyms="$ks" --symfs="$dir/symfs" > "$tmp/b" 2>&1 ;;
      script-nomerge)
              "$CPERF" script --no-merge-callchains -i "$in" --kallsyms="$ks" --symfs="$dir/symfs" > "$tmp/a" 2>&1
              "$CPERF" script --no-merge-callchains -i "$out" --kallsyms="$ks" --symfs="$dir/symfs" > "$tmp/b" 2>&1 ;;
      dump)   dump_records "$in" > "$tmp/a"; dump_records "$out" > "$tmp/b" ;;
    esac
    # perf 6.1's pipe ends its features with a marker perf 7.2 reads as a CPU_DOMAIN_INFO
    # feature and warns about; a file written by inject has its features whole (an injected
    # pipe keeps the marker): the warning is the input's, not a difference
    sed -i '/^Invalid HEADER_CPU_DOMAIN_INFO: section too small (0) for [0-9]* CPUs$/d' "$tmp/a" "$tmp/b"
    if ! cmp -s "$tmp/a" "$tmp/b"; then
      ok=0
      mkdir -p tests/out
      cp "$tmp/a" "tests/out/inject-$label.$what.expected"; cp "$tmp/b" "tests/out/inject-$label.$what.actual"
      echo "MISMATCH $label ($what): $(diff "$tmp/a" "$tmp/b" | grep -c '^[<>]') lines"
      diff "$tmp/a" "$tmp/b" | head -4
    fi
  done
  if [ $ok = 1 ]; then passes=$((passes+1)); else fails=$((fails+1)); fi
}

for set in perf7.2-defer perf6.1; do
  dir=tests/data/$set
  ks=$(kallsyms_dir "$dir"); ksf=$ks/kallsyms
  for f in "$dir"/data/*.data; do
    name=$(basename "$f" .data)
    if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
    o=$tmp/$name
    "$CPERF" inject -i "$f" -o "$o.ff.data" || { echo "EXIT $?: $set.$name file->file"; fails=$((fails+1)); }
    "$CPERF" inject -i "$f" > "$o.fp.data" || { echo "EXIT $?: $set.$name file->pipe"; fails=$((fails+1)); }
    "$CPERF" inject -o "$o.pf.data" < "$f" || { echo "EXIT $?: $set.$name stdin->file"; fails=$((fails+1)); }
    # pipe->pipe needs a pipe-format stream: the file itself, or its conversion.
    if [ "$(head -c 16 "$f" | od -An -tx1 | tr -d ' \n')" = 50455246494c4532""1000000000000000 ]; then
      cat "$f" | "$CPERF" inject > "$o.pp.data" || { echo "EXIT $?: $set.$name pipe->pipe"; fails=$((fails+1)); }
    else
      "$CPERF" inject -i "$f" | "$CPERF" inject > "$o.pp.data" || { echo "EXIT $?: $set.$name pipe->pipe"; fails=$((fails+1)); }
    fi
    "$CPERF" inject -i "$f" | "$CPERF" inject -o "$o.fpf.data" || { echo "EXIT $?: $set.$name file->pipe->file"; fails=$((fails+1)); }
    for k in ff fp pf pp fpf; do check "$set.$name.$k" "$f" "$o.$k.data" "$dir" "$ksf"; done
    # A pipe stream stays a pipe stream byte for byte through pipe->pipe.
    if [ "$(head -c 16 "$f" | od -An -tx1 | tr -d ' \n')" = 50455246494c4532""1000000000000000 ] && ! cmp -s "$f" "$o.pp.data"; then
      echo "MISMATCH $set.$name: pipe->pipe is not byte-identical"; fails=$((fails+1))
    fi
  done
  # Upstream perf 7.2 reads the injected files like the originals.
  if oracle_have_chroot; then
    oracle_scratch c; rel=$c_IN
    mkdir -p "$c/data"; cp -rL "$dir/symfs" "$c/symfs"; cp "$ksf" "$c/kallsyms"
    for f in "$dir"/data/*.data; do
      name=$(basename "$f" .data)
      if [ -n "${ONLY:-}" ] && ! [[ " $ONLY " == *" $name "* ]]; then continue; fi
      for k in ff fp; do
        cp "$tmp/$name.$k.data" "$c/data/$name.data"
        for kind in script script-nomerge; do
          exp=$dir/expected/$name.$kind.txt.gz; [ -e "$exp" ] || continue
          extra=; [ $kind = script-nomerge ] && extra=--no-merge-callchains
          oracle_chroot_perf "$rel" script $extra -i "$rel/data/$name.data" \
            --kallsyms="$rel/kallsyms" --symfs="$rel/symfs" > "$tmp/o72" 2>/dev/null
          if zcat "$exp" | cmp -s - "$tmp/o72"; then passes=$((passes+1))
          else fails=$((fails+1)); echo "MISMATCH perf 7.2 on $set.$name.$k ($kind): $(zcat "$exp" | diff - "$tmp/o72" | grep -c '^[<>]') lines"
          fi
        done
      done
    done
    oracle_cleanup
  else
    echo "note: perf 7.2 check of $set skipped: $(oracle_why_not)"
  fi
  rm -rf "$ks"
done
echo "inject round trip: $passes identical, $fails different"
[ $fails -eq 0 ]
