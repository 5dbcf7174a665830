#!/bin/bash
# `cperf config` against perf 7.2 (run natively, tests/oracle.sh), case by case on the same
# files: each case makes a HOME for each of them, runs `config ARGS` there and compares stdout,
# stderr (the HOME's path written as HOME), the exit status and the config file left behind.
# Covers -l, get, set, the errors and usage, perf's syntax (comments, quotes, escapes,
# subsections, malformed lines), $PERF_CONFIG, --user/--system, PERF_CONFIG_NOGLOBAL, no HOME,
# and (as root) the ownership rule: a ~/.perfconfig owned by another user is ignored, with
# perf's warning. Never writes the system file (--system is only read).
cd "$(dirname "$0")/../.." || exit 1
CPERF=$PWD/cperf
. tests/oracle.sh
oracle_have_perf7 || { echo "SKIP: config needs perf 7.2 to compare with: $(oracle_why_not)"; exit 77; }
T=$(mktemp -d); trap 'rm -rf "$T"' EXIT
fails=0 n=0

run_one() {  # run_one WHO DIR SETUP ENV ARGS...
  local who=$1 dir=$2 setup=$3 envs=$4; shift 4
  rm -rf "$dir"; mkdir -p "$dir/home"
  (cd "$dir/home" && H=$dir/home && eval "$setup")
  (
    cd "$dir/home" || exit 1
    H=$dir/home
    export HOME=$H
    if [ "$envs" = NOHOME ]; then unset HOME; elif [ -n "$envs" ]; then eval "export $envs"; fi
    if [ "$who" = perf7 ]; then perf7 config "$@"; else "$CPERF" config "$@"; fi
  ) > "$dir/out" 2> "$dir/err" < /dev/null
  echo $? > "$dir/rc"
  sed -i "s|$dir/home|HOME|g" "$dir/out" "$dir/err"
  (cd "$dir/home" && for f in .perfconfig *.cfg; do [ -f "$f" ] && { echo "== $f"; cat "$f"; }; done) > "$dir/files" 2>&1
}

case_() {  # case_ SETUP ENV ARGS...
  n=$((n + 1))
  run_one perf7 "$T/p" "$@"
  run_one cperf "$T/c" "$@"
  local what
  for what in out err rc files; do
    if ! cmp -s "$T/p/$what" "$T/c/$what"; then
      fails=$((fails + 1))
      echo "MISMATCH ($what) config ${*:3} [setup: $1] [env: $2]"
      diff "$T/p/$what" "$T/c/$what" | head -6
      return
    fi
  done
}

cfg() { printf "$1" > "$H/.perfconfig"; }  # used in the setups
export -f cfg 2> /dev/null
BASIC='cfg "[report]\n\tchildren = false\n\tsort_order = dso\n[call-graph]\nrecord-mode = dwarf\n"'

# No file.
case_ '' '' ; case_ '' '' -l ; case_ '' '' report.children ; case_ '' '' report.children=false
case_ '' '' a.b.c=1 ; case_ '' '' 'a.b c=2' ; case_ '' '' Report.X=1
# Listing, getting and setting.
case_ "$BASIC" '' ; case_ "$BASIC" '' -l ; case_ "$BASIC" '' --list ; case_ "$BASIC" '' -l -l
case_ "$BASIC" '' report.children ; case_ "$BASIC" '' report.children call-graph.record-mode nosuch.key
case_ "$BASIC" '' report.children=true report.sort_order=sym ; case_ "$BASIC" '' report.x=9 report.x
case_ "$BASIC" '' u.k=7 x.y=2 u.k=8 ; case_ "$BASIC" '' report ; case_ "$BASIC" '' report.children report
case_ "$BASIC" '' report.children=1 c ; case_ "$BASIC" '' -- report.children ; case_ "$BASIC" '' reportx.children
# Errors and usage (--help is the manual page: cperf's own, tests/e2e/man_pages.sh).
for a in bogus .x x. =x x.y= -h --bogus --no-bogus -x -lx -lh --user=1 --list=3 --no-list --li --us \
         '--user --system' '--user --system -l' '-l report.children' 'a.b=1 -l'; do
  # shellcheck disable=SC2086
  case_ "$BASIC" '' $a
