#!/bin/bash
# script-report-bench.sh — cperf script/report against upstream perf on large generated files.
#
#   bash bench/script-report-bench.sh          (or `make bench`)
#
# Generates two files with bench/gen-perf-data.py (at least $SAMPLES samples each, about 30
# frames per callchain, real binaries and kallsyms from tests/data):
#   defer-big   from perf7.2-defer/defer.data: deferred user callchains (PERF_RECORD_
#               CALLCHAIN_DEFERRED + PERF_CONTEXT_USER_DEFERRED), merged by default;
#   fp-big      from perf6.1/g.data: plain frame-pointer callchains.
# and times, for each, with the same symbol options (--kallsyms, --symfs, empty $HOME):
#   script            <tool> script -i F
#   report            <tool> report --stdio --no-children -i F
#   report-children   <tool> report --stdio -i F
# with cperf, upstream perf 7.2 (the oracle chroot, if present) and perf 6.1 (/usr/bin/perf,
# which cannot read perf 7.2's files: "n/a"). Each run is repeated $REPEAT times; the table
# shows, per tool, the fastest wall time, the smallest CPU time (user + sys: steadier than wall
# time on a shared machine) and the largest peak RSS (GNU time), and for perf the ratio of its
# number to cperf's. "same" says whether cperf's stdout equals perf 7.2's byte for byte
# (report: minus perf's random "# (Tip: ...)" line), so the timings compare the same work.
#
# Environment: SAMPLES (500000), REPEAT (3), ONLY="script report" (commands), FILES="defer-big"
# BENCH_DIR (work dir, default a temp dir; kept if set), CPERF (./cperf),
# SID_ROOT / ORACLE_HOME (tests/oracle.sh), PERF61 (/usr/bin/perf), STRICT=1 (exit 1 when an
# output differs from perf 7.2's; by default that is only noted).
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
CPERF=${CPERF:-$root/cperf}
SAMPLES=${SAMPLES:-500000}
REPEAT=${REPEAT:-3}
ONLY=${ONLY:-script report report-children}
FILES=${FILES:-defer-big fp-big}
. tests/oracle.sh
SID_ROOT=$ORACLE_SID
PERF61=${PERF61:-/usr/bin/perf}
TIME=/usr/bin/time

[ -x "$CPERF" ] || { echo "no $CPERF (run make)" >&2; exit 1; }
[ -x "$TIME" ] || { echo "needs GNU time at $TIME (apt-get install time)" >&2; exit 1; }

if [ -n "${BENCH_DIR:-}" ]; then
  W=$BENCH_DIR; mkdir -p "$W"
else
  W=$(mktemp -d /tmp/cperf-bench.XXXXXX)
fi
mkdir -p "$W/home"
have72=0
if oracle_have_chroot; then
  have72=1
  oracle_scratch C; crel=$C_IN
  mkdir -p "$C/home" "$C/noproc"
fi
have61=0; [ -x "$PERF61" ] && have61=1
cleanup() {
  oracle_cleanup
  [ -z "${BENCH_DIR:-}" ] && rm -rf "$W"
}
trap cleanup EXIT INT TERM

# prepare NAME SET SRC: the generated file, its symfs and kallsyms, on the host and in the chroot.
prepare() {
  local name=$1 set=$2 src=$3 d=tests/data/$2
  mkdir -p "$W/$name"
  if [ ! -s "$W/$name/$name.data" ]; then
    python3 bench/gen-perf-data.py "$d/data/$src" "$W/$name/$name.data" --samples "$SAMPLES" || exit 1
  fi
  zcat "$d/kallsyms.gz" > "$W/$name/kallsyms"
  rm -rf "$W/$name/symfs"; cp -rL "$d/symfs" "$W/$name/symfs"
  if [ $have72 = 1 ]; then
    mkdir -p "$C/$name"
    ln -f "$W/$name/$name.data" "$C/$name/$name.data" 2>/dev/null || cp "$W/$name/$name.data" "$C/$name/"
    cp "$W/$name/kallsyms" "$C/$name/"
    cp -r "$W/$name/symfs" "$C/$name/symfs"
  fi
  cat "$W/$name/$name.data" > /dev/null  # page cache: every tool reads it warm
}

# args CMD: the perf command line for a benchmark command (after the tool name).
args() {
  case $1 in
    script) echo "script" ;;
    report) echo "report --stdio --no-children" ;;
    report-children) echo "report --stdio" ;;
  esac
}

