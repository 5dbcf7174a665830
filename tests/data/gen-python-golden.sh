#!/bin/bash
# Regenerates tests/data/python/expected/: perf 7.2 (the oracle, ../shared/oracle/perf7, run
# natively) running the cases of tests/e2e/_python_cases.sh — our own scripts and perf 7.2's
# bundled ones, with perf 7.2's own helper modules (PERF_EXEC_PATH = the oracle's perf-core).
# Each golden is NAME.txt.gz (stdout); scripts.md5 records the md5 of each perf script used,
# so that the test can tell whether the scripts it finds are the same.
#   gen-python-golden.sh [REGEX]   only the cases whose name matches REGEX (e.g. '^db-')
set -u
ONLY=${1:-}
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_python_cases.sh
PERF7=${PERF7:-$(cd .. && pwd)/shared/oracle/perf7}
OHOME=${ORACLE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/cperf-oracle}
ORACLE=$OHOME/sid/usr/lib/perf-core
[ -x "$PERF7" ] && [ -d "$ORACLE/scripts/python" ] || { echo "no perf 7.2 oracle" >&2; exit 1; }
out=tests/data/python/expected
SHIM=$PWD/tests/data/python/pyside2-shim
mkdir -p "$out"
: > "$out/scripts.md5.new"
tmp=$(mktemp -d)
python_cases | while read -r name set file script args; do
  if [ -n "$ONLY" ] && ! [[ $name =~ $ONLY ]]; then
    grep " ${script#perf:}\$" "$out/scripts.md5" >> "$out/scripts.md5.new" 2>/dev/null
    continue
  fi
  case_env "$set" "$file" "$tmp" || { echo "$name: cannot unpack $set" >&2; continue; }
  case $script in
    own:*) path=$PWD/tests/scripts/${script#own:} ;;
    perf:*) path=$ORACLE/scripts/python/${script#perf:}
            (cd "$ORACLE/scripts/python" && md5sum "${script#perf:}") >> "$out/scripts.md5.new" ;;
  esac
  rm -f /dev/shm/perf.db
  # shellcheck disable=SC2086
  (cd "$CASE_DIR" && HOME=$CASE_HOME ORACLE_HOME=$OHOME \
     PERF_EXEC_PATH=$ORACLE "$PERF7" script -i "$file" --kallsyms="$CASE_KALLSYMS" \
     --symfs="$CASE_SYMFS" -s "$path" -- $args < /dev/null) 2>/dev/null | gzip -9n > "$out/$name.txt.gz"
  echo "$name: $(zcat "$out/$name.txt.gz" | wc -l) lines"
done
# export-to-sqlite.py: perf 7.2's database as `sqlite3 .dump`. perf 7.2's (sid) Python has
# PySide6, not PySide2: tests/data/python/pyside2-shim gives it PySide2.QtSql.
if [ -z "$ONLY" ] || [[ sqlite- =~ $ONLY ]]; then
  (cd "$ORACLE/scripts/python" && md5sum export-to-sqlite.py) >> "$out/scripts.md5.new"
  sqlite_cases | while read -r name set file args; do
    case_env "$set" "$file" "$tmp" || { echo "$name: cannot unpack $set" >&2; continue; }
    rm -f "$tmp/$name.db"
    # shellcheck disable=SC2086
    (cd "$CASE_DIR" && HOME=$CASE_HOME ORACLE_HOME=$OHOME PYTHONPATH=$SHIM \
       PERF_EXEC_PATH=$ORACLE "$PERF7" script -i "$file" --kallsyms="$CASE_KALLSYMS" \
       --symfs="$CASE_SYMFS" -s "$ORACLE/scripts/python/export-to-sqlite.py" -- "$tmp/$name.db" $args \
       < /dev/null > /dev/null 2>&1)
    sqlite3 "$tmp/$name.db" .dump | gzip -9n > "$out/$name.dump.gz"
    echo "$name: $(zcat "$out/$name.dump.gz" | wc -l) lines"
  done
elif [ -e "$out/scripts.md5" ]; then
  grep " export-to-sqlite.py\$" "$out/scripts.md5" >> "$out/scripts.md5.new"
fi
rm -f /dev/shm/perf.db
sort -u "$out/scripts.md5.new" > "$out/scripts.md5" && rm -f "$out/scripts.md5.new"
rm -rf "$tmp"
