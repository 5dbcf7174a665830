#!/bin/bash
# perf reads its config files at start up for every command and says what is wrong with them
# there: a ~/.perfconfig owned by another user (not root) is ignored with perf's warning, and a
# malformed line gives "bad config file line N in FILE"; the command then goes on. Checked for
# each command cperf runs itself, with perf 7.2's words (compared live when the oracle is here).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
[ "$(id -u)" = 0 ] || { echo "SKIP: needs root to give a config file to another user"; exit 77; }
id nobody > /dev/null 2>&1 || { echo "SKIP: no user 'nobody'"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"; oracle_cleanup' EXIT
have7=0; oracle_have_perf7 && have7=1
[ $have7 = 1 ] || echo "SKIP (part): live comparison with perf 7.2: $(oracle_why_not)"
mkdir -p "$T/home"
printf '[report]\n\tchildren = false\n' > "$T/home/.perfconfig" && chown nobody "$T/home/.perfconfig"
printf '[report]\n\tchildren = false\n this is not a key\n' > "$T/bad.cfg"
cp tests/data/perf7.2-defer/data/fp.data "$T/fp.data"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }
check() {  # check WANT_FIRST_LINE ENV CMD...: stderr's first line, and the command still ran
  local want=$1 env=$2; shift 2
  (cd "$T" && env $env "$CPERF" "$@" > out 2> err); local rc=$?
  [ "$(head -1 "$T/err")" = "$want" ] || fail "$env cperf $*: stderr starts '$(head -1 "$T/err")'"
  [ "$(grep -cF "$want" "$T/err")" = 1 ] || fail "$env cperf $*: said it $(grep -cF "$want" "$T/err") times"
  if [ $have7 = 1 ]; then
    (cd "$T" && export "$env" && perf7 "$@" > out7 2> err7); local rc7=$?
    [ "$(head -1 "$T/err7")" = "$want" ] || fail "perf 7.2 $*: stderr starts '$(head -1 "$T/err7")'"
    [ $rc = $rc7 ] || fail "$env $*: exit $rc, perf 7.2 $rc7"
  fi
}
own="File $T/home/.perfconfig not owned by current user or root, ignoring it."
bad="bad config file line 3 in $T/bad.cfg"
for cmd in "report --stdio -i fp.data" "script -i fp.data" "evlist -i fp.data" "buildid-list -i fp.data" \
           "record -q -e cpu-clock -o r.data -- true" "inject -i fp.data -o i.data" "version"; do
  check "$own" "HOME=$T/home" $cmd
  check "$bad" "PERF_CONFIG=$T/bad.cfg" $cmd
done
[ $fails = 0 ] && echo "PASS: every command says perf's words about a foreign or malformed config file, once"
[ $fails = 0 ]
