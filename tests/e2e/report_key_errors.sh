#!/bin/bash
# Unknown -s/--sort and -F/--fields keys and `-s parent` without callchains fail as perf 7.2
# does: perf's "Error:" lines and its option help on stderr (the help as perf 7.2 printed it
# for `-s foo`, tests/data/perf6.1/expected/g.report-s-foo.stderr.txt), exit status 0.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
fail=0
check() {  # check WANT_STDERR ARGS...
  local want=$1; shift
  "$CPERF" report --stdio "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  [ $rc = 0 ] || { echo "FAIL: report $*: exit $rc, want 0"; fail=1; }
  printf "$want" | cmp -s - "$tmp/err" || { echo "FAIL: report $*: stderr:"; cat "$tmp/err"; fail=1; }
}
g=tests/data/perf6.1/data/g.data
# perf's help after the error, with "%" doubled for printf; -F's names the option and its list so
sort_help=$(tail -n +3 tests/data/perf6.1/expected/g.report-s-foo.stderr.txt | sed 's/%/%%/g')
fields_help=$(printf '%s\n' "$sort_help" | sed 's/-s, --sort <key\[,key2...\]>/-F, --fields <key[,keys...]>/;
                                              s/sort by key(s): /output field(s): /')
check "Error:\nUnknown --sort key: \`xyz'\n$sort_help\n" -s comm,xyz -i $g
check "Error:\nUnknown --fields key: \`xyz'\n$fields_help\n" -F overhead,xyz -i $g
check "Error:\nSelected --sort parent, but no callchain data. Did you call 'perf record' without -g?\n" \
  -s parent -i tests/data/perf6.1/data/tracepoint.data
printf '# To display the perf.data header info, please use --header/--header-only options.\n#\n' |
  cmp -s - "$tmp/out" || { echo "FAIL: -s parent: stdout:"; head -5 "$tmp/out"; fail=1; }
[ $fail = 0 ] && echo "report key errors: as perf"
exit $fail
