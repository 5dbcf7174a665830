#!/bin/bash
# record --max-size and --timestamp-filename, with perf 7.2's messages and statuses (taken
# from perf 7.2.13): the session stops once the data reach the size (the workload gets
# SIGTERM, the status stays 0, the file is whole); a size needs a unit (B, K, M, G) and must be
# positive, else perf's two usage lines and 129. --timestamp-filename renames the output to
# OUTPUT.YYYYmmddHHMMSScc at the end. --vmlinux must name a file.
. "$(dirname "$0")/_record_lib.sh"
need_perf_events
cd "$T" || exit 1
# A workload that would run for hours: only the size limit ends it.
"$CPERF" record -e cpu-clock -F 5000 --max-size=20K -o ms.data -- "$WL/deep" 100000000 >/dev/null 2> ms.err
rc=$?
[ $rc = 0 ] || { echo "FAIL: --max-size: status $rc"; cat ms.err; exit 1; }
grep -qE '^\[ perf record: perf size limit reached \([0-9]+ KB\), stopping session \]$' ms.err ||
  { echo "FAIL: --max-size: no size-limit line"; cat ms.err; exit 1; }
grep -q 'Terminated' ms.err && { echo "FAIL: --max-size: the workload's end reported"; cat ms.err; exit 1; }
echo "ok: --max-size=20K stopped the session: $(grep -o '([0-9]* KB)' ms.err)"
compare_61 "$T/ms.data" cpu-clock
for v in abc 10X 1g 0 100; do
  "$CPERF" record -q --max-size=$v -o x.data -- true > /dev/null 2> bad.err
  rc=$?
  if [ $rc = 129 ] && [ "$(cat bad.err)" = "$(printf '\n Usage: perf record [<options>] [<command>]\n    or: perf record [<options>] -- <command> [<options>]\n')" ]; then
    echo "ok: --max-size=$v refused as perf does"
  else
    echo "FAIL: --max-size=$v: status $rc"; cat bad.err; exit 1
  fi
done
"$CPERF" record -e cpu-clock --timestamp-filename -o ts.data -- true > /dev/null 2> ts.err || { echo "FAIL: --timestamp-filename"; exit 1; }
f=$(ls ts.data.* 2>/dev/null)
[[ "$f" =~ ^ts\.data\.[0-9]{16}$ ]] && [ ! -e ts.data ] || { echo "FAIL: --timestamp-filename left '$(ls ts.data*)'"; exit 1; }
grep -qx "\[ perf record: Dump $f \]" ts.err && grep -q 'Captured and wrote .* ts.data.<timestamp>' ts.err ||
  { echo "FAIL: --timestamp-filename messages"; cat ts.err; exit 1; }
"$CPERF" script -i "$f" > /dev/null || { echo "FAIL: $f does not read back"; exit 1; }
echo "ok: --timestamp-filename wrote $f"
# --vmlinux: perf checks that the file exists ("Invalid file: X", 234; silent with -q).
"$CPERF" record --vmlinux=/nonexistent/vmlinux -e cpu-clock -o v.data -- true > /dev/null 2> v.err; rc=$?
[ $rc = 234 ] && [ "$(cat v.err)" = "Invalid file: /nonexistent/vmlinux" ] || { echo "FAIL: --vmlinux missing file: $rc $(cat v.err)"; exit 1; }
"$CPERF" record -q --vmlinux=/nonexistent/vmlinux -e cpu-clock -o v.data -- true > /dev/null 2> v.err; rc=$?
[ $rc = 234 ] && [ ! -s v.err ] || { echo "FAIL: --vmlinux -q: $rc $(cat v.err)"; exit 1; }
"$CPERF" record -q --vmlinux=ms.data -e cpu-clock -o v.data -- true || { echo "FAIL: --vmlinux with a file"; exit 1; }
echo "ok: --vmlinux checks its file as perf does"
echo PASS
