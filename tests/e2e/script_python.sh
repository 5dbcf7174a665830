#!/bin/bash
# cperf script -s: Python scripts get what perf 7.2 gives them.
#  1. Fixture goldens (tests/data/python/expected, made by perf 7.2 with
#     tests/data/gen-python-golden.sh): our own tests/scripts/dump_param_dict.py (every
#     param_dict key, tracepoint handler arguments, perf_trace_context), and perf's bundled
#     scripts (stackcollapse, event_analyzing_sample, flamegraph, task-analyzer,
#     syscall-counts) when a copy identical to the one the goldens were made with is found
#     (find_perf_scripts); otherwise those cases are skipped, with the reason.
#  2. Merged deferred stacks: the default hands the deferred user frames with each sample.
#  3. Live: recordings made here (raw_syscalls, sched_switch) run through syscall-counts,
#     syscall-counts-by-pid, task-analyzer and stackcollapse under cperf and under perf 7.2
#     (tests/oracle.sh), when both the oracle and the recording permission exist.
#  4. -g python, -l and script report NAME.
#  5. perf's export-to-sqlite.py: the database cperf writes (as `sqlite3 .dump`) equals the one
#     perf 7.2 wrote (tests/data/python/expected/sqlite-*.dump.gz), when cperf's Python has
#     PySide2's QtSql (Debian: python3-pyside2.qtsql) and sqlite3 is installed.
# Database export mode (perf_db_export_mode) is in 1 (tests/scripts/dump_db_export.py, the
# db-* cases), 3 (live recordings) and 5.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
. tests/e2e/_python_cases.sh
EXP=tests/data/python/expected
PERF_SCRIPTS=$(find_perf_scripts)
tmp=$(mktemp -d)
# perf's event_analyzing_sample.py keeps its database at the fixed path /dev/shm/perf.db: each
# script runs with a /dev/shm of its own (a private mount namespace, as root), or, where that
# cannot be, one at a time among all test runs on this machine (another run deleting the
# database under a running script made it fail, as perf does: an aborting Python error).
if [ "$(id -u)" = 0 ] && unshare -m --propagation private true 2> /dev/null; then
  own_shm() { unshare -m --propagation private sh -c 'mount -t tmpfs tmpfs /dev/shm && exec "$@"' sh "$@"; }
else
  own_shm() { flock /tmp/cperf-test-perf-db.lock sh -c 'rm -f /dev/shm/perf.db; exec "$@"' sh "$@"; }
fi
trap 'rm -rf "$tmp"' EXIT
skip() { echo "SKIP $*"; }
# Exact byte comparison (some outputs end without a newline).
compare_exact() {
  if zcat "$2" | cmp -s - "$3"; then GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else
    GOLDEN_FAILS=$((GOLDEN_FAILS+1)); mkdir -p tests/out; cp "$3" "tests/out/$1.actual"
    echo "MISMATCH $1 (tests/out/$1.actual)"; zcat "$2" | diff - "$3" | cut -c1-200 | head -6
  fi
}

same_script() {  # same_script NAME: is perf's NAME here the one the goldens were made with?
  [ -n "$PERF_SCRIPTS" ] || return 1
  local want; want=$(grep " $1\$" "$EXP/scripts.md5" | cut -d' ' -f1)
  [ "$(cd "$PERF_SCRIPTS" && md5sum "$1" | cut -d' ' -f1)" = "$want" ]
}

