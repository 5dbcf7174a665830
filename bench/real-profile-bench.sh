#!/bin/bash
# real-profile-bench.sh — cperf script/report against upstream perf 7.2 on real profiles that
# this script records on the machine it runs on (kept in $BENCH_DIR for later runs):
#   make-g       perf record -g of `make -j$(nproc) cperf` in a fresh clone of this project
#                (many processes and DSOs: the case users have)
#   syswide-g    perf record -a -g for 10 s while that build runs
#   dwarf        perf record --call-graph dwarf of a Python loop (stack copies, unwinding)
# recorded with /usr/bin/perf when present (RECORDER=cperf: with ./cperf record).
# For each file and command (script; report --stdio --no-children; report --stdio) it first
# checks that cperf's stdout equals perf 7.2's (report: minus perf's random tip line; a
# difference is printed and the timing marked "differs"), then runs the two in turn, A B A B,
# $REPEAT times each under GNU time, and prints the median wall time, the median CPU time (user +
# system), the median peak RSS and perf 7.2 / cperf ratios (how many times less wall and CPU time,
# and the memory share). BUSY=1: the same with one CPU kept busy by a spinning shell the whole
# time (both tools under the same load: the state of a shared build machine or CI runner).
#
# Environment: BENCH_DIR (default /tmp/cperf-real-bench), REPEAT (3), FILES ("make-g syswide-g
# dwarf"), ONLY ("script report report-children diff annotate"), CPERF (./cperf), RECORDER (perf|cperf),
# BUSY (0|1).
# `diff` compares the file with make-g (make-g itself with syswide-g): two real profiles of the
# same build. `annotate` is `annotate --stdio --percent-limit 2`: the symbols of 2% or more,
# each disassembled by objdump (as perf does) after the whole file is read.
# Needs the oracle (../shared/oracle/setup) for perf 7.2; without it prints cperf's figures only.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
CPERF=${CPERF:-$root/cperf}
W=${BENCH_DIR:-/tmp/cperf-real-bench}
REPEAT=${REPEAT:-3}
FILES=${FILES:-make-g syswide-g dwarf}
ONLY=${ONLY:-script report report-children diff annotate}
RECORDER=${RECORDER:-perf}
. tests/oracle.sh
TIME=/usr/bin/time
[ -x "$CPERF" ] || { echo "no $CPERF (run make)" >&2; exit 1; }
[ -x "$TIME" ] || { echo "needs GNU time at $TIME (apt-get install time)" >&2; exit 1; }
mkdir -p "$W"
rec() { if [ "$RECORDER" = cperf ] || ! command -v perf >/dev/null; then "$CPERF" record "$@"; else perf record "$@"; fi; }

# --- the recordings (each made once)
# CCACHE= : the build must really compile (a warm ccache leaves a profile of a few seconds).
clone() { rm -rf "$W/src" && git clone -q "$root" "$W/src"; }
if [[ " $FILES " == *" make-g "* ]] && [ ! -s "$W/make-g.data" ]; then
  echo "recording make-g (a parallel build of this project, a few minutes)..."
  clone && rec -q -g -e cpu-clock -o "$W/make-g.data" -- make -C "$W/src" -j"$(nproc)" CCACHE= cperf >/dev/null 2>&1
fi
if [[ " $FILES " == *" syswide-g "* ]] && [ ! -s "$W/syswide-g.data" ]; then
  echo "recording syswide-g (10 s of the whole machine during a build)..."
  clone && (make -C "$W/src" -j"$(nproc)" CCACHE= cperf >/dev/null 2>&1 &) && sleep 5
  rec -q -a -g -e cpu-clock -o "$W/syswide-g.data" -- sleep 10 >/dev/null 2>&1
  pkill -f "make -C $W/src" 2>/dev/null; sleep 1
fi
if [[ " $FILES " == *" dwarf "* ]] && [ ! -s "$W/dwarf.data" ]; then
  echo "recording dwarf (python3 loop, --call-graph dwarf)..."
  rec -q --call-graph dwarf -e cpu-clock -F 1000 -o "$W/dwarf.data" -- \
    python3 -c 'import math; sum(math.sqrt(i) for i in range(6000000))' >/dev/null 2>&1
fi

