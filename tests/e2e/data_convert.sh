#!/bin/bash
# cperf data convert --to-json as perf 7.2:
#  1. goldens: perf 7.2's JSON of every file with an expected/NAME.convert-json.txt.gz (made by
#     tests/data/gen-golden.sh in the oracle chroot, "captured-on" left out: it is the input's
#     mtime), cperf run from the set's data/ folder as the goldens were made; status and stderr
#     lines as perf's (the output file named alike);
#  2. pipe input (-i - from stdin) gives the file's samples;
#  3. perf 7.2's messages and statuses for the command line (usage, unknown options, no
#     format, an existing output, --all, --tod, a missing input, --time);
#  4. live, with the oracle: a cperf recording of this machine (-a -g, symbols of the running
#     kernel and of real programs) converts to the same bytes as perf 7.2 gives.
cd "$(dirname "$0")/../.." || exit 1
. tests/e2e/_golden_lib.sh
. tests/oracle.sh
T=$(mktemp -d /tmp/cperf-convert.XXXXXX)
trap 'rm -rf "$T"; oracle_cleanup' EXIT
mkdir -p "$T/empty" "$T/home" && : > "$T/empty/kallsyms"
fails=0
fail() { echo "FAIL: $*"; fails=$((fails + 1)); }

for exp in tests/data/*/expected/*.convert-json.txt.gz; do
  set_dir=$(dirname "$(dirname "$exp")")
  set=$(basename "$set_dir")
  name=$(basename "$exp" .convert-json.txt.gz)
  # no build-id cache, no binaries, no kernel symbols (cperf options: the chroot's perf has none); the
  # os-release and cpuid of a file without them (and of any pipe) are perf's fallbacks from the
  # machine it runs on (empty in the chroot; another kernel build here than where the goldens were
  # made): they are compared only where the golden's os-release is the file's own
  (cd "$set_dir/data" && HOME=$T/home "$CPERF" data convert --to-json ../out.json -i "$name.data" \
     --symfs="$T/empty" --kallsyms="$T/empty/kallsyms" > /dev/null 2> "$T/err"
   echo $? > "$T/rc")
  pipe_env='^$^'
  file_os=$("$CPERF" report --header-only -i "$set_dir/data/$name.data" 2>/dev/null | sed -n 's/^# os release : //p')
  golden_os=$(zcat "$exp" | sed -n 's/^		"os-release": "\(.*\)",$/\1/p')
  [ "$golden_os" != "$file_os" ] && pipe_env='^		"(os-release|cpuid)": '
  grep -v '^		"captured-on": ' "$set_dir/out.json" | grep -Ev "$pipe_env" > "$T/out" 2>/dev/null
  zcat "$exp" | grep -Ev "$pipe_env" | gzip > "$T/exp.gz"
  exp=$T/exp.gz
  rm -f "$set_dir/out.json"
  compare_golden "$set.$name.convert-json" "$exp" "$T/out"
  exp=$set_dir/expected/$name.convert-json.txt.gz
  want=$(grep "^$name convert-json " "$set_dir/expected/exit-status.txt" | sed 's/.* exit=\([0-9]*\) .*/\1/')
  [ "$(cat "$T/rc")" = "${want:-0}" ] || fail "$set.$name: status $(cat "$T/rc"), perf 7.2 ${want:-0}"
  # stderr: perf's lines (its missing-NRCPUS warning and MB figure aside: the sizes differ
  # by the captured-on line only, but the warning is printed once per reader)
  if [ -e "$set_dir/expected/$name.convert-json.stderr.txt" ]; then
    diff <(grep -v 'MAX_NR_CPUS\|Converted and wrote\|^cannot open maps$\|^Failed to read max cpus' "$set_dir/expected/$name.convert-json.stderr.txt") \
         <(grep -v 'MAX_NR_CPUS\|Converted and wrote' "$T/err") > "$T/errdiff" ||
      { fail "$set.$name: stderr differs"; head -4 "$T/errdiff"; }
  fi
done
golden_summary "data convert --to-json goldens" || fails=$((fails + 1))