# run TOOL NAME CMD OUT: runs once, "wall cpu rss_kb" to stdout ("fail" on error). With OUT,
# the output's checksum goes there; without, the output goes to /dev/null, so that the time is
# the tool's own and not that of a checksum program fed through a pipe.
run() {
  local tool=$1 name=$2 cmd=$3 out=${4:-} t=$W/time.txt dir rc
  local -a c
  # shellcheck disable=SC2207
  case $tool in
    cperf|perf61)
      dir=$W/$name
      local bin=$CPERF; [ "$tool" = perf61 ] && bin=$PERF61
      c=(env -i HOME="$W/home" PATH=/usr/bin:/bin TZ=UTC "$bin" $(args "$cmd") -i "$name.data"
         --kallsyms=kallsyms --symfs=symfs) ;;
    perf72)
      dir=$W
      local d=$crel/$name
      c=(chroot "$SID_ROOT" env -i HOME=$crel/home PROCFS_PATH=$crel/noproc PATH=/usr/bin:/bin TZ=UTC
         perf $(args "$cmd") -i "$d/$name.data" --kallsyms="$d/kallsyms" --symfs="$d/symfs") ;;
  esac
  rm -f "$t"
  if [ -n "$out" ]; then
    (cd "$dir" && $TIME -f "%e %U %S %M" -o "$t" "${c[@]}" 2>/dev/null) | grep -v '^# (Tip:' | md5sum > "$out"
    rc=${PIPESTATUS[0]}
  else
    (cd "$dir" && $TIME -f "%e %U %S %M" -o "$t" "${c[@]}" > /dev/null 2>&1)
    rc=$?
  fi
  if [ "$rc" != 0 ] || ! [ -s "$t" ]; then echo fail; return; fi
  tail -1 "$t" | awk '{ printf "%s %.2f %s\n", $1, $2 + $3, $4 }'
}

# best TOOL NAME CMD: fastest wall and CPU time and largest RSS of $REPEAT runs, after one
# run that leaves the output's checksum in $W/TOOL.md5.
best() {
  local i r wall cpu rss bw="" bc="" br=0
  r=$(run "$@" "$W/$1.md5")
  [ "$r" = fail ] && { echo "n/a n/a n/a"; return; }
  for ((i = 0; i < REPEAT; i++)); do
    r=$(run "$@")
    [ "$r" = fail ] && { echo "n/a n/a n/a"; return; }
    read -r wall cpu rss <<< "$r"
    if [ -z "$bw" ] || awk "BEGIN{exit !($wall < $bw)}"; then bw=$wall; fi
    if [ -z "$bc" ] || awk "BEGIN{exit !($cpu < $bc)}"; then bc=$cpu; fi
    [ "$rss" -gt "$br" ] && br=$rss
  done
  echo "$bw $bc $br"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN{ if (a == "n/a" || b == "n/a" || b == 0) print "n/a"; else printf "%.1fx", a / b }'; }
mb() { awk -v k="$1" 'BEGIN{ if (k == "n/a") print "n/a"; else printf "%.0f", k / 1024 }'; }

echo "cperf $("$CPERF" --version 2>/dev/null | head -1) | perf 7.2: $([ $have72 = 1 ] && echo yes || echo 'absent (no oracle chroot or not root)') | perf 6.1: $([ $have61 = 1 ] && echo yes || echo absent) | best of $REPEAT"
for name in $FILES; do
  case $name in
    defer-big) prepare defer-big perf7.2-defer defer.data ;;
    fp-big) prepare fp-big perf6.1 g.data ;;
    *) echo "unknown file $name" >&2; exit 1 ;;
  esac
done
fmt="%-10s %-16s %-9s %8s %8s %8s | %8s %8s %8s | %s\n"
printf "\n$fmt" file command tool wall_s cpu_s rss_MB wall_x cpu_x rss_x same_as_7.2
status=0
for name in $FILES; do
  for cmd in $ONLY; do
    read -r cw cc cr <<< "$(best cperf "$name" "$cmd")"
    printf "$fmt" "$name" "$cmd" cperf "$cw" "$cc" "$(mb "$cr")" "" "" "" ""
    if [ $have72 = 1 ]; then
      read -r pw pc pr <<< "$(best perf72 "$name" "$cmd")"
      same=n/a
      if [ "$pw" != n/a ] && [ "$cw" != n/a ]; then
        if cmp -s "$W/cperf.md5" "$W/perf72.md5"; then same=yes; else same=NO; status=1; fi
      fi
      printf "$fmt" "" "" "perf 7.2" "$pw" "$pc" "$(mb "$pr")" "$(ratio "$pw" "$cw")" \
        "$(ratio "$pc" "$cc")" "$(ratio "$pr" "$cr")" "$same"
    fi
    if [ $have61 = 1 ]; then
      read -r qw qc qr <<< "$(best perf61 "$name" "$cmd")"
      printf "$fmt" "" "" "perf 6.1" "$qw" "$qc" "$(mb "$qr")" "$(ratio "$qw" "$cw")" \
        "$(ratio "$qc" "$cc")" "$(ratio "$qr" "$cr")" ""
    fi
  done
done
echo
echo "ratio = perf's number / cperf's (above 1: cperf is faster / smaller)."
if [ $status != 0 ]; then
  echo "NOTE: some cperf outputs differ from perf 7.2's (same_as_7.2 = NO): those rows compare"
  echo "      different work. STRICT=1 makes this an error."
  [ -n "${STRICT:-}" ] && exit 1
fi
exit 0
