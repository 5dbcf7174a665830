#!/bin/bash
# real-profile-bench.sh — cperf against upstream perf 7.2 on real profiles that this script
# records on the machine it runs on (kept in $BENCH_DIR for later runs; what each one is:
# bench/real-profile-record.sh): make-g, syswide-g, dwarf-cc1, srcline-sed, make-g-10m.
# Recorded with /usr/bin/perf when present (RECORDER=cperf: with ./cperf record).
#
# Each file has its commands (cmds_of below); for each, the script first checks that cperf's
# stdout equals perf 7.2's (report: minus perf's random tip line; streamed through cmp, so a
# 10 M-sample script output is never stored; a difference is shown with its first line number
# and the timing marked "differs"), then runs the two in turn, A B A B, $REPEAT times each
# under GNU time, and prints the median wall time, the median CPU time (user + system), the
# median peak RSS and perf 7.2 / cperf ratios (how many times less wall and CPU time, and the
# memory share). A second table gives make-g's and make-g-10m's figures per million samples:
# whether time grows linearly and memory stays flat (script) or bounded (report).
# BUSY=1: the same with one CPU kept busy by a spinning shell the whole time (both tools under
# the same load: a shared build machine or CI runner); BUSY="0 1": both passes in turn.
# Figures are printed, never asserted.
#
# Environment: BENCH_DIR (default /tmp/cperf-real-bench), REPEAT (3), FILES ("make-g syswide-g
# dwarf-cc1 srcline-sed make-g-10m"), ONLY (a filter on each file's commands: "script report
# report-children diff annotate report-srcline script-srcline"), CPERF (./cperf), RECORDER
# (perf|cperf), BUSY (0|1|"0 1"); the recordings' sizes: DWARF_SECONDS, DWARF_FUNCS, SED_LINES,
# BIG_SAMPLES (bench/real-profile-record.sh).
# Needs the oracle (../shared/oracle/setup) for perf 7.2; without it prints cperf's figures only.
set -u
cd "$(dirname "$0")/.." || exit 1
root=$PWD
CPERF=${CPERF:-$root/cperf}
W=${BENCH_DIR:-/tmp/cperf-real-bench}
REPEAT=${REPEAT:-3}
FILES=${FILES:-make-g syswide-g dwarf-cc1 srcline-sed make-g-10m}
ONLY=${ONLY:-script report report-children diff annotate report-srcline script-srcline}
RECORDER=${RECORDER:-perf}
BUSY=${BUSY:-0}
SCALE_PAIR="make-g make-g-10m"  # the files of the per-million table: 1x and its 10 M copy
. tests/oracle.sh
. bench/real-profile-record.sh
TIME=/usr/bin/time
[ -x "$CPERF" ] || { echo "no $CPERF (run make)" >&2; exit 1; }
[ -x "$TIME" ] || { echo "needs GNU time at $TIME (apt-get install time)" >&2; exit 1; }
mkdir -p "$W"

cmds_of() {  # file name -> the commands measured on it
  case $1 in
    make-g|syswide-g) echo "script report report-children diff annotate" ;;
    srcline-sed) echo "report-srcline script-srcline" ;;
    *) echo "script report report-children" ;;
  esac
}
args_of() {  # command name, file -> perf arguments
  case $1 in
    script) echo "script -i $2" ;;
    report) echo "report --stdio --no-children -i $2" ;;
    report-children) echo "report --stdio -i $2" ;;
    diff) if [ "$2" = "$W/make-g.data" ]; then echo "diff $2 $W/syswide-g.data"; else echo "diff $W/make-g.data $2"; fi ;;
    annotate) echo "annotate --stdio --percent-limit 2 -i $2" ;;
    report-srcline) echo "report --stdio --no-children -s srcline -i $2" ;;
    script-srcline) echo "script -F +srcline -i $2" ;;
  esac
}
median() { sort -n | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# One timed run: "wall_seconds max_rss_kib cpu_seconds" of TOOL ARGS > /dev/null.
timed() {
  "$TIME" -f '%e %M %U %S' -o "$W/time.out" "$@" > /dev/null 2>&1
  awk '{printf "%s %s %.2f\n", $1, $2, $3 + $4}' "$W/time.out"
}
# Whether cperf and perf 7.2 print the same for ARGS: "identical" or where they first differ.
compare_outputs() {
  local r
  if r=$(cmp <("$CPERF" "$@" 2>/dev/null | grep -v '^# (Tip:') \
             <("$PERF7" "$@" 2>/dev/null | grep -v '^# (Tip:') 2>&1); then
    echo identical; return
  fi
  case $r in
    *EOF*line*) echo "differs (one output ends first, at line ${r##*line })" ;;
    *line*) echo "differs (from line ${r##*line })" ;;
    *) echo "differs ($r)" ;;
  esac
}
ratio() { echo "$1 / $2" | bc -l; }