# pipe input
"$CPERF" data convert --to-json "$T/f.json" -i tests/data/perf6.1/data/pipe.data 2>/dev/null
"$CPERF" data convert --to-json "$T/p.json" -i - < tests/data/perf6.1/data/pipe.data 2> "$T/perr"
grep -q "Converted '-' into JSON data '$T/p.json'" "$T/perr" || fail "pipe: $(cat "$T/perr")"
diff <(grep -v captured-on "$T/f.json") <(grep -v captured-on "$T/p.json") > /dev/null &&
  echo "ok: stdin converts as the file" || fail "stdin converts differently"
python3 -c "import json,sys; json.load(open(sys.argv[1]))" "$T/p.json" && echo "ok: valid JSON" || fail "invalid JSON"

# perf 7.2's answers to the command line (messages and statuses taken from perf 7.2.13)
usage=$'\n Usage: perf data convert [<options>]\n\n    -f, --force           don\'t complain, do it\n    -i, --input <file>    input file name\n    -v, --verbose         be more verbose\n        --all             Convert all events\n        --time <str>      Time span of interest (start,stop)\n        --to-ctf ...      Convert to CTF format\n        --to-json ...     Convert to JSON format\n        --tod             Convert time to wall clock time'
g=tests/data/perf6.1/data/g.data
expect() {  # expect STATUS STDERR ARGS...
  local want_rc=$1 want_err=$2; shift 2
  "$CPERF" data "$@" > "$T/o" 2> "$T/e"
  local rc=$?
  if [ "$rc" = "$want_rc" ] && [ "$(cat "$T/e")" = "$want_err" ]; then echo "ok: data $* -> $rc"
  else fail "data $*: status $rc (perf 7.2: $want_rc), stderr:"; diff <(echo "$want_err") "$T/e" | head -5; fi
}
expect 129 "$usage"
expect 129 "$usage" convert -h
expect 129 "Unknown command: foo"$'\n'"$usage" foo
expect 129 "  Error: unknown option \`bogus'"$'\n'"$usage" convert --bogus
expect 129 $' Error: option `to-json\' requires a value\n Usage: perf data convert [<options>]\n\n        --to-json ...     Convert to JSON format' convert --to-json
expect 255 "You must specify one of --to-ctf or --to-json." convert -i "$g"
touch "$T/exists.json"
expect 255 "Output file exists. Use --force to overwrite it." convert --to-json "$T/exists.json" -i "$g"
expect 255 "--all is currently unsupported for JSON output." convert --to-json "$T/x.json" --all -i "$g"
expect 255 "--tod is currently unsupported for JSON output." convert --to-json "$T/x.json" --tod -i "$g"
expect 255 $'failed to open /nonexistent.data: No such file or directory\nError creating perf session!' \
  convert --to-json "$T/y.json" -i /nonexistent.data
[ -e "$T/y.json" ] && echo "ok: perf's empty output is left after a missing input" || fail "no output file left"
expect 234 "Invalid time string" convert --to-json "$T/t.json" --force --time 1,a -i "$g"
"$CPERF" data convert --to-json "$T/t.json" --force --time 359.3,359.4 -i "$g" 2> "$T/e"
grep -q "^\[ perf data convert: Skipped 185 samples \]$" "$T/e" && grep -q "(94 samples)" "$T/e" &&
  echo "ok: --time keeps 94 samples and skips 185, as perf 7.2" || fail "--time: $(cat "$T/e")"

# live, against perf 7.2 on this machine
if oracle_have_perf7 && "$CPERF" record -q -a -g -o "$T/live.data" -- sleep 0.3 > /dev/null 2>&1; then
  perf7 data convert --to-json "$T/p7.json" -i "$T/live.data" > /dev/null 2> "$T/p7.err"
  "$CPERF" data convert --to-json "$T/c.json" -i "$T/live.data" > /dev/null 2> "$T/c.err"
  if cmp -s "$T/p7.json" "$T/c.json"; then
    echo "ok: live -a -g recording: the same JSON as perf 7.2 ($(grep -c '"symbol"' "$T/c.json") symbols named)"
  else
    fail "live recording: JSON differs from perf 7.2's"; diff "$T/p7.json" "$T/c.json" | head -6
  fi
else
  echo "SKIP (part): live comparison: $(oracle_have_perf7 && echo 'cannot record system-wide here' || oracle_why_not)"
fi
[ $fails = 0 ] && echo "PASS: data convert --to-json"
[ $fails = 0 ]
