# Runs inside the VM (busybox sh, cwd /out) for kcore_test.sh: `record --kcore` by cperf (and by
# perf 7.2 as `perf7` when the VM has it), per task and CPU-wide, then both tools read every
# recording. The kcore copies (~20 MB each) stay here: only their headers, modes and checksums
# go back to the host.
uname -r > uname.txt
: > status.txt
run() {  # run NAME CMD...: NAME.out/NAME.err, a status line
  name=$1; shift
  "$@" > "$name.out" 2> "$name.err"
  echo "$? $name $*" >> status.txt
}
have7=0; command -v perf7 > /dev/null && have7=1
tools=cperf; [ $have7 = 1 ] && tools="cperf perf7"
# perf 7.2's own copy now and then fails here ("ERROR: Failed to copy kcore": seen in -a mode
# in about one run of three, in a VM where cperf had not run too): it is given five tries,
# cperf one.
record() {  # record NAME TOOL ARGS...
  name=$1 tool=$2; shift 2
  tries=1; [ $tool = perf7 ] && tries=5
  while :; do
    run $name $tool record "$@"
    tries=$((tries - 1))
    tail -1 status.txt | grep -q '^0 ' || [ $tries = 0 ] || { sed -i '$d' status.txt; continue; }
    break
  done
}
for t in $tools; do
  p=$(echo $t | cut -c1)  # c or p
  record $p.rec $t --kcore -e cpu-clock -F 999 -o $p.data /bench/deep 200
  record $p.rec-a $t --kcore -a -e cpu-clock -c 100000 -o ${p}a.data /bench/deep 100
done
for d in c p ca pa; do
  [ -d $d.data ] || continue
  ls -ln $d.data $d.data/kcore_dir | awk 'NF > 2 {print $1, $5, $NF}' > $d.layout
  head -c 4096 $d.data/kcore_dir/kcore > $d.kcore-head
  md5sum < $d.data/kcore_dir/kcore | cut -d' ' -f1 > $d.kcore-md5
  cmp -s $d.data/kcore_dir/kallsyms /proc/kallsyms && echo same > $d.kallsyms-cmp || echo differs > $d.kallsyms-cmp
  cmp -s $d.data/kcore_dir/modules /proc/modules && echo same > $d.modules-cmp || echo differs > $d.modules-cmp
  for t in $tools; do
    run $d.$t-evlist $t evlist -v -i $d.data
    run $d.$t-script $t script -i $d.data
    run $d.$t-skp $t script --show-kernel-path -F comm,tid,ip,sym,dso -i $d.data
    run $d.$t-report $t report --stdio -i $d.data
    run $d.$t-dump $t report -D -i $d.data
  done
done
exit 0