# 1. fixture goldens
while read -r name set file script args; do
  case $script in
    own:*) path=$PWD/tests/scripts/${script#own:} ;;
    perf:*)
      if ! same_script "${script#perf:}"; then
        skip "$name: perf 7.2's ${script#perf:} not found (PERF_SCRIPTS_DIR, the oracle, /usr/lib/perf-core)"
        continue
      fi
      path=$PERF_SCRIPTS/${script#perf:} ;;
  esac
  if ! case_env "$set" "$file" "$tmp"; then skip "$name: cannot unpack the $set corpus (xz)"; continue; fi
  # shellcheck disable=SC2086
  (cd "$CASE_DIR" && own_shm env HOME="$CASE_HOME" "$CPERF" script -i "$file" --kallsyms="$CASE_KALLSYMS" \
     --symfs="$CASE_SYMFS" -s "$path" -- $args < /dev/null > "$tmp/out" 2> "$tmp/err")
  compare_exact "python.$name" "$EXP/$name.txt.gz" "$tmp/out"
done < <(python_cases)

# 2. merged deferred stacks: every sample of defer.data whose user part was deferred comes with
#    user frames (main or __libc_start_call_main when the frame pointers reach it).
cat > "$tmp/users.py" <<'PY'
merged = total = 0
def process_event(d):
    global merged, total
    total += 1
    if any(f.get('sym', {}).get('name') == 'main' for f in d['callchain']):
        merged += 1
def trace_end():
    print("samples %d reaching main %d" % (total, merged))
PY
ks=$tmp/perf7.2-defer.kallsyms
[ -e "$ks" ] || zcat tests/data/perf7.2-defer/kallsyms.gz > "$ks"
m=$(cd tests/data/perf7.2-defer/data && "$CPERF" script -i defer.data --kallsyms="$ks" --symfs=../symfs -s "$tmp/users.py")
n=$(cd tests/data/perf7.2-defer/data && "$CPERF" script -i defer.data --kallsyms="$ks" --symfs=../symfs \
      --no-merge-callchains -s "$tmp/users.py" | grep -o 'samples.*')
if [ "$m" = "samples 907 reaching main 734" ] && [ "$n" = "samples 907 reaching main 0" ]; then
  GOLDEN_PASSES=$((GOLDEN_PASSES+1))
else
  echo "MISMATCH merged deferred stacks: '$m' / '$n'"; GOLDEN_FAILS=$((GOLDEN_FAILS+1))
fi

# 3. live recordings, cperf vs perf 7.2
. tests/oracle.sh
PERF7=$tmp/perf7; oracle_perf7_exe "$PERF7" || PERF7=/nonexistent/perf7
live() {  # live NAME FILE SCRIPT ARGS...: cperf's and perf 7.2's output must be equal
  local name=$1 file=$2 script=$3; shift 3
  (cd "$tmp" && own_shm "$CPERF" script -i "$file" -s "$script" -- "$@" < /dev/null > "$tmp/c.out" 2>/dev/null)
  (cd "$tmp" && own_shm env PERF_EXEC_PATH="$(dirname "$(dirname "$ORACLE_SCRIPTS")")" "$PERF7" script -i "$file" \
     -s "$script" -- "$@" < /dev/null > "$tmp/p.out" 2>/dev/null)
  if cmp -s "$tmp/c.out" "$tmp/p.out"; then GOLDEN_PASSES=$((GOLDEN_PASSES+1))
  else echo "MISMATCH live.$name"; diff "$tmp/p.out" "$tmp/c.out" | cut -c1-200 | head -6; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); fi
}
ORACLE_SCRIPTS=${ORACLE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/cperf-oracle}/sid/usr/lib/perf-core/scripts/python
if ! "$PERF7" version > /dev/null 2>&1 || ! [ -d "$ORACLE_SCRIPTS" ]; then
  skip "live recordings: no perf 7.2 oracle ($(oracle_why_not))"
elif ! (cd "$tmp" && "$CPERF" record -e raw_syscalls:sys_enter -o sc.data -- ls / > /dev/null 2>&1); then
  skip "live recordings: cannot record raw_syscalls:sys_enter here (tracefs, permissions)"
