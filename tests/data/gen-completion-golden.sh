#!/bin/bash
# gen-completion-golden.sh — stores what perf 7.2 prints for the lists its bash completion asks
# for, as goldens for tests/e2e/completion.sh:
#   completion/list-cmds.txt, completion/list-opts.txt     perf --list-cmds / --list-opts
#   completion/CMD.list-opts.txt, CMD.list-cmds.txt        perf CMD --list-opts / --list-cmds
# for every command cperf runs itself (COMMANDS below; add a command there when cperf gains
# one). Each file holds the exact bytes of stdout; CMD.rc holds the exit statuses
# ("list-opts N" and "list-cmds N"). Needs the perf 7.2 oracle (tests/oracle.sh; run natively,
# no root needed).
cd "$(dirname "$0")/../.." || exit 1
. tests/oracle.sh
oracle_have_perf7 || { echo "no perf 7.2: $(oracle_why_not)" >&2; exit 1; }
COMMANDS="record report script inject evlist data diff annotate buildid-list buildid-cache check list test config
kallsyms version help"
out=tests/data/completion
mkdir -p "$out"
perf7 --list-cmds > "$out/list-cmds.txt"
perf7 --list-opts > "$out/list-opts.txt"
for c in $COMMANDS; do
  perf7 "$c" --list-opts > "$out/$c.list-opts.txt" < /dev/null; a=$?
  perf7 "$c" --list-cmds > "$out/$c.list-cmds.txt" < /dev/null; b=$?
  printf 'list-opts %d\nlist-cmds %d\n' "$a" "$b" > "$out/$c.rc"
done
echo "wrote $(ls "$out" | wc -l) files to $out"
