#!/bin/bash
# Shell completion. (1) cperf's answers to the questions perf's completion asks — `--list-cmds`,
# `--list-opts`, `CMD --list-opts`, `CMD --list-cmds` — are perf 7.2's, byte for byte and with
# its exit statuses (goldens in tests/data/completion, made by perf 7.2 with
# tests/data/gen-completion-golden.sh). (2) completion/cperf.bash, sourced by a non-interactive
# bash, registers itself for cperf and perf and completes `cperf rep` to `report`,
# `cperf report --no-ch` to `--no-children`, and the same through a `perf` that is cperf.
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
G=tests/data/completion
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0 n=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

# check NAME GOLDEN WANT_RC ARGS...: stdout bytes and exit status.
check() {
  local name=$1 golden=$2 want=$3; shift 3
  n=$((n + 1))
  "$CPERF" "$@" > "$T/out" 2> "$T/err" < /dev/null
  local rc=$?
  cmp -s "$golden" "$T/out" || { fail "$name: output differs from perf 7.2's"; diff "$golden" "$T/out" | head -4; }
  [ "$rc" = "$want" ] || fail "$name: exit status $rc, perf 7.2's is $want"
  [ -s "$T/err" ] && fail "$name: wrote to stderr: $(head -1 "$T/err")"
}
check "--list-cmds" $G/list-cmds.txt 0 --list-cmds
check "--list-opts" $G/list-opts.txt 0 --list-opts
check "--no-pager --list-cmds" $G/list-cmds.txt 0 --no-pager --list-cmds
for f in $G/*.rc; do
  c=$(basename "$f" .rc)
  check "$c --list-opts" "$G/$c.list-opts.txt" "$(awk '$1 == "list-opts" {print $2}' "$f")" "$c" --list-opts
  check "$c --list-cmds" "$G/$c.list-cmds.txt" "$(awk '$1 == "list-cmds" {print $2}' "$f")" "$c" --list-cmds
done
# perf answers wherever the request comes among valid options, but not after "--".
check "report --stdio --list-opts" $G/report.list-opts.txt 130 report --stdio --list-opts

# The completion script, in a bash that is not interactive; `cperf` and `perf` are this build.
mkdir "$T/bin" && ln -s "$CPERF" "$T/bin/cperf" && ln -s "$CPERF" "$T/bin/perf"
# complete_words WORD...: what completing the last word offers, one per line.
cat > "$T/run.sh" <<'EOS'
. completion/cperf.bash || exit 1
complete -p cperf > /dev/null || { echo "NOT-REGISTERED cperf"; exit 1; }
complete -p perf > /dev/null || { echo "NOT-REGISTERED perf"; exit 1; }
COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); COMP_LINE="$*"; COMP_POINT=${#COMP_LINE}
_cperf_complete "$1" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
printf '%s\n' "${COMPREPLY[@]}"
EOS
expect() {  # expect "WANT" WORDS...: the offers, sorted and joined by spaces, must be WANT
  local want=$1; shift
  n=$((n + 1))
  local got; got=$(PATH=$T/bin:$PATH bash --norc --noprofile "$T/run.sh" "$@" | sort | xargs)
  [ "$got" = "$want" ] || fail "completing '$*': got '$got', want '$want'"
}
expect "report" cperf rep
expect "--no-children" cperf report --no-ch
expect "--no-children" perf report --no-ch
expect "report" perf rep
expect "record report" cperf --no-pager re
expect "--list-cmds --list-opts" cperf --list
expect "--children" cperf report -i perf.data --ch
expect "--call-graph --children --column-widths --comms --cpu" cperf report --c
expect "--buildid-all --buildid-mmap" cperf record --buildid-
expect "feature" cperf check fe
expect "--quiet" cperf check feature --qu
expect "" cperf report --no-such-opt
echo "completion: $n checks, $fails failures"
[ $fails -eq 0 ]