args_of() {  # command name, file -> perf arguments
  case $1 in
    script) echo "script -i $2" ;;
    report) echo "report --stdio --no-children -i $2" ;;
    report-children) echo "report --stdio -i $2" ;;
    diff) if [ "$2" = "$W/make-g.data" ]; then echo "diff $2 $W/syswide-g.data"; else echo "diff $W/make-g.data $2"; fi ;;
    annotate) echo "annotate --stdio --percent-limit 2 -i $2" ;;
  esac
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# One timed run: "wall_seconds max_rss_kib cpu_seconds" of TOOL ARGS > /dev/null.
timed() {
  "$TIME" -f '%e %M %U %S' -o "$W/time.out" "$@" > /dev/null 2>&1
  awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$W/time.out"
}
spinner=
if [ "${BUSY:-0}" = 1 ]; then
  sh -c 'while :; do :; done' & spinner=$!
  trap 'kill $spinner 2>/dev/null' EXIT
  echo "# one CPU kept busy (pid $spinner)"
fi

have7=0; oracle_have_perf7 && have7=1
[ $have7 = 1 ] || echo "note: no perf 7.2 ($(oracle_why_not)); cperf only"
# GNU time runs a program, not a shell function: perf 7.2 through a wrapper script.
PERF7=$W/perf7
cat > "$PERF7" <<WRAP
#!/bin/sh
exec env PYTHONHOME="$ORACLE_SID/usr" "$_oracle_loader" --library-path "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" --argv0 perf "$ORACLE_SID/usr/bin/perf" "\$@"
WRAP
chmod +x "$PERF7"
printf '%-10s %-16s %9s %9s %7s %9s %9s %6s %9s %9s %6s %s\n' file command cperf_s perf72_s x_time \
  cperf_cpu perf72_cpu x_cpu cperf_MiB perf72_MiB mem outputs
for f in $FILES; do
  data=$W/$f.data
  [ -s "$data" ] || { echo "$f: no recording"; continue; }
  samples=$("$CPERF" report --stats -i "$data" 2>/dev/null | awk '/SAMPLE events:/{print $3; exit}')
  echo "# $f: $(du -mL "$data" | cut -f1) MB, ${samples:-?} samples"
  for c in $ONLY; do
    read -ra a <<< "$(args_of "$c" "$data")"
    same=n/a
    if [ $have7 = 1 ]; then
      "$CPERF" "${a[@]}" 2>/dev/null | grep -v '^# (Tip:' > "$W/out.cperf"
      "$PERF7" "${a[@]}" 2>/dev/null | grep -v '^# (Tip:' > "$W/out.perf7"
      if cmp -s "$W/out.cperf" "$W/out.perf7"; then same=identical
      else same="differs ($(diff "$W/out.cperf" "$W/out.perf7" | grep -c '^[<>]') lines)"; fi
    fi
    : > "$W/c.t"; : > "$W/p.t"
    for _ in $(seq "$REPEAT"); do
      timed "$CPERF" "${a[@]}" >> "$W/c.t"
      [ $have7 = 1 ] && timed "$PERF7" "${a[@]}" >> "$W/p.t"
    done
    cw=$(cut -d' ' -f1 "$W/c.t" | median); cm=$(cut -d' ' -f2 "$W/c.t" | median)
    cc=$(cut -d' ' -f3 "$W/c.t" | median)
    if [ $have7 = 1 ]; then
      pw=$(cut -d' ' -f1 "$W/p.t" | median); pm=$(cut -d' ' -f2 "$W/p.t" | median)
      pc=$(cut -d' ' -f3 "$W/p.t" | median)
      printf '%-10s %-16s %9.2f %9.2f %6.2fx %9.2f %9.2f %5.2fx %9.0f %9.0f %6.2f %s\n' "$f" "$c" \
        "$cw" "$pw" "$(echo "$pw / $cw" | bc -l)" "$cc" "$pc" "$(echo "$pc / $cc" | bc -l)" \
        "$(echo "$cm / 1024" | bc -l)" "$(echo "$pm / 1024" | bc -l)" "$(echo "$cm / $pm" | bc -l)" "$same"
    else
      printf '%-10s %-16s %9.2f %9s %7s %9.2f %9s %6s %9.0f\n' "$f" "$c" "$cw" - - "$cc" - - \
        "$(echo "$cm / 1024" | bc -l)"
    fi
  done
done
