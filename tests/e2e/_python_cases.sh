# The fixture cases of tests/e2e/script_python.sh and tests/data/gen-python-golden.sh, one per
# line: NAME SET FILE SCRIPT [SCRIPT ARGS...]. SCRIPT is "own:FILE" (tests/scripts/FILE) or
# "perf:FILE" (one of perf's bundled scripts, found by find_perf_scripts). Each runs as
#   cd tests/data/SET/data && perf script -i FILE --kallsyms=K --symfs=../symfs -s SCRIPT ARGS
# (K: the set's unpacked kallsyms.gz). The "realsys" set runs from its unpacked corpus
# (tests/data/realsys/corpus.tar.xz: data/, symfs/, kallsyms; HOME pointed at an empty dir).
python_cases() {
  cat <<'CASES'
dump-defer perf7.2-defer defer.data own:dump_param_dict.py 25
dump-defer-mt perf7.2-defer defer-mt.data own:dump_param_dict.py 25
dump-defer-pipe perf7.2-defer defer-pipe.data own:dump_param_dict.py 25
dump-fp perf7.2-defer fp.data own:dump_param_dict.py 25
dump-g61 perf6.1 g.data own:dump_param_dict.py 25
dump-dwarf61 perf6.1 dwarf.data own:dump_param_dict.py 10
dump-zstd61 perf6.1 zstd.data own:dump_param_dict.py 10
dump-tracepoint61 perf6.1 tracepoint.data own:dump_param_dict.py 44
dump-branch-stack synthetic branch-stack.data own:dump_param_dict.py 25
dump-cookie-mismatch synthetic cookie-mismatch.data own:dump_param_dict.py 25
dump-stat-records synthetic stat-records.data own:dump_param_dict.py 25
dump-lbr-kernel synthetic lbr-kernel.data own:dump_param_dict.py 25
stackcollapse-lbr-stitch synthetic lbr-stitch.data perf:stackcollapse.py
hooks-side-band synthetic side-band.data own:side_band_hooks.py
hooks-stat-records synthetic stat-records.data own:side_band_hooks.py
hooks-defer-syswide perf7.2-defer defer-syswide.data own:side_band_hooks.py
stackcollapse-defer perf7.2-defer defer.data perf:stackcollapse.py
stackcollapse-defer-mt perf7.2-defer defer-mt.data perf:stackcollapse.py
stackcollapse-defer-syswide perf7.2-defer defer-syswide.data perf:stackcollapse.py
stackcollapse-g61 perf6.1 g.data perf:stackcollapse.py
stackcollapse-dwarf61 perf6.1 dwarf.data perf:stackcollapse.py
event_analyzing_sample-defer perf7.2-defer defer.data perf:event_analyzing_sample.py
event_analyzing_sample-g61 perf6.1 g.data perf:event_analyzing_sample.py
flamegraph-json-defer perf7.2-defer defer.data perf:flamegraph.py -f json -o -
flamegraph-html-mt61 perf6.1 mt.data perf:flamegraph.py -f html --template ../../../scripts/flamegraph-template.html -o -
task-analyzer-tracepoint61 perf6.1 tracepoint.data perf:task-analyzer.py
task-analyzer-extended-tracepoint61 perf6.1 tracepoint.data perf:task-analyzer.py --extended-times --summary-extended
syscall-counts-tracepoint61 perf6.1 tracepoint.data perf:syscall-counts.py
dump-cc-realsys realsys cc-g.data own:dump_param_dict.py 60
dump-python-dwarf-realsys realsys python-dwarf.data own:dump_param_dict.py
stackcollapse-brd-realsys realsys brd-g.data perf:stackcollapse.py
stackcollapse-qs-defer-realsys realsys qs-defer.data perf:stackcollapse.py
db-defer perf7.2-defer defer.data own:dump_db_export.py
db-defer-cc perf7.2-defer defer.data own:dump_db_export.py callchains
db-defer-mt-calls-cc perf7.2-defer defer-mt.data own:dump_db_export.py calls callchains 1000
db-defer-pipe-cc perf7.2-defer defer-pipe.data own:dump_db_export.py callchains
db-defer-syswide-cc perf7.2-defer defer-syswide.data own:dump_db_export.py callchains
db-defer-maxstack-cc perf7.2-defer defer-maxstack.data own:dump_db_export.py callchains
db-fp-cc perf7.2-defer fp.data own:dump_db_export.py callchains
db-g61 perf6.1 g.data own:dump_db_export.py
db-g61-cc perf6.1 g.data own:dump_db_export.py callchains
db-g61-calls perf6.1 g.data own:dump_db_export.py calls
db-dwarf61-cc perf6.1 dwarf.data own:dump_db_export.py callchains
db-pipe61-cc perf6.1 pipe.data own:dump_db_export.py callchains
db-two-events61-cc perf6.1 two-events.data own:dump_db_export.py callchains
db-tracepoint61 perf6.1 tracepoint.data own:dump_db_export.py
db-zstd61-cc perf6.1 zstd.data own:dump_db_export.py callchains
db-mt61-cc perf6.1 mt.data own:dump_db_export.py callchains
db-side-band synthetic side-band.data own:dump_db_export.py callchains
db-branch-stack synthetic branch-stack.data own:dump_db_export.py callchains
db-cookie-mismatch synthetic cookie-mismatch.data own:dump_db_export.py callchains
db-stat-records synthetic stat-records.data own:dump_db_export.py
db-cc-realsys realsys cc-g.data own:dump_db_export.py callchains 300
db-python-dwarf-realsys realsys python-dwarf.data own:dump_db_export.py callchains
db-brd-realsys realsys brd-g.data own:dump_db_export.py callchains 500
db-qs-defer-realsys realsys qs-defer.data own:dump_db_export.py callchains
CASES
}

