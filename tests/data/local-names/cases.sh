# The cases of tests/e2e/local_names.sh (sourced): "SET NAME KIND" lines, KIND evlist (evlist -v)
# or dump (report -D, run in the set's data/ directory as perf's goldens are).
LOCAL_NAME_CASES="
synthetic name-tracepoint-pipe evlist
synthetic name-tracepoint-pipe dump
synthetic name-hw-ext evlist
synthetic name-hw-ext-other evlist
synthetic name-hw-cache-ext evlist
synthetic name-dynamic-pmu evlist
synthetic name-dynamic-pmu dump
perf6.1 tracepoint evlist
"
# run_case PERF SET NAME KIND: prints what PERF prints (stdout and stderr) from the set's data/.
run_case() {
  local perf=$1 set=$2 name=$3 kind=$4
  (cd "tests/data/$set/data" &&
     case $kind in
       evlist) "$perf" evlist -v -i "$name.data" ;;
       dump) "$perf" report -D -i "$name.data" ;;
     esac 2>&1)
}