else
  live syscall-counts sc.data "$ORACLE_SCRIPTS/syscall-counts.py"
  live syscall-counts-by-pid sc.data "$ORACLE_SCRIPTS/syscall-counts-by-pid.py"
  live syscall-counts-comm sc.data "$ORACLE_SCRIPTS/syscall-counts.py" ls
  live dump-sc sc.data "$PWD/tests/scripts/dump_param_dict.py" 50
  if (cd "$tmp" && "$CPERF" record -e sched:sched_switch -a -o ss.data -- sleep 0.2 > /dev/null 2>&1); then
    live task-analyzer ss.data "$ORACLE_SCRIPTS/task-analyzer.py"
    live task-analyzer-ns ss.data "$ORACLE_SCRIPTS/task-analyzer.py" --ns --summary
    live dump-ss ss.data "$PWD/tests/scripts/dump_param_dict.py" 50
  else
    skip "live sched_switch: cannot record sched:sched_switch -a here"
  fi
  if (cd "$tmp" && "$CPERF" record -e page-faults -d -c 1 -o pf.data -- ls / > /dev/null 2>&1); then
    live dump-page-faults pf.data "$PWD/tests/scripts/dump_param_dict.py"  # the addr_* keys
    live db-page-faults pf.data "$PWD/tests/scripts/dump_db_export.py" callchains
  else
    skip "live page faults: cannot record here"
  fi
  if (cd "$tmp" && "$CPERF" record --switch-events -e cpu-clock -o sw.data -- sleep 0.1 > /dev/null 2>&1); then
    live side-band-hooks sw.data "$PWD/tests/scripts/side_band_hooks.py"
    live db-switch sw.data "$PWD/tests/scripts/dump_db_export.py" callchains  # context_switch rows
  else
    skip "live --switch-events: cannot record here"
  fi
  if (cd "$tmp" && "$CPERF" record -g -o g.data -- "$CPERF" test -w noploop 1 > /dev/null 2>&1); then
    live stackcollapse g.data "$ORACLE_SCRIPTS/stackcollapse.py"
    live event_analyzing_sample g.data "$ORACLE_SCRIPTS/event_analyzing_sample.py"
    live db-g g.data "$PWD/tests/scripts/dump_db_export.py" calls callchains
  else
    skip "live -g: cannot record here"
  fi
fi

# 4. -g python (perf 7.2's skeleton for tracepoint.data), -l, script report
tp=$PWD/tests/data/perf6.1/data/tracepoint.data
(cd "$tmp" && "$CPERF" script -g python -i "$tp" 2> gen.err)
compare_exact python.gen-skeleton "$EXP/gen-skeleton.txt.gz" "$tmp/perf-script.py"
mkdir -p "$tmp/exec/scripts/python/bin"
printf '#!/bin/sh\n# description: says hello\n# args: [name]\necho "hello $PERF_EXEC_PATH $*"\n' \
  > "$tmp/exec/scripts/python/bin/hello-report"
out=$(PERF_EXEC_PATH=$tmp/exec "$CPERF" script -l | head -2)
if [ "$out" = "$(printf 'List of available trace scripts:\n  hello [name]                         says hello')" ]; then
  GOLDEN_PASSES=$((GOLDEN_PASSES+1))
else echo "MISMATCH script -l: $out"; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); fi
out=$(PERF_EXEC_PATH=$tmp/exec "$CPERF" script report hello a b)
if [ "$out" = "hello $tmp/exec a b" ]; then GOLDEN_PASSES=$((GOLDEN_PASSES+1))
else echo "MISMATCH script report: $out"; GOLDEN_FAILS=$((GOLDEN_FAILS+1)); fi

# 5. export-to-sqlite.py
printf 'try:\n    from PySide2.QtSql import QSqlDatabase\n    print("ok")\nexcept Exception as e:\n    print("%%s" %% e)\n' > "$tmp/pyside2.py"
have=$("$CPERF" script -i tests/data/perf6.1/data/g.data -s "$tmp/pyside2.py" 2> /dev/null | tail -1)
if ! same_script export-to-sqlite.py; then
  skip "export-to-sqlite.py: perf 7.2's export-to-sqlite.py not found (PERF_SCRIPTS_DIR, the oracle, /usr/lib/perf-core)"
elif [ "$have" != ok ]; then
  skip "export-to-sqlite.py: cperf's Python has no PySide2.QtSql ($have; Debian: apt install python3-pyside2.qtsql)"
elif ! command -v sqlite3 > /dev/null; then
  skip "export-to-sqlite.py: no sqlite3 to dump the database (apt install sqlite3)"
else
  while read -r name set file args; do
    if ! case_env "$set" "$file" "$tmp"; then skip "$name: cannot unpack the $set corpus (xz)"; continue; fi
    rm -f "$tmp/$name.db"
    # shellcheck disable=SC2086
    (cd "$CASE_DIR" && HOME=$CASE_HOME "$CPERF" script -i "$file" --kallsyms="$CASE_KALLSYMS" \
       --symfs="$CASE_SYMFS" -s "$PERF_SCRIPTS/export-to-sqlite.py" -- "$tmp/$name.db" $args \
       < /dev/null > /dev/null 2> "$tmp/err")
    sqlite3 "$tmp/$name.db" .dump > "$tmp/out" 2>> "$tmp/err"
    compare_exact "python.$name" "$EXP/$name.dump.gz" "$tmp/out"
  done < <(sqlite_cases)
fi
golden_summary "script python"