# The cases of perf's export-to-sqlite.py: NAME SET FILE [SCRIPT ARGS after the db name].
# Each golden is NAME.dump.gz, `sqlite3 DB .dump` of the database perf 7.2 wrote.
sqlite_cases() {
  cat <<'CASES'
sqlite-g61 perf6.1 g.data branches calls callchains
sqlite-defer perf7.2-defer defer.data all calls callchains
sqlite-qs-defer-realsys realsys qs-defer.data branches calls callchains
CASES
}

# perf's bundled Python scripts: $PERF_SCRIPTS_DIR, else the oracle's perf 7.2, else an
# installed perf's. Prints the directory (empty when none).
find_perf_scripts() {
  local d
  for d in "${PERF_SCRIPTS_DIR:-}" \
           "${ORACLE_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/cperf-oracle}/sid/usr/lib/perf-core/scripts/python" \
           /usr/lib/perf-core/scripts/python /usr/libexec/perf-core/scripts/python; do
    [ -n "$d" ] && [ -e "$d/stackcollapse.py" ] && { echo "$d"; return; }
  done
}

# case_env SET FILE TMP: sets CASE_DIR (where to run), CASE_SYMFS, CASE_KALLSYMS and CASE_HOME
# for a case, unpacking what it needs under TMP once. Returns 1 when the set cannot be had.
case_env() {
  local set=$1 file=$2 tmp=$3 name=${2%.data}
  CASE_HOME=$HOME
  if [ "$set" = realsys ]; then
    local w=$tmp/realsys
    if [ ! -d "$w/data" ]; then
      command -v xz > /dev/null || return 1
      mkdir -p "$w/home" && xz -dc tests/data/realsys/corpus.tar.xz | tar -xf - -C "$w" || return 1
      zcat "$w/kallsyms.gz" > "$w/kallsyms"
    fi
    CASE_DIR=$w/data CASE_SYMFS=$w/symfs CASE_HOME=$w/home CASE_KALLSYMS=$w/kallsyms
    if [ -e "$w/data/$name.kallsyms.gz" ]; then
      [ -e "$w/data/$name.kallsyms" ] || zcat "$w/data/$name.kallsyms.gz" > "$w/data/$name.kallsyms"
      CASE_KALLSYMS=$w/data/$name.kallsyms
    fi
    return 0
  fi
  CASE_DIR=$PWD/tests/data/$set/data CASE_SYMFS=../symfs CASE_KALLSYMS=$tmp/$set.kallsyms
  [ -e "$CASE_KALLSYMS" ] || zcat "tests/data/$set/kallsyms.gz" > "$CASE_KALLSYMS"
}
