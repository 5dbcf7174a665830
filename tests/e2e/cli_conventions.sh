#!/bin/bash
# perf's command-line conventions: --version, help, -h, exit 129 on unknown options, long-option
# prefixes, and a one-line error with non-zero exit for a missing or bad input file.
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
# Private scratch files: two test runs on one machine must not read each other's output.
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fail=0
check() {  # description, expected exit, command...
  local what=$1 want=$2; shift 2
  "$@" > $T/cli.out 2> $T/cli.err; local rc=$?
  if [ "$rc" != "$want" ]; then echo "FAIL: $what: exit $rc, want $want"; fail=$((fail+1)); fi
}
check "--version" 0 "$CPERF" --version
grep -q '^perf version 7.2' $T/cli.out || { echo "FAIL: --version text"; fail=$((fail+1)); }
check "help" 0 "$CPERF" help
# -h: perf's usage text (stderr, status 129); with option names after it, only those options
check "report -h" 129 "$CPERF" report -h
grep -q -- '^    -D, --dump-raw-trace  dump raw trace in ASCII$' $T/cli.err ||
  { echo "FAIL: report -h does not list perf's options"; fail=$((fail+1)); }
check "script -h --stdio" 129 "$CPERF" script -h -F
[ "$(grep -c '^    -' $T/cli.err)" = 1 ] && grep -q '^    -F, --fields <str>' $T/cli.err ||
  { echo "FAIL: script -h -F is not -F's usage alone"; cat $T/cli.err; fail=$((fail+1)); }
check "inject -h" 129 "$CPERF" inject -h
grep -q '^ Usage: perf inject \[<options>\]$' $T/cli.err || { echo "FAIL: inject -h usage line"; fail=$((fail+1)); }
check "unknown option" 129 "$CPERF" report --no-such-option
# perf's words (parse-options.c) and usage line, for every command.
for c in "report --no-such-option|unknown option \`no-such-option'|perf report [<options>]" \
         "script -Z|unknown switch \`Z'|perf script [<options>]" \
         "inject --x=3|unknown option \`x=3'|perf inject [<options>]" \
         "evlist --zz|unknown option \`zz'|perf evlist [<options>]" \
         "record --bogus|unknown option \`bogus'|perf record [<options>] [<command>]"; do
  IFS='|' read -r args msg usage <<< "$c"
  # shellcheck disable=SC2086
  check "$args" 129 "$CPERF" $args
  printf '  Error: %s\n\n Usage: %s\n' "$msg" "$usage" | cmp -s - <(head -3 $T/cli.err) ||
    { echo "FAIL: $args: stderr is not perf's:"; head -3 $T/cli.err; fail=$((fail+1)); }
done
# perf check feature: 0 when every named feature is built in (cmd/check.cpp's table).
check "check feature dwarf" 0 "$CPERF" check feature -q dwarf
check "check feature libpython" 0 "$CPERF" check feature -q libpython
check "check feature libperl" 1 "$CPERF" check feature -q libperl
check "check feature unknown" 1 "$CPERF" check feature bogus
grep -qx "Unknown feature 'bogus', please use 'perf version --build-options' to see which ones are available." \
  $T/cli.err || { echo "FAIL: check feature unknown message"; fail=$((fail+1)); }
"$CPERF" check feature zstd | grep -qx '                  zstd: \[ on  \]  # HAVE_ZSTD_SUPPORT' ||
  { echo "FAIL: check feature zstd line"; fail=$((fail+1)); }
CPERF_OTHER_PERF= check "unknown command" 1 "$CPERF" frobnicate
grep -qx "perf: 'frobnicate' is not a perf-command. See 'perf --help'." $T/cli.err ||
  { echo "FAIL: unknown command message"; cat $T/cli.err; fail=$((fail+1)); }
# Commands cperf lacks go, unchanged, to another perf (cmd/other_perf.h); /bin/echo stands in.
CPERF_OTHER_PERF=/bin/echo check "hand-off" 0 "$CPERF" --no-pager stat -e cycles -- true
[ "$(cat $T/cli.out)" = "--no-pager stat -e cycles -- true" ] ||
  { echo "FAIL: hand-off did not pass the command line unchanged: $(cat $T/cli.out)"; fail=$((fail+1)); }
CPERF_OTHER_PERF=/bin/echo CPERF_HANDED_OVER=1 check "no second hand-off" 1 "$CPERF" stat
f=tests/data/perf7.2-defer/data/defer.data
check "prefix of --no-merge-callchains" 0 "$CPERF" script --no-merge-callchain -i "$f"
check "missing file" 255 "$CPERF" report -D -i /nonexistent/perf.data  # perf 7.2: failed to open, 255
[ "$(wc -l < $T/cli.err)" = 1 ] && grep -q '/nonexistent/perf.data' $T/cli.err ||
  { echo "FAIL: missing-file error is not one line naming the file"; cat $T/cli.err; fail=$((fail+1)); }
printf 'garbage that is not perf data at all' > $T/cli.bad
check "bad magic" 1 "$CPERF" evlist -i $T/cli.bad
grep -q 'bad magic' $T/cli.err || { echo "FAIL: bad magic message"; fail=$((fail+1)); }
# An option given twice: perf takes the last value of a one-value option (CLI11 alone refuses).
g=tests/data/perf6.1/data/g.data
"$CPERF" report --stdio --no-children -s sym -s dso -i "$g" > $T/cli.twice 2>/dev/null
"$CPERF" report --stdio --no-children -s dso -i "$g" > $T/cli.once 2>/dev/null
grep -v '^# (Tip' $T/cli.twice | cmp -s - <(grep -v '^# (Tip' $T/cli.once) ||
  { echo "FAIL: report -s sym -s dso is not -s dso"; fail=$((fail+1)); }
# script -F twice: the second overrides, with perf's warning; a field perf does not know gets
# perf's message and -F's usage (status 129)
check "script -F twice" 0 "$CPERF" script -F comm -F tid -i "$f"
grep -qx 'Overriding previous field request for all events.' $T/cli.err ||
  { echo "FAIL: no override warning for -F twice"; fail=$((fail+1)); }
check "script -F sw: twice" 0 "$CPERF" script -F sw:comm -F sw:tid -i "$f"
grep -qx 'Overriding previous field request for software events.' $T/cli.err ||
  { echo "FAIL: no override warning for -F sw: twice"; fail=$((fail+1)); }
check "script -F unknown" 129 "$CPERF" script -F foo -i "$f"
[ "$(head -1 $T/cli.err)" = "Invalid field requested." ] && grep -q '^ Usage: perf script \[<options>\]$' $T/cli.err &&
  grep -q '^    -F, --fields <str>    comma separated output fields' $T/cli.err ||
  { echo "FAIL: -F foo is not answered as perf"; cat $T/cli.err; fail=$((fail+1)); }
# A `perf` symlink to cperf behaves the same.
d=$(mktemp -d); make -s install PREFIX="$d" PERF_ALIAS=1 >/dev/null 2>&1
check "perf alias" 0 "$d/bin/perf" evlist -i "$f"
grep -q '^cpu-clock$' $T/cli.out || { echo "FAIL: perf alias output"; fail=$((fail+1)); }
rm -rf "$d" $T/cli.*
[ $fail -eq 0 ] && echo "cli conventions: all passed"
[ $fail -eq 0 ]
