#!/bin/bash
# gen-golden.sh — perf 7.2's outputs for the real-system corpus (corpus.tar.xz), made with
# perf 7.2 run natively on the machine that recorded it (tests/oracle.sh: perf7), from the
# unpacked corpus: S="--symfs=SYMFS --kallsyms=KALLSYMS", HOME empty (no build-id cache).
#   bash tests/data/realsys/gen-golden.sh [KIND...]   # writes expected/NAME.KIND.txt.gz
#                                                     # (every kind, or only those named)
# Two symfs: "dbg" is the corpus's (with the debug files of libc6-dbg & co), "nodbg" the same
# without usr/lib/debug; perf's libdw also looks in the host's /usr/lib/debug by build id, so
# the nodbg runs hide it under a tmpfs in a private mount namespace (root).
# It also checks that the dbg script golden equals perf 7.2's plain output on this machine
# (no --symfs, no --kallsyms): the corpus holds every file perf used.
set -euo pipefail
cd "$(dirname "$0")"
here=$PWD
. ../../oracle.sh
oracle_have_perf7 || { echo "gen-golden: $(oracle_why_not)" >&2; exit 1; }
W=$(mktemp -d /tmp/realsys-golden.XXXXXX); trap 'rm -rf "$W"' EXIT
xz -dc corpus.tar.xz | tar -xf - -C "$W"
zcat "$W/kallsyms.gz" > "$W/kallsyms"
mkdir -p "$W/home" expected
cp -al "$W/symfs" "$W/symfs-nodbg"; rm -rf "$W/symfs-nodbg/usr/lib/debug"
kinds() {  # KIND ARGS, one per line
  cat <<'K'
script|script
report-children|report --stdio
report|report --stdio --no-children
report-caller|report --stdio --no-children -g caller
report-dso-sym|report --stdio --no-children -s dso,sym
script-srcline|script -F +srcline
report-srcline|report --stdio --no-children -s srcline -g none
report-srcline-graph|report --stdio --no-children -s srcline
report-srcline-children|report --stdio -s srcline
script-nomerge|script --no-merge-callchains
script-noinline|script --no-inline
report-noinline|report --stdio --no-inline
report-hierarchy|report --stdio --hierarchy
report-hierarchy-flat|report --stdio --hierarchy --no-children -s dso,sym,comm -g caller
report-v|report --stdio -v
report-v-dso-sym|report --stdio -v --no-children -s dso,sym -g none
script-insn-trace|script --insn-trace
script-insn|script -F comm,tid,ip,sym,dso,insn,insnlen -G
dump-ustack|report -D
report-type|report --stdio --no-children -g none -s type
report-typeoff|report --stdio --no-children -g none -s typeoff
report-typecln|report --stdio --no-children -g none -s typecln
report-type-sym|report --stdio --no-children -g none -s type,sym
report-type-dso-sym|report --stdio --no-children -g none -s type,dso,sym
report-type-children|report --stdio -g none -s type
report-type-graph|report --stdio --no-children -s type,sym
report-type-graph-children|report --stdio -s typeoff
K
}
for f in "$W"/data/*.data; do
  name=$(basename "$f" .data)
  kallsyms=$W/kallsyms  # a recording of another kernel (the 7.2 VM's) brings its own
  if [ -e "$W/data/$name.kallsyms.gz" ]; then zcat "$W/data/$name.kallsyms.gz" > "$W/$name.kallsyms"; kallsyms=$W/$name.kallsyms; fi
  while IFS='|' read -r kind args; do
    case $kind-$name in *-nomerge-*defer*) ;; *-nomerge-*) continue ;; esac
    # the dump's user-stack lines only (the whole dump of a stack-copying file is megabytes),
    # of the --call-graph dwarf recordings
    case $kind-$name in dump-ustack-*dwarf*) ;; dump-ustack-*) continue ;; esac
    keep() { if [ "$kind" = dump-ustack ]; then grep '^\.\.\. ustack:' || true; else cat; fi; }
    if [ $# -gt 0 ] && ! printf '%s\n' "$@" | grep -qx -- "$kind"; then continue; fi
    # shellcheck disable=SC2086
    (cd "$W/data" && HOME=$W/home perf7 $args -i "$name.data" --symfs="$W/symfs" --kallsyms="$kallsyms" 2>/dev/null) |
      { grep -v '^# (Tip:' || true; } | keep | gzip -9n > "expected/$name.$kind.txt.gz"
    # shellcheck disable=SC2086
    unshare -m --propagation private bash -c 'mount -t tmpfs none /usr/lib/debug && cd "$0" && exec "$@"' \
      "$W/data" env HOME="$W/home" PYTHONHOME="$ORACLE_SID/usr" "$_oracle_loader" \
      --library-path "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" \
      --argv0 perf "$ORACLE_SID/usr/bin/perf" $args -i "$name.data" --symfs="$W/symfs-nodbg" \
      --kallsyms="$kallsyms" 2>/dev/null | { grep -v '^# (Tip:' || true; } | keep | gzip -9n > "expected/$name.$kind-nodbg.txt.gz"
  done < <(kinds)
  plain=()
  [ "$kallsyms" = "$W/kallsyms" ] || plain=(--kallsyms="$kallsyms")
  if (cd "$W/data" && HOME=$W/home perf7 script -i "$name.data" "${plain[@]}" 2>/dev/null) | cmp -s - <(zcat "expected/$name.script.txt.gz"); then
    echo "$name: goldens written; plain perf 7.2 script on this machine gives the same"
  else
    echo "$name: goldens written; NOTE: plain perf 7.2 script here differs from the --symfs one"
  fi
done
