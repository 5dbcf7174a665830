# Runs inside the VM (busybox sh, cwd /out) for defer_test.sh: records /bench/mt with deferred
# callchains, with cperf and (when the VM has it) upstream perf 7.2 as `perf7`, and reads every
# recording with both tools. It only produces files; defer_test.sh judges them on the host.
#   c.data   cperf record --call-graph fp,defer      (per-task, on the workload)
#   s.data   cperf record -a --call-graph fp,defer   (CPU-wide: a dummy:u tracking event)
#   p.data   perf7 record --call-graph fp,defer      (per-task, on the workload)
#   q.data   cperf record --call-graph fp,defer -o -  (pipe mode; read by `script` only)
# Outputs NAME.TOOL-script and NAME.TOOL-nomerge (--no-merge-callchains) for TOOL cperf/perf7,
# NAME.dump (cperf report -D), NAME.TOOL-evlist (evlist -v), NAME.perf7-header (perf 7.2's
# report --header-only -I, for c and p); each command's stderr in the same
# name + .err, its exit status in status.txt, its run time in times.txt.
WL="/bench/mt 4 40"
REC="--call-graph fp,defer -e cpu-clock -F 1000"
# Both tools read kernel symbols from a copy of kallsyms: cperf does not read the running
# kernel's by itself, and the kernel makes /proc/kallsyms up anew at each read (slow here).
cp /proc/kallsyms /tmp/kallsyms
K=--kallsyms=/tmp/kallsyms
have_perf7=0; command -v perf7 >/dev/null && have_perf7=1

run() {  # run OUTFILE CMD...: stdout to OUTFILE, stderr to OUTFILE.err
  out=$1; shift
  t0=$(cut -d' ' -f1 /proc/uptime)
  "$@" > "$out" 2> "$out.err"
  echo "$? $out $*" >> status.txt
  echo "$t0 $(cut -d' ' -f1 /proc/uptime) $out" >> times.txt
}
read_all() {  # read_all TOOL NAME...: script both ways, and evlist; only the workload's samples
  tool=$1; shift
  for n in "$@"; do
    run $n.$tool-script $tool script $K --comms mt -i $n.data
    [ $n = q ] && continue
    run $n.$tool-nomerge $tool script --no-merge-callchains $K --comms mt -i $n.data
    run $n.$tool-evlist $tool evlist -v -i $n.data
  done
}

uname -r > uname.txt
run c.record cperf record $REC -o c.data $WL
run s.record cperf record -a $REC -o s.data -- $WL  # CPU-wide: alone on the machine
run q.record sh -c "cperf record $REC -o - $WL > q.data"
for n in c s q; do run $n.dump cperf report -D -i $n.data; done
# Two lanes, one per virtual CPU: perf 7.2 records (its post-processing is slow here), then
# reads everything; meanwhile cperf reads its own files, then perf 7.2's once it is there.
if [ $have_perf7 = 1 ]; then
  (
    run p.record perf7 record $REC -o p.data $WL
    touch p.done
    run p.dump cperf report -D -i p.data
    # perf 7.2's view of the headers (cperf's file against its own; here the kernel has a
    # core PMU in sysfs, unlike the development machines).
    for n in c p; do run $n.perf7-header perf7 report --header-only -I -i $n.data; done
    read_all perf7 c s q p
  ) &
fi
read_all cperf c s q
if [ $have_perf7 = 1 ]; then
  while [ ! -e p.done ]; do sleep 0.2; done
  read_all cperf p
fi
wait