done
# Syntax.
for text in '; c\n# c2\n[Report]\n  Children=TRUE  # t\n  sort_order = "dso, sym" ;x\n' \
    '[a]\nChIlDren = 1\n' '[a]\nk=\n' '[a]\nk = "  x  y " z  w \n' '[a]\nk = x\\\\ty\\\\\\\\z\\\\"q\n' \
    '[a]\nk = x\\\\qy\n' '[a]\nk = "open\n' '[a "Sub.X"]\nk = 1\n' '[a.b]\nk = 1\n' '[a]\n1k = 1\n' \
    '[a]\nk_x-y = 1\n' '\\xef\\xbb\\xbf[a]\nk = 1\n' '[a]\nk = 1\\r\\nj = 2\\r\\n' 'k = 1\n' \
    '[a]\nk = 1\\\\\n 2\n' '[a]\nk = 1' '[a] k = 1\n' '[a]\nk=1\nk=2\n[b]\nz=1\n[a]\nm=3\n' '[A]\nk=1\n' \
    '[a b]\nk=1\n' '[]\nk=1\n' '[u]\nk=1\nrecord-mode\nz=2\n' '' '\n\n# only comments\n'; do
  case_ "cfg '$text'" '' -l
  case_ "cfg '$text'" '' a.k
  case_ "cfg '$text'" '' new.key=v
done
# The files perf reads.
X='cfg "[u]\nk=1\n"; printf "[x]\nk=2\n" > x.cfg'
case_ "$X" 'PERF_CONFIG=$H/x.cfg' -l ; case_ "$X" 'PERF_CONFIG=$H/x.cfg' x.j=3
case_ "$X" 'PERF_CONFIG=$H/none.cfg' -l ; case_ "$X" 'PERF_CONFIG=$H/none.cfg' a.b=1
case_ "$X" 'PERF_CONFIG=' -l ; case_ "$X" 'PERF_CONFIG=$H' a.b=1 ; case_ "$X" 'PERF_CONFIG=$H' -l
case_ "$X" 'PERF_CONFIG=$H/x.cfg' --user -l ; case_ "$X" 'PERF_CONFIG=$H/x.cfg' --user u.z=5
case_ "$X" 'PERF_CONFIG=$H/x.cfg' --system -l ; case_ "$X" '' --system -l ; case_ "$X" '' --user -l
case_ "$X" 'PERF_CONFIG_NOGLOBAL=1' -l ; case_ "$X" 'PERF_CONFIG_NOGLOBAL=0' -l
case_ "$X" 'PERF_CONFIG_NOGLOBAL=yes' u.k ; case_ "$X" NOHOME -l
case_ "$X; printf '[x]\nbad\n' > bad.cfg" 'PERF_CONFIG=$H/bad.cfg' -l
case_ "cfg '[u]\nk=1\nbad\n'" '' --user -l ; case_ "cfg '[u]\nk=1\nbad\n'" '' --system -l
# Ownership: a ~/.perfconfig of another user (not root) is ignored, with a warning.
if [ "$(id -u)" = 0 ] && id nobody > /dev/null 2>&1; then
  O='cfg "[u]\nk=1\n"; chown nobody .perfconfig'
  case_ "$O" '' -l ; case_ "$O" '' u.k ; case_ "$O" '' --user -l ; case_ "$O" '' u.z=2
  case_ "$O" '' --system -l ; case_ "cfg '[u]\nk=1\nbad\n'; chown nobody .perfconfig" '' --user -l
  case_ "cfg '[u]\nk=1\n'; chown root .perfconfig" '' -l
else
  echo "SKIP (part): the ownership rule needs root and a user 'nobody'"
fi
echo "config: $n cases, $fails mismatches with perf 7.2"
[ $fails -eq 0 ]
