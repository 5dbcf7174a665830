#!/bin/bash
# e2e: fixtures only (reads committed files, records nothing, asks no oracle)
# cperf script --xed: as perf 7.2, the output goes through Intel's xed disassembler, run as
# `xed -F insn: -A -64` (and `| less` on a terminal), whether stdout is a terminal or not. A
# stand-in `xed` on PATH shows what it was given; with none on PATH the output is lost and
# the status is perf's (the pager's pipe closed: SIGPIPE).
cd "$(dirname "$0")/../.." || exit 1
CPERF=${CPERF:-$PWD/cperf}
T=$(mktemp -d /tmp/cperf-xed.XXXXXX); trap 'rm -rf "$T"' EXIT
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
data=tests/data/perf6.1/data
mkdir -p "$T/bin" "$T/empty"
cat > "$T/bin/xed" <<'X'
#!/bin/sh
echo "$@" > "$XED_ARGS"
sed 's/^/xed| /'
X
chmod +x "$T/bin/xed"
(cd "$data" && XED_ARGS=$T/args PATH="$T/bin:$PATH" "$CPERF" script --insn-trace --xed -G -i g.data \
   --symfs=../symfs > "$T/out" 2> "$T/err"); rc=$?
[ $rc = 0 ] || fail "with a stand-in xed: status $rc ($(head -1 "$T/err"))"
[ "$(cat "$T/args" 2>/dev/null)" = "-F insn: -A -64" ] || fail "xed was run with '$(cat "$T/args" 2>/dev/null)'"
(cd "$data" && "$CPERF" script --insn-trace -G -i g.data --symfs=../symfs 2>/dev/null) | sed 's/^/xed| /' > "$T/want"
cmp -s "$T/want" "$T/out" || fail "the output did not go through xed whole"
[ -s "$T/want" ] || fail "no output to compare"
# no xed anywhere on PATH: perf's fate, nothing printed and a broken pipe
(cd "$data" && PATH="$T/empty" "$CPERF" script --insn-trace --xed -i g.data --symfs=../symfs > "$T/out" 2> "$T/err"); rc=$?
[ $rc = 141 ] || fail "without xed: status $rc, perf's is 141"
[ -s "$T/out" ] && fail "without xed: output printed"
grep -q "xed" "$T/err" || fail "without xed: the shell's complaint is missing: $(head -1 "$T/err")"
echo "script --xed: $fails failures"
[ $fails = 0 ]