have7=0; oracle_have_perf7 && have7=1
[ $have7 = 1 ] || echo "note: no perf 7.2 ($(oracle_why_not)); cperf only"
# GNU time runs a program, not a shell function: perf 7.2 through a wrapper script.
PERF7=$W/perf7
cat > "$PERF7" <<WRAP
#!/bin/sh
exec env PYTHONHOME="$ORACLE_SID/usr" "$_oracle_loader" --library-path "$ORACLE_SID/usr/lib/x86_64-linux-gnu:$ORACLE_SID/lib/x86_64-linux-gnu" --argv0 perf "$ORACLE_SID/usr/bin/perf" "\$@"
WRAP
chmod +x "$PERF7"

for f in $FILES; do record_profile "$f" || echo "$f: no recording"; done

spinner=
trap '[ -n "$spinner" ] && kill $spinner 2>/dev/null' EXIT
per_million=()  # rows of the second table
run_pass() {
  printf '%-11s %-16s %9s %9s %7s %9s %9s %6s %9s %9s %6s %s\n' file command cperf_s perf72_s \
    x_time cperf_cpu perf72_cpu x_cpu cperf_MiB perf72_MiB mem outputs
  local f c data samples same cw cm cc pw pm pc
  for f in $FILES; do
    data=$W/$f.data
    [ -s "$data" ] || continue
    samples=$("$CPERF" report --stats -i "$data" 2>/dev/null | awk '/SAMPLE events:/{print $3; exit}')
    echo "# $f: $(du -mL "$data" | cut -f1) MB, ${samples:-?} samples"
    for c in $(cmds_of "$f"); do
      [[ " $ONLY " == *" $c "* ]] || continue
      read -ra a <<< "$(args_of "$c" "$data")"
      same=n/a
      [ $have7 = 1 ] && same=$(compare_outputs "${a[@]}")
      : > "$W/c.t"; : > "$W/p.t"
      for _ in $(seq "$REPEAT"); do
        timed "$CPERF" "${a[@]}" >> "$W/c.t"
        [ $have7 = 1 ] && timed "$PERF7" "${a[@]}" >> "$W/p.t"
      done
      cw=$(cut -d' ' -f1 "$W/c.t" | median); cm=$(cut -d' ' -f2 "$W/c.t" | median)
      cc=$(cut -d' ' -f3 "$W/c.t" | median)
      pw=0 pm=0 pc=0
      if [ $have7 = 1 ]; then
        pw=$(cut -d' ' -f1 "$W/p.t" | median); pm=$(cut -d' ' -f2 "$W/p.t" | median)
        pc=$(cut -d' ' -f3 "$W/p.t" | median)
        printf '%-11s %-16s %9.2f %9.2f %6.2fx %9.2f %9.2f %5.2fx %9.0f %9.0f %6.2f %s\n' "$f" "$c" \
          "$cw" "$pw" "$(ratio "$pw" "$cw")" "$cc" "$pc" "$(ratio "$pc" "$cc")" \
          "$(ratio "$cm" 1024)" "$(ratio "$pm" 1024)" "$(ratio "$cm" "$pm")" "$same"
      else
        printf '%-11s %-16s %9.2f %9s %7s %9.2f %9s %6s %9.0f\n' "$f" "$c" "$cw" - - "$cc" - - \
          "$(ratio "$cm" 1024)"
      fi
      [[ " $SCALE_PAIR " == *" $f "* ]] && [ "${samples:-0}" -gt 0 ] && per_million+=("$f $c $samples $cw $cc $cm $pw $pc $pm")
    done
  done
}

# Per million samples: s/M and CPU s/M should stay flat from make-g to make-g-10m if the work
# is linear; peak MiB is the whole run's (flat for script, bounded by the histogram for report).
print_per_million() {
  [ ${#per_million[@]} -gt 0 ] || return 0
  echo "# per million samples (wall s/M, CPU s/M; peak RSS MiB and MiB/M)"
  printf '%-11s %-16s %8s %9s %9s %9s %9s %9s %9s %8s %8s\n' file command Msamples cperf_s/M \
    perf72_s/M cperf_cpu/M perf72_cpu/M cperf_MiB perf72_MiB c_MiB/M p_MiB/M
  local row f c n cw cc cm pw pc pm m
  for row in "${per_million[@]}"; do
    read -r f c n cw cc cm pw pc pm <<< "$row"
    m=$(ratio "$n" 1000000)
    printf '%-11s %-16s %8.2f %9.3f %9.3f %9.3f %9.3f %9.0f %9.0f %8.1f %8.1f\n' "$f" "$c" "$m" \
      "$(ratio "$cw" "$m")" "$(ratio "$pw" "$m")" "$(ratio "$cc" "$m")" "$(ratio "$pc" "$m")" \
      "$(ratio "$cm" 1024)" "$(ratio "$pm" 1024)" "$(ratio "$cm / 1024" "$m")" "$(ratio "$pm / 1024" "$m")"
  done
}

for busy in $BUSY; do
  per_million=()
  if [ "$busy" = 1 ]; then
    sh -c 'while :; do :; done' & spinner=$!
    echo "# one CPU kept busy (pid $spinner)"
  else
    echo "# idle (no load added)"
  fi
  run_pass
  print_per_million
  if [ -n "$spinner" ]; then kill "$spinner" 2>/dev/null; wait "$spinner" 2>/dev/null; spinner=; fi
done
